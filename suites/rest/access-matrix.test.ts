/**
 * §4.3 × §5.2 × §4.3 rule 2 × §7.2: the access matrix (spec/matrix/access.ts), one test per cell:
 * a route of §4.3 asked by one actor about a project of one privacy. A refusal is read back (it
 * tells nothing of a private project and changes nothing), and so is a success.
 */
import { describe, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import type { HttpResponse } from '../../lib/kit/clients/http.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import { actorAuths, asActor } from '../../lib/kit/rest/access-actors.ts';
import {
  expectedRefusal,
  refusalAllowed,
  revealed,
  successAllowed,
} from '../../lib/kit/rest/access-answers.ts';
import {
  artifactProbe,
  matchingIds,
  projectProbe,
  queryProbe,
  trackerProbe,
  trackersProbe,
  type ReadProbe,
} from '../../lib/kit/rest/access-probes.ts';
import {
  artifactSceneOf,
  sceneOf,
  trackerSceneOf,
  valuesOf,
  type ArtifactScene,
  type Scene,
  type TrackerScene,
} from '../../lib/kit/rest/access-scene.ts';
import { creationJson, valuesJson } from '../../lib/kit/rest/artifact-values.ts';
import {
  BODY_REFUSED,
  createdId,
  postArtifact,
  putArtifact,
  readArtifact,
  uniqueText,
} from '../../lib/kit/rest/artifacts.ts';
import { BrokenFeature, excerpt } from '../../lib/kit/rest/broken.ts';
import { readCollection } from '../../lib/kit/rest/pages.ts';
import { get, is2xx } from '../../lib/kit/rest/requests.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';
import {
  ACCESS_CELLS,
  ACCESS_ROUTES,
  accessCellId,
  mustBeListed,
  type AccessCell,
  type AccessRoute,
} from '../../spec/matrix/access.ts';
import { memberOf } from '../../lib/kit/fixtures/membership.ts';

/** The rule that states what serving the route is. */
const ROUTE_RULE: Record<AccessRoute, RequirementId> = {
  'GET /api/projects': 'rest.projects.list',
  'GET /api/projects/<id>': 'rest.discovery.links',
  'GET /api/projects/<id>/trackers': 'rest.projects.trackers',
  'GET /api/trackers/<id>': 'rest.trackers.get',
  'POST /api/trackers/<id>/artifacts': 'rest.query.route',
  'GET /api/artifacts/<id>': 'rest.artifacts.get',
  'POST /artifacts': 'rest.artifacts.create',
  'PUT /artifacts/<id>': 'rest.artifacts.update',
};

/**
 * The requirements one cell judges: a cell fails only the rules its own answers break. What the
 * spec leaves open in a cell (the status of a refusal, whether an open cell is served, whether a
 * project a caller need not see is listed) is observed there, and compared with the real system's
 * choices by the INFO test below (rest.access.open-choices).
 */
function requirementsOf(cell: AccessCell): RequirementId[] {
  const route = ROUTE_RULE[cell.route];
  switch (cell.expects) {
    case 'served':
      return [route];
    case 'served-or-401':
      return ['rest.auth.missing-401', route];
    case '401':
      return ['rest.auth.missing-401', 'rest.errors.401', 'rest.access.private-refused'];
    case 'refused':
      return ['rest.access.private-refused'];
    case 'not-a-success':
      return cell.privacy === 'private' && cell.route !== 'GET /api/projects'
        ? ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused']
        : ['rest.auth.invalid-credentials-fail'];
    case 'open':
      return [route];
    case 'hidden':
      return ['rest.projects.private-hidden'];
  }
}

/** The rules a wrong status breaks: a refusal where the cell wants a success, or the reverse. */
function statusRules(cell: AccessCell, status?: number): RequirementId[] {
  if (cell.expects !== 'served-or-401') return requirementsOf(cell);
  // A server error is no refusal: the route is broken (§7.2), whoever asks.
  return status !== undefined && status >= 500
    ? [ROUTE_RULE[cell.route]]
    : ['rest.auth.missing-401'];
}

/** The rule that what a refusal tells, or changes, breaks. */
function refusalRules(cell: AccessCell): RequirementId[] {
  const all = requirementsOf(cell);
  return all.includes('rest.access.private-refused')
    ? ['rest.access.private-refused']
    : statusRules(cell);
}

/**
 * What a refusal's status relies on beside the cell's rules: a creation body not understood is
 * §2.2's rule, judged on its own (suites/rest/artifacts); a PUT, sent without concurrency headers,
 * refused as a conflict is §4.4.4's (it must not be checked).
 */
function refusalReliesOn(cell: AccessCell, status: number): RequirementId[] {
  if (cell.route === 'POST /artifacts' && BODY_REFUSED.has(status))
    return ['rest.artifacts.creation-body'];
  if (cell.route === 'PUT /artifacts/<id>' && (status === 412 || status === 428))
    return ['rest.concurrency.no-header-overwrites'];
  return [];
}

/**
 * A verdict of one cell on `rules`, with its message in the domain's words (lib/kit/judging.ts:
 * a failed verdict fails those rules alone, or is blocked by a rule its oracle relies on).
 */
function verdict(
  ctx: ConformanceContext,
  rules: readonly RequirementId[],
  ok: boolean,
  message: string,
  reliesOn: readonly RequirementId[] = [],
): void {
  ctx.judging(rules, { reliesOn });
  ctx.expect.soft(ok, message).toBe(true);
}

/** A refusal: its status must be one the class allows; of a private project it tells nothing. */
function judgeRefusal(
  ctx: ConformanceContext,
  scene: Scene,
  cell: AccessCell,
  answer: HttpResponse,
  what: string,
  resource: string,
): void {
  const wanted = cell.expects === 'served' ? resource : expectedRefusal(cell.expects);
  verdict(
    ctx,
    statusRules(cell, answer.status),
    refusalAllowed(cell.expects, answer.status),
    `${what}: expected ${wanted}, got ${answer.status} (${excerpt(answer)})`,
    // A creation body not understood is §2.2's rule, judged on its own (suites/rest/artifacts).
    refusalReliesOn(cell, answer.status),
  );
  if (cell.privacy === 'private' && scene.secrets.length > 0) {
    const leak = revealed(answer, scene.secrets);
    verdict(
      ctx,
      refusalRules(cell),
      leak === undefined,
      `${what}: the refusal tells of the private project: ${leak}`,
    );
  }
  if (cell.expects !== 'served') ctx.observe(`${what} → ${answer.status}`);
}

/** A success: false (and a failed verdict) where the class allows none. */
function successWanted(
  ctx: ConformanceContext,
  cell: AccessCell,
  answer: HttpResponse,
  what: string,
  resource: string,
) {
  verdict(
    ctx,
    statusRules(cell),
    successAllowed(cell.expects),
    `${what}: expected ${expectedRefusal(cell.expects)}, got ${answer.status} with ${resource}`,
  );
  return successAllowed(cell.expects);
}

async function judgeRead(
  ctx: ConformanceContext,
  scene: Scene,
  probe: ReadProbe,
  cell: AccessCell,
) {
  for (const auth of await actorAuths(ctx, cell.actor)) {
    const what = `${probe.what} ${asActor(cell.actor, cell.privacy, auth)}`;
    const answer = await probe.send(auth);
    if (!is2xx(answer.status)) {
      judgeRefusal(ctx, scene, cell, answer, what, probe.resource);
      continue;
    }
    if (!successWanted(ctx, cell, answer, what, probe.resource)) continue;
    const route = ROUTE_RULE[cell.route];
    ctx.judging(route, { reliesOn: probe.reliesOn ?? [] });
    const problem = await probe.holds(answer, auth);
    verdict(
      ctx,
      [route],
      problem === undefined,
      `${what}: answered ${answer.status}, but ${problem}`,
      probe.reliesOn,
    );
    if (cell.expects !== 'served') ctx.observe(`${what} → ${answer.status} (served)`);
  }
}

/** GET /api/projects: the cell's privacy names the project looked for in the list. */
async function judgeList(ctx: ConformanceContext, scene: Scene, cell: AccessCell) {
  const { id } = scene.project;
  for (const auth of await actorAuths(ctx, cell.actor)) {
    const what = `GET /api/projects ${asActor(cell.actor, cell.privacy, auth)}`;
    const answer = await get(ctx, '/api/projects', auth);
    if (!is2xx(answer.status)) {
      // The list tells of no one project: a refusal is judged by its status alone.
      judgeRefusal(ctx, { ...scene, secrets: [] }, cell, answer, what, 'the list');
      continue;
    }
    if (!successWanted(ctx, cell, answer, what, 'the list')) continue;
    const { items } = await readCollection<{ id?: unknown }>(
      ctx.http,
      { path: '/api/projects', headers: auth.headers },
      { what, rule: 'rest.projects.list' },
      true,
    );
    const listed = items.some((p) => p.id === id);
    if (cell.expects === 'hidden')
      verdict(ctx, requirementsOf(cell), !listed, `${what}: the private project ${id} is listed`);
    else if (mustBeListed(cell.actor))
      verdict(
        ctx,
        ['rest.projects.list'],
        listed,
        `${what}: the ${cell.privacy} project ${id} is not listed`,
      );
    else ctx.observe(`${what}: the ${cell.privacy} project ${id} is ${listed ? '' : 'not '}listed`);
  }
}

/** A created artifact, read back by the project admin: it holds the text sent. */
async function createdReadBack(
  ctx: ConformanceContext,
  scene: TrackerScene,
  answer: HttpResponse,
  text: string,
  what: string,
) {
  const id = createdId(answer);
  if (id === undefined)
    throw new Unjudgeable(
      `could not judge: ${what} answered ${answer.status} with neither an id member nor a Location ending in the id (rest.routes.shapes); ${excerpt(answer)}`,
    );
  const read = (await readArtifact(ctx, await scene.reader(), id)).values.get(
    scene.tracker.stringField.id,
  );
  verdict(
    ctx,
    ['rest.artifacts.create'],
    read === text,
    `${what}: answered ${answer.status}, but artifact ${id} reads back "${String(read)}", not "${text}"`,
    ['rest.artifacts.get'],
  );
}

/**
 * POST /artifacts: an attempt that may be refused is made between two readings of the tracker's
 * matching artifacts (what was refused must not appear there); a success is read back.
 */
async function judgeCreate(ctx: ConformanceContext, scene: TrackerScene, cell: AccessCell) {
  const before = cell.expects === 'served' ? undefined : await matchingIds(ctx, scene);
  const refused: Array<{ text: string; what: string }> = [];
  for (const auth of await actorAuths(ctx, cell.actor)) {
    const what = `POST /artifacts into tracker ${scene.tracker.id} ${asActor(cell.actor, cell.privacy, auth)}`;
    const text = uniqueText(inject('runTag'), `access ${cell.actor}`);
    const json = creationJson(scene.tracker.id, valuesOf(scene, text));
    const answer = await postArtifact(ctx, auth, { json });
    if (!is2xx(answer.status)) {
      // §2.2 states the creation body: not understood, it is that rule's failure, once.
      if (cell.expects === 'served' && BODY_REFUSED.has(answer.status))
        throw new BrokenFeature(
          `${what} answered ${answer.status}: the creation body of §2.2 was not understood; ${excerpt(answer)}`,
          'rest.artifacts.creation-body',
        );
      judgeRefusal(ctx, scene, cell, answer, what, 'the artifact created');
      refused.push({ text, what });
      continue;
    }
    if (!successWanted(ctx, cell, answer, what, 'the artifact created')) continue;
    await createdReadBack(ctx, scene, answer, text, what);
    if (cell.expects !== 'served') ctx.observe(`${what} → ${answer.status} (created)`);
  }
  if (before && refused.length > 0) await judgeNothingCreated(ctx, scene, cell, before, refused);
}

/** No artifact that appeared since `before` holds a value whose creation was refused. */
async function judgeNothingCreated(
  ctx: ConformanceContext,
  scene: TrackerScene,
  cell: AccessCell,
  before: Set<number>,
  refused: ReadonlyArray<{ text: string; what: string }>,
) {
  const after = await matchingIds(ctx, scene);
  for (const id of [...after].filter((id) => !before.has(id))) {
    const read = await readArtifact(ctx, await scene.reader(), id);
    const value = read.values.get(scene.tracker.stringField.id);
    const culprit = refused.find((r) => r.text === value);
    verdict(
      ctx,
      refusalRules(cell),
      culprit === undefined,
      `${culprit?.what}: refused, yet artifact ${id} was created with its value "${culprit?.text}"`,
    );
  }
}

/** PUT /artifacts/<id> on the test's own artifact: each attempt read back by the project admin. */
async function judgeUpdate(ctx: ConformanceContext, scene: ArtifactScene, cell: AccessCell) {
  const { id } = scene.artifact;
  const field = scene.tracker.stringField.id;
  for (const auth of await actorAuths(ctx, cell.actor)) {
    const what = `PUT /artifacts/${id} ${asActor(cell.actor, cell.privacy, auth)}`;
    const before = await readArtifact(ctx, await scene.reader(), id);
    const text = uniqueText(inject('runTag'), `access update ${cell.actor}`);
    const json = { values: valuesJson(new Map([[field, text]])) };
    const answer = await putArtifact(ctx, auth, id, { json });
    if (!is2xx(answer.status)) {
      if (cell.expects === 'served' && BODY_REFUSED.has(answer.status))
        throw new Unjudgeable(
          `could not judge: ${what} with the real system's update body answered ${answer.status}; the update body is 'not shown' (rest.artifacts.update-body); ${excerpt(answer)}`,
        );
      judgeRefusal(ctx, scene, cell, answer, what, 'the artifact updated');
      const now = await readArtifact(ctx, await scene.reader(), id);
      verdict(
        ctx,
        refusalRules(cell),
        now.values.get(field) === before.values.get(field) && now.etag === before.etag,
        `${what}: refused with ${answer.status}, yet the artifact changed (string field "${String(before.values.get(field))}" → "${String(now.values.get(field))}", Etag ${before.etag} → ${now.etag})`,
      );
      continue;
    }
    if (!successWanted(ctx, cell, answer, what, 'the artifact updated')) continue;
    const read = (await readArtifact(ctx, await scene.reader(), id)).values.get(field);
    verdict(
      ctx,
      ['rest.artifacts.update'],
      read === text,
      `${what}: answered ${answer.status}, but the string field reads back "${String(read)}", not "${text}"`,
      ['rest.artifacts.get'],
    );
    if (cell.expects !== 'served') ctx.observe(`${what} → ${answer.status} (updated)`);
  }
}

async function judgeCell(ctx: ConformanceContext, cell: AccessCell) {
  const { privacy } = cell;
  // A member who is none (the provisioning's addProjectMember was not applied) is the SOAP rule's
  // failure, once: the cell is blocked on it, not failed.
  if (cell.actor === 'member')
    await memberOf(ctx, privacy === 'public' ? 'publicProject' : 'privateProject');
  switch (cell.route) {
    case 'GET /api/projects':
      return judgeList(ctx, await sceneOf(ctx, privacy), cell);
    case 'GET /api/projects/<id>': {
      const scene = await sceneOf(ctx, privacy);
      return judgeRead(ctx, scene, projectProbe(ctx, scene), cell);
    }
    case 'GET /api/projects/<id>/trackers': {
      const scene = await trackerSceneOf(ctx, privacy);
      return judgeRead(ctx, scene, trackersProbe(ctx, scene), cell);
    }
    case 'GET /api/trackers/<id>': {
      const scene = await trackerSceneOf(ctx, privacy);
      return judgeRead(ctx, scene, trackerProbe(ctx, scene), cell);
    }
    case 'POST /api/trackers/<id>/artifacts': {
      const scene = await artifactSceneOf(ctx, privacy);
      return judgeRead(ctx, scene, queryProbe(ctx, scene), cell);
    }
    case 'GET /api/artifacts/<id>': {
      const scene = await artifactSceneOf(ctx, privacy);
      return judgeRead(ctx, scene, artifactProbe(ctx, scene), cell);
    }
    case 'POST /artifacts':
      return judgeCreate(ctx, await trackerSceneOf(ctx, privacy), cell);
    case 'PUT /artifacts/<id>':
      return judgeUpdate(ctx, await artifactSceneOf(ctx, privacy, true), cell);
  }
}

const MUST: Record<AccessCell['expects'], string> = {
  served: 'must be served',
  'served-or-401': 'must be served, or answer 401',
  '401': 'must answer 401, telling nothing and changing nothing',
  refused: 'must be refused (401, 403 or 404), telling nothing and changing nothing',
  'not-a-success': 'must not succeed',
  open: 'must be served or refused, never a server error',
  hidden: 'must not list the private project',
};

const AS: Record<AccessCell['actor'], string> = {
  anonymous: 'without credentials',
  'invalid-credentials': 'with invalid credentials',
  outsider: 'by a user outside it',
  member: 'by a member',
  'project-admin': 'by its admin',
  'site-admin': 'by a site admin outside it',
};

/**
 * The real system's choice in an open cell: the status it answers (docs/real-system.md, "Who may
 * read").
 */
const REAL_SYSTEM: ReadonlyArray<{ cell: string; status: number }> = [
  { cell: accessCellId('GET /api/trackers/<id>', 'anonymous', 'public'), status: 200 },
  { cell: accessCellId('GET /api/artifacts/<id>', 'anonymous', 'public'), status: 200 },
  { cell: accessCellId('GET /api/artifacts/<id>', 'outsider', 'public'), status: 200 },
  { cell: accessCellId('GET /api/projects/<id>', 'outsider', 'private'), status: 403 },
  { cell: accessCellId('GET /api/artifacts/<id>', 'outsider', 'private'), status: 403 },
  { cell: accessCellId('GET /api/artifacts/<id>', 'site-admin', 'private'), status: 200 },
];

// Side by side: each cell reads the shared projects, or changes an artifact of its own, or creates
// one whose text is its own (judgeNothingCreated looks only for its own texts).
describe.concurrent('access: every route × actor × project privacy (§4.3, §5.2, §7.2)', () => {
  conformanceTest(
    ['rest.access.open-choices'],
    "where the spec leaves the answer open, the target's choice is observed against the real system's (public readable by all, a private project 403 to an outsider, a site admin served)",
    async (ctx) => {
      for (const { cell: id, status } of REAL_SYSTEM) {
        const cell = ACCESS_CELLS.find((c) => c.id === id)!;
        const [auth] = await actorAuths(ctx, cell.actor);
        const scene = await artifactSceneOf(ctx, cell.privacy);
        const probe =
          cell.route === 'GET /api/trackers/<id>'
            ? trackerProbe(ctx, scene)
            : cell.route === 'GET /api/projects/<id>'
              ? projectProbe(ctx, scene)
              : artifactProbe(ctx, scene);
        const answer = await probe.send(auth!);
        const what = `${probe.what} ${asActor(cell.actor, cell.privacy, auth!)}`;
        ctx.expect.soft(answer.status, `${what} (the real system: ${status})`).toBe(status);
      }
    },
  );

  for (const route of ACCESS_ROUTES)
    describe(route, () => {
      for (const cell of ACCESS_CELLS.filter((c) => c.route === route))
        conformanceTest(
          requirementsOf(cell),
          `${route} of a ${cell.privacy} project ${AS[cell.actor]} ${MUST[cell.expects]}`,
          (ctx) => judgeCell(ctx, cell),
          { cells: [cell.id] },
        );
    });
});
