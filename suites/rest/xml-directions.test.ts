/**
 * §4.5.1 × §4.5.2: every endpoint §4.5.2 lists, in every direction it has (spec/matrix/
 * representations.ts), one check per cell: the request sent in that direction, its answer judged
 * in the format asked for, and the write read back as JSON.
 */
import { describe, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import {
  creationJson,
  creationXml,
  updateXml,
  valuesJson,
  type ModelValue,
  type ModelValues,
} from '../../lib/kit/rest/artifact-values.ts';
import {
  getArtifact,
  givenArtifact,
  postArtifact,
  putArtifact,
  readArtifact,
  requireUpdateUnderstood,
  requireXmlUpdateUnderstood,
  xmlCreationReliesOn,
  uniqueText,
} from '../../lib/kit/rest/artifacts.ts';
import { tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { BrokenFeature, type Asked } from '../../lib/kit/rest/broken.ts';
import { XML_TYPE } from '../../lib/kit/rest/requests.ts';
import { discoverTracker, type TrackerModel } from '../../lib/kit/rest/tracker-model.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';
import {
  judgeJsonAnswer,
  judgeXmlAnswer,
  valuesDisagreement,
  type Shown,
  type Written,
} from '../../lib/kit/rest/xml-answers.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import {
  REPRESENTATION_CELLS,
  type Direction,
  type RepresentationCell,
} from '../../spec/matrix/representations.ts';
import type { HttpResponse } from '../../lib/kit/clients/http.ts';

const JSON_TYPE = 'application/json';

/** The request's headers per direction: Content-type for the body, Accept for the answer. */
const HEADERS: Record<Direction, Record<string, string>> = {
  'xml-in': { 'content-type': XML_TYPE, accept: JSON_TYPE },
  'xml-out': { accept: XML_TYPE },
  both: { 'content-type': XML_TYPE, accept: XML_TYPE },
};

const WORDS: Record<Direction, string> = {
  'xml-in': 'an XML body, the answer asked in JSON',
  'xml-out': 'a JSON body, the answer asked in XML',
  both: 'an XML body, the answer asked in XML',
};

/** The rules each cell judges: the write in XML where the body is XML, and the answer's format. */
function rulesOf({ endpoint, direction }: RepresentationCell): RequirementId[] {
  if (endpoint === 'GET /artifacts/<id>') return ['rest.xml.get'];
  const post = endpoint === 'POST /artifacts';
  const write: RequirementId[] = post
    ? ['rest.xml.post', 'rest.xml.request-root']
    : ['rest.xml.put'];
  const answer: RequirementId = post ? 'rest.xml.post-answer' : 'rest.xml.put-answer';
  if (direction === 'xml-in') return [...write, 'rest.xml.answer-follows-accept'];
  return direction === 'both' ? [...write, answer] : [answer];
}

/** The rule the answer's format breaks, named in the failure message. */
function answerRule({ endpoint, direction }: RepresentationCell): RequirementId {
  if (endpoint === 'GET /artifacts/<id>') return 'rest.xml.get';
  if (direction === 'xml-in') return 'rest.xml.answer-follows-accept';
  return endpoint === 'POST /artifacts' ? 'rest.xml.post-answer' : 'rest.xml.put-answer';
}

/**
 * What a write's effect relies on beside its own rule: the same write in JSON (§4.5.3: the XML
 * mirrors it), and for a PUT, sent without concurrency headers, that it is not checked (§4.4.4).
 */
function effectReliesOn({ endpoint }: RepresentationCell): RequirementId[] {
  if (endpoint === 'GET /artifacts/<id>') return ['rest.artifacts.create'];
  return endpoint === 'POST /artifacts'
    ? ['rest.artifacts.create']
    : ['rest.artifacts.update', 'rest.concurrency.no-header-overwrites'];
}

/** The rule of the write itself: the XML request where the body is XML, else the XML answer's. */
function writeRule(cell: RepresentationCell): RequirementId {
  if (cell.direction === 'xml-out') return answerRule(cell);
  return cell.endpoint === 'POST /artifacts' ? 'rest.xml.post' : 'rest.xml.put';
}

interface Setup {
  ctx: ConformanceContext;
  auth: Auth;
  tracker: TrackerModel;
  cell: RepresentationCell;
}

/** A text with XML's special characters, unique to the call, and bound values of the list field. */
function someValues(tracker: TrackerModel, label: string, pick: 'first' | 'last'): ModelValues {
  const ids = tracker.listField.valueIds;
  const one = pick === 'first' ? ids.slice(0, 1) : ids.slice(-1);
  return new Map<number, ModelValue>([
    [tracker.stringField.id, uniqueText(inject('runTag'), `${label} <&> "quoted" ]]>`)],
    [tracker.listField.id, tracker.listField.multiple && pick === 'first' ? ids.slice(0, 2) : one],
  ]);
}

/** The id a Location header ends in, when it has one (the created artifact's shape is not shown). */
function locationId(answer: HttpResponse): number | undefined {
  const id = /\/(\d+)\/?$/.exec(answer.headers['location'] ?? '')?.[1];
  return id === undefined ? undefined : Number(id);
}

/** The answer judged in the format its Accept asked for (a write's empty answer: observed). */
function judgeAnswer(answer: HttpResponse, s: Setup, asked: Asked, written: Written): Shown {
  if (answer.text.trim() === '' && !written.valuesRequired)
    s.ctx.observe(
      `${asked.what} answered ${answer.status} with no body (as the real system answers an update): no format to judge, the write is read back`,
    );
  return s.cell.direction === 'xml-in'
    ? judgeJsonAnswer(answer, asked, written)
    : judgeXmlAnswer(answer, asked, written);
}

/** GET /api/artifacts/<id> as JSON: the write took effect with the values sent. */
async function readBack(s: Setup, id: number, values: ModelValues, what: string) {
  const after = await readArtifact(s.ctx, s.auth, id);
  const wrong = valuesDisagreement(after.values, values);
  if (wrong)
    throw new BrokenFeature(
      `after ${what}, GET /api/artifacts/${id} as JSON ${wrong}: the write did not take effect (${writeRule(s.cell)})`,
      writeRule(s.cell),
      effectReliesOn(s.cell),
    );
}

async function judgeGet(s: Setup): Promise<void> {
  const values = someValues(s.tracker, 'xml get', 'first');
  const id = await givenArtifact(s.ctx, s.auth, s.tracker, values);
  const answer = await getArtifact(s.ctx, s.auth, id, { accept: XML_TYPE }, `/artifacts/${id}`);
  const asked = { what: `GET /artifacts/${id} with Accept: ${XML_TYPE}`, rule: 'rest.xml.get' };
  if (answer.status !== 200)
    throw new BrokenFeature(
      `${asked.what}: expected 200 with the artifact in XML, got ${answer.status} (rest.xml.get)`,
      'rest.xml.get',
    );
  judgeXmlAnswer(answer, asked, {
    rule: 'rest.xml.get',
    id,
    values,
    valuesRequired: true,
    reliesOn: effectReliesOn(s.cell),
  });
}

async function judgePost(s: Setup): Promise<void> {
  const { direction } = s.cell;
  const values = someValues(s.tracker, `xml post ${direction}`, 'first');
  const body =
    direction === 'xml-out'
      ? { json: creationJson(s.tracker.id, values) }
      : { text: creationXml(s.tracker.id, values) };
  const answer = await postArtifact(s.ctx, s.auth, body, HEADERS[direction]);
  const what = `POST /artifacts with ${WORDS[direction]}`;
  const located = locationId(answer);
  const shown = judgeAnswer(
    answer,
    s,
    { what, rule: answerRule(s.cell) },
    {
      rule: writeRule(s.cell),
      ...(located === undefined ? {} : { id: located }),
      values,
      valuesRequired: false,
      reliesOn: effectReliesOn(s.cell),
      ...(direction !== 'xml-out' &&
      (await xmlCreationReliesOn(s.ctx, s.auth, s.tracker.id, values, answer.status)).length > 0
        ? { bodyRule: 'rest.artifacts.creation-body' }
        : {}),
    },
  );
  const id = shown.id ?? located;
  if (id === undefined)
    throw new Unjudgeable(
      `could not judge: ${what} answered ${answer.status} with neither an id nor a Location ending in the id, so the created artifact cannot be read back (the shape of the created artifact is 'not shown'; rest.routes.shapes)`,
    );
  await readBack(s, id, values, what);
}

async function judgePut(s: Setup): Promise<void> {
  const { direction } = s.cell;
  const id = await givenArtifact(
    s.ctx,
    s.auth,
    s.tracker,
    someValues(s.tracker, `xml put ${direction} before`, 'last'),
  );
  const values = someValues(s.tracker, `xml put ${direction} after`, 'first');
  const body =
    direction === 'xml-out'
      ? { json: { values: valuesJson(values) } }
      : { text: updateXml(values) };
  const answer = await putArtifact(s.ctx, s.auth, id, body, HEADERS[direction]);
  const what = `PUT /artifacts/${id} with ${WORDS[direction]}`;
  // The update body is 'not shown' (§4.3), so neither is its XML mirror (§4.5.3).
  if (direction === 'xml-out') requireUpdateUnderstood(answer, what);
  else await requireXmlUpdateUnderstood(s.ctx, s.auth, id, values, answer, what, 'rest.xml.put');
  judgeAnswer(
    answer,
    s,
    { what, rule: answerRule(s.cell) },
    {
      rule: writeRule(s.cell),
      id,
      values,
      valuesRequired: false,
      reliesOn: effectReliesOn(s.cell),
    },
  );
  await readBack(s, id, values, what);
}

describe.concurrent('XML in every direction on the endpoints of §4.5.2', () => {
  for (const cell of REPRESENTATION_CELLS)
    conformanceTest(
      rulesOf(cell),
      cell.endpoint === 'GET /artifacts/<id>'
        ? `${cell.endpoint}, the answer asked in XML, must answer the artifact as application/xml`
        : `${cell.endpoint}, ${WORDS[cell.direction]}, must answer in the format asked and take effect (read back as JSON)`,
      async (ctx) => {
        const auth = await tokenFor(ctx, 'projectAdmin');
        const tracker = await discoverTracker(ctx, auth, inject('fixtures').publicProject.id);
        const s = { ctx, auth, tracker, cell };
        if (cell.endpoint === 'GET /artifacts/<id>') return judgeGet(s);
        return cell.endpoint === 'POST /artifacts' ? judgePost(s) : judgePut(s);
      },
      { cells: [cell.id] },
    );
});
