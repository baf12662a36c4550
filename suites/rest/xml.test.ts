/** §4.5, §9.2: XML in and out on the three artifact routes, as properties over random values. */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { ConformanceFailure } from '../../lib/kit/conformance-failure.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import {
  bindIdsAreItems,
  creationXml,
  normalised,
  readValuesJson,
  readValuesXml,
  updateXml,
  type ModelValue,
} from '../../lib/kit/rest/artifact-values.ts';
import {
  createdId,
  getArtifact,
  givenArtifact,
  postArtifact,
  putArtifact,
  requireXmlUpdateUnderstood,
  xmlCreationReliesOn,
} from '../../lib/kit/rest/artifacts.ts';
import { tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { lanes, spreadProperty } from '../../lib/kit/property-spread.ts';
import { get, is2xx, jsonOf, XML_TYPE } from '../../lib/kit/rest/requests.ts';
import { discoverTracker, type TrackerModel } from '../../lib/kit/rest/tracker-model.ts';
import { parseXml } from '../../lib/kit/xml/tree.ts';
import type { HttpResponse } from '../../lib/kit/clients/http.ts';
import { excerpt } from '../../lib/kit/rest/broken.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';

const XML_OUT = { accept: XML_TYPE };
const XML_IN = { 'content-type': XML_TYPE };

/** Texts XML 1.0 can carry, with its special characters; no CR (XML normalises line ends) and no
 * leading or trailing space (whether a server trims is not the XML rule under test). */
const text = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom('<', '>', '&', '"', "'", ']]>', '&amp;', ' ', '\n', 'é', '漢', '😀'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    minLength: 1,
    maxLength: 40,
  })
  // eslint-disable-next-line no-control-regex
  .filter((s) => !/[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/.test(s) && s.trim() === s && s !== '');

function valuesArbitrary(tracker: TrackerModel): fc.Arbitrary<Map<number, ModelValue>> {
  const list = tracker.listField;
  const ids: fc.Arbitrary<number[]> = list.multiple
    ? fc.subarray(list.valueIds)
    : fc.constantFrom(undefined, ...list.valueIds).map((id) => (id === undefined ? [] : [id]));
  return fc.tuple(text, ids).map(
    ([summary, bound]) =>
      new Map<number, ModelValue>([
        [tracker.stringField.id, summary],
        [list.id, bound],
      ]),
  );
}

async function setup(ctx: ConformanceContext) {
  const auth = await tokenFor(ctx, 'projectAdmin');
  return { auth, tracker: await discoverTracker(ctx, auth, inject('fixtures').publicProject.id) };
}

/**
 * The id in an XML answer to POST: the root's id child (the output root name is not stated), else
 * Location (the created artifact's shape is 'not shown'; an empty body is read through Location).
 */
function createdXmlId(answer: HttpResponse): number | undefined {
  let id: string | undefined;
  try {
    id = parseXml(answer.text).children.find((c) => c.name === 'id')?.text;
  } catch {
    id = undefined;
  }
  return id !== undefined && /^\d+$/.test(id.trim()) ? Number(id) : createdId(answer);
}

/** GET /artifacts/<id> as §4.5.2 writes it, as XML; and the JSON representation. */
async function readBoth(ctx: ConformanceContext, auth: Auth, id: number) {
  const xml = await getArtifact(ctx, auth, id, XML_OUT, `/artifacts/${id}`);
  const json = await getArtifact(ctx, auth, id);
  return { xml, json };
}

/**
 * A check of `rule`, relying on `reliesOn` (lib/kit/judging.ts): thrown as data, so that the
 * property's lanes, which run side by side, each name their own rule.
 */
function check(
  ok: boolean,
  message: string,
  rule: RequirementId | readonly RequirementId[],
  reliesOn: readonly RequirementId[] = [],
): void {
  if (!ok) throw new ConformanceFailure(message, 'true', 'false', rule, reliesOn);
}

/** Values that hold an array were written with <item> elements (§4.5.4). */
const ITEMS: RequirementId[] = ['rest.xml.item-arrays'];

function expectValues(
  actual: Map<number, ModelValue>,
  sent: Map<number, ModelValue>,
  what: string,
  rule: RequirementId,
  reliesOn: readonly RequirementId[],
) {
  for (const [field, value] of normalised(sent)) {
    const expected = Array.isArray(value) && value.length === 0 ? [undefined, []] : [value];
    const got = actual.get(field);
    check(
      expected.some((e) => JSON.stringify(e) === JSON.stringify(got)),
      `${what}: field ${field} reads back ${JSON.stringify(got)}, sent ${JSON.stringify(value)}`,
      rule,
      Array.isArray(value) ? [...reliesOn, ...ITEMS] : reliesOn,
    );
  }
}

describe.concurrent('XML (§4.5)', () => {
  conformanceTest(
    ['rest.xml.post', 'rest.xml.request-root', 'rest.xml.get', 'rest.versioning.xml-since-7-11'],
    'random values POSTed as a <request> document must read back the same as XML and as JSON',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      // Each run creates an artifact of its own: the runs spread over concurrent lanes
      // (lib/kit/property-spread.ts), three chains of requests instead of one.
      await spreadProperty(
        lanes(3),
        propertyRun(15),
        () =>
          fc.asyncProperty(valuesArbitrary(tracker), async (values) => {
            const created = await postArtifact(
              ctx,
              auth,
              { text: creationXml(tracker.id, values) },
              { ...XML_IN, ...XML_OUT },
            );
            // The request side: a <request> document (§4.5.3) accepted by POST (§4.5.2).
            check(
              is2xx(created.status),
              `POST /artifacts as a <request> document answered ${created.status}: ${excerpt(created)}`,
              ['rest.xml.post', 'rest.xml.request-root'],
              // Not understood: the JSON body it mirrors (§4.5.3) is §2.2's, judged on its own.
              await xmlCreationReliesOn(ctx, auth, tracker.id, values, created.status),
            );
            const id = createdXmlId(created);
            // The id is read from the XML answer, or from Location: the answer's format is
            // rest.xml.post-answer's rule (suites/rest/xml-directions.test.ts).
            check(
              id !== undefined,
              `POST /artifacts as XML answered ${created.status} with neither an XML id element nor a Location ending in the id`,
              'rest.xml.post',
              ['rest.xml.post-answer'],
            );
            const { xml, json } = await readBoth(ctx, auth, id!);
            check(
              xml.status === 200,
              `GET /artifacts/${id} with Accept: application/xml answered ${xml.status}`,
              'rest.xml.get',
            );
            check(
              /^application\/xml/.test(xml.headers['content-type'] ?? ''),
              `GET /artifacts/${id} with Accept: application/xml answered Content-Type ${xml.headers['content-type'] ?? '(none)'}`,
              'rest.xml.get',
            );
            // What was created is read back as JSON: the XML answer agrees with it.
            const asJson = readValuesJson(jsonOf(json));
            expectValues(asJson, values, 'as JSON', 'rest.xml.post', [
              'rest.artifacts.get',
              'rest.artifacts.create',
            ]);
            expectValues(readValuesXml(xml.text), values, 'as XML', 'rest.xml.get', [
              'rest.xml.post',
            ]);
          }),
        (lane) => `lane ${lane}`,
      );
    },
  );

  conformanceTest(
    ['rest.xml.put'],
    'random values PUT as a <request> document must update the artifact (read back as JSON)',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      // An artifact per share, each PUT and read back on its own: three chains of requests
      // instead of one (lib/kit/property-spread.ts).
      const ids = await Promise.all(
        lanes(3).map((lane) =>
          givenArtifact(ctx, auth, tracker, new Map([[tracker.stringField.id, `xml put ${lane}`]])),
        ),
      );
      await spreadProperty(
        ids,
        propertyRun(10),
        (id) =>
          fc.asyncProperty(valuesArbitrary(tracker), async (values) => {
            const answer = await putArtifact(ctx, auth, id, { text: updateXml(values) }, XML_IN);
            // The update body is 'not shown' (§4.3), so neither is its XML mirror (§4.5.3).
            await requireXmlUpdateUnderstood(
              ctx,
              auth,
              id,
              values,
              answer,
              `PUT /artifacts/${id} as XML`,
              'rest.xml.put',
            );
            // Sent without concurrency headers: not checked (§4.4.4); in JSON, an update (§4.3).
            const update: RequirementId[] = [
              'rest.artifacts.update',
              'rest.concurrency.no-header-overwrites',
            ];
            check(
              is2xx(answer.status),
              `PUT /artifacts/${id} as XML answered ${answer.status}`,
              'rest.xml.put',
              update,
            );
            const { json } = await readBoth(ctx, auth, id);
            expectValues(
              readValuesJson(jsonOf(json)),
              values,
              'after the XML PUT',
              'rest.xml.put',
              ['rest.artifacts.get', ...update],
            );
          }),
        (id) => `artifact ${id}`,
      );
    },
  );

  conformanceTest(
    ['rest.xml.item-arrays'],
    'every array element must be an item element: values and bind_value_ids, in and out',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const list = tracker.listField;
      const bound = list.multiple ? list.valueIds.slice(0, 2) : list.valueIds.slice(0, 1);
      const values = new Map<number, ModelValue>([
        [tracker.stringField.id, 'items'],
        [list.id, bound],
      ]);
      const created = await postArtifact(
        ctx,
        auth,
        { text: creationXml(tracker.id, values) },
        { ...XML_IN, ...XML_OUT },
      );
      check(
        is2xx(created.status),
        `POST /artifacts with item arrays answered ${created.status}: ${excerpt(created)}`,
        'rest.xml.item-arrays',
        [
          'rest.xml.post',
          ...(await xmlCreationReliesOn(ctx, auth, tracker.id, values, created.status)),
        ],
      );
      const id = createdXmlId(created);
      check(
        id !== undefined,
        `POST /artifacts as XML answered ${created.status} with neither an XML id element nor a Location ending in the id`,
        'rest.xml.post',
      );
      const xml = await getArtifact(ctx, auth, id!, XML_OUT, `/artifacts/${id}`);
      // The output side is read through GET in XML: that route's own rule first.
      check(
        xml.status === 200 && /^application\/xml/.test(xml.headers['content-type'] ?? ''),
        `GET /artifacts/${id} with Accept: application/xml answered ${xml.status} ${xml.headers['content-type'] ?? '(no Content-Type)'}`,
        'rest.xml.get',
      );
      const root = parseXml(xml.text);
      const listed = root.children.find((c) => c.name === 'values');
      // Which element holds the values is 'not shown'; the real system's is <values>.
      if (!listed)
        throw new Unjudgeable(
          `could not judge: the XML artifact has no <values> under its root (the representation is 'not shown'; rest.artifacts.representation); ${excerpt(xml)}`,
        );
      const entries = listed.children;
      expect(entries.length, 'values has entries').toBeGreaterThan(0);
      expect(
        entries.every((e) => e.name === 'item'),
        `each entry of values is an <item>: ${entries.map((e) => e.name).join(', ')}`,
      ).toBe(true);
      expect(bindIdsAreItems(xml.text), 'each integer of bind_value_ids is an <item>').toBe(true);
    },
  );

  conformanceTest(
    ['rest.xml.other-endpoints'],
    'XML on the other endpoints is observed (GET /api/projects with Accept: application/xml)',
    async (ctx) => {
      const answer = await get(ctx, '/api/projects', await tokenFor(ctx, 'projectMember'), XML_OUT);
      ctx.observe(
        `GET /api/projects with Accept: application/xml → ${answer.status} ${answer.headers['content-type'] ?? ''}`,
      );
      expect(answer.status, 'the reference decision: 406').toBe(406);
    },
  );
});
