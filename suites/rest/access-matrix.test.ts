/**
 * §4.3 × §5.2 × §4.3 rule 2 × §7.2: the access matrix (spec/matrix/access.ts). One test per route
 * and project privacy judges the cell of every actor; a refusal is read back (it tells nothing of
 * a private project and changes nothing), and so is a success.
 */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/conformance-test.ts';
import type { HttpResponse } from '../../lib/clients/http.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import { actorAuths, asActor } from '../../lib/rest/access-actors.ts';
import {
  expectedRefusal,
  refusalAllowed,
  revealed,
  successAllowed,
} from '../../lib/rest/access-answers.ts';
import {
  artifactSceneOf,
  sceneOf,
  sceneQuery,
  trackerSceneOf,
  valuesOf,
  type ArtifactScene,
  type Scene,
  type TrackerScene,
} from '../../lib/rest/access-scene.ts';
import { creationJson, valuesJson } from '../../lib/rest/artifact-values.ts';
import {
  BODY_REFUSED,
  createdId,
  getArtifact,
  postArtifact,
  putArtifact,
  readArtifact,
  uniqueText,
} from '../../lib/rest/artifacts.ts';
import type { Auth } from '../../lib/rest/auth.ts';
import { excerpt } from '../../lib/rest/broken.ts';
import { readCollection } from '../../lib/rest/pages.ts';
import { apiPath } from '../../lib/rest/paths.ts';
import { get, is2xx, jsonOf, sendJson } from '../../lib/rest/requests.ts';
import { unreadableTracker } from '../../lib/rest/tracker-model.ts';
import { Unjudgeable } from '../../lib/rest/unjudgeable.ts';
import {
  ACCESS_CELLS,
  ACCESS_ROUTES,
  PRIVACIES,
  mustBeListed,
  type AccessCell,
  type AccessRoute,
  type Privacy,
} from '../../spec/matrix/access.ts';

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

function requirementsOf(route: AccessRoute, privacy: Privacy): RequirementId[] {
  const refusals: RequirementId[] =
    privacy === 'public'
      ? ['rest.auth.missing-401']
      : route === 'GET /api/projects'
        ? ['rest.projects.private-hidden']
        : ['rest.access.private-refused', 'rest.auth.missing-401', 'rest.errors.401'];
  return [
    ROUTE_RULE[route],
    ...refusals,
    'rest.auth.invalid-credentials-fail',
    'rest.access.open-choices',
  ];
}

/** The actor of an observation: the message's credentials for invalid ones, else the actor. */
function who(cell: AccessCell, what: string): string {
  return cell.actor === 'invalid-credentials'
    ? (/\(([^)]*)\)$/.exec(what)?.[1] ?? cell.actor)
    : cell.actor;
}

/**
 * What the cells with an open choice were seen to do, said once per test (rest.access.open-choices
 * and the refusal statuses): the judging functions observe per actor, the test says it in one line.
 */
function gathered(ctx: ConformanceContext): {
  ctx: ConformanceContext;
  flush(heading: string): void;
} {
  const seen: string[] = [];
  return {
    ctx: { ...ctx, observe: (observation) => seen.push(observation) },
    flush: (heading) => {
      if (seen.length > 0) ctx.observe(`${heading}: ${seen.join('; ')}`);
    },
  };
}

/** A verdict of one cell, with its message in the domain's words. */
function verdict(ok: boolean, message: string): void {
  expect.soft(ok, message).toBe(true);
}

/** A read route as the cells see it: the request, and what a success must hold. */
interface ReadProbe {
  /** 'GET /api/trackers/12', for messages. */
  what: string;
  /** What a success answers: 'the tracker'. */
  resource: string;
  send(auth: Auth): Promise<HttpResponse>;
  /** Why a success does not answer the resource; undefined when it does. */
  holds(answer: HttpResponse, auth: Auth): Promise<string | undefined> | string | undefined;
}

function projectProbe(ctx: ConformanceContext, scene: Scene): ReadProbe {
  const path = `/api/projects/${scene.project.id}`;
  return {
    what: `GET ${path}`,
    resource: 'the project',
    send: (auth) => get(ctx, path, auth),
    holds: (answer) => {
      const id = (jsonOf(answer) as { id?: unknown } | null)?.id;
      return id === scene.project.id ? undefined : `the answer is not project ${scene.project.id}`;
    },
  };
}

function trackersProbe(ctx: ConformanceContext, scene: TrackerScene): ReadProbe {
  const path = `/api/projects/${scene.project.id}/trackers`;
  return {
    what: `GET ${path}`,
    resource: 'the trackers',
    send: (auth) => get(ctx, path, auth),
    holds: async (_, auth) => {
      const what = `GET ${path} as ${auth.label}`;
      const { items } = await readCollection<{ id?: unknown }>(
        ctx.http,
        { path, headers: auth.headers },
        { what, rule: 'rest.projects.trackers' },
        false,
      );
      return items.some((t) => t.id === scene.tracker.id)
        ? undefined
        : `tracker ${scene.tracker.id} of the project is not in the collection`;
    },
  };
}

function trackerProbe(ctx: ConformanceContext, scene: TrackerScene): ReadProbe {
  const path = apiPath(scene.tracker.uri);
  return {
    what: `GET ${path}`,
    resource: 'the tracker',
    send: (auth) => get(ctx, path, auth),
    holds: (answer) => {
      const body = jsonOf(answer);
      // The tracker representation is 'not shown': an id member is the real system's way.
      const unreadable = unreadableTracker(body);
      if (unreadable)
        throw new Unjudgeable(`could not judge which tracker ${path} answered: ${unreadable}`);
      return (body as { id: unknown }).id === scene.tracker.id
        ? undefined
        : `the answer is not tracker ${scene.tracker.id}`;
    },
  };
}

function queryProbe(ctx: ConformanceContext, scene: ArtifactScene): ReadProbe {
  const path = `${apiPath(scene.tracker.uri)}/artifacts`;
  const query = sceneQuery(scene);
  return {
    what: `POST ${path} ${JSON.stringify(query)}`,
    resource: 'the matching artifacts',
    send: (auth) => sendJson(ctx, 'POST', path, auth, query),
    holds: async (_, auth) => {
      const { items } = await readCollection<{ id?: unknown }>(
        ctx.http,
        { method: 'POST', path, headers: auth.headers, json: query },
        { what: `POST ${path} as ${auth.label}`, rule: 'rest.query.route' },
        true,
      );
      return items.some((a) => a.id === scene.artifact.id)
        ? undefined
        : `artifact ${scene.artifact.id}, which holds the value the query asks for, is not among the matches`;
    },
  };
}

function artifactProbe(ctx: ConformanceContext, scene: ArtifactScene): ReadProbe {
  const { id } = scene.artifact;
  return {
    what: `GET /api/artifacts/${id}`,
    resource: 'the artifact',
    send: (auth) => getArtifact(ctx, auth, id),
    holds: (answer) => {
      const body = jsonOf(answer) as { id?: unknown } | null | undefined;
      // The representation is 'not shown': an id member is the real system's way to say which.
      if (typeof body !== 'object' || body === null || !('id' in body))
        throw new Unjudgeable(
          `could not judge which artifact GET /api/artifacts/${id} answered: no id member (rest.artifacts.representation); ${excerpt(answer)}`,
        );
      return body.id === id ? undefined : `the answer is not artifact ${id}`;
    },
  };
}

/** What the status of a refusal says of the cell; a refusal of a private project is read for leaks. */
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
    refusalAllowed(cell.expects, answer.status),
    `${what}: expected ${wanted}, got ${answer.status} (${excerpt(answer)})`,
  );
  if (cell.privacy === 'private') {
    const leak = revealed(answer, scene.secrets);
    verdict(leak === undefined, `${what}: the refusal tells of the private project: ${leak}`);
  }
  if (cell.expects !== 'served') ctx.observe(`${who(cell, what)} → ${answer.status}`);
}

/** A success where the class allows none. */
function judgeUnwantedSuccess(
  cell: AccessCell,
  answer: HttpResponse,
  what: string,
  resource: string,
) {
  verdict(
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
    if (!judgeUnwantedSuccess(cell, answer, what, probe.resource)) continue;
    const problem = await probe.holds(answer, auth);
    verdict(problem === undefined, `${what}: answered ${answer.status}, but ${problem}`);
    if (cell.expects !== 'served') ctx.observe(`${who(cell, what)} → ${answer.status} (served)`);
  }
}

/** GET /api/projects: the cell's privacy names the project looked for in the list. */
async function judgeList(ctx: ConformanceContext, scene: Scene, cell: AccessCell) {
  const { id } = scene.project;
  for (const auth of await actorAuths(ctx, cell.actor)) {
    const what = `GET /api/projects ${asActor(cell.actor, cell.privacy, auth)}`;
    const answer = await get(ctx, '/api/projects', auth);
    if (!is2xx(answer.status)) {
      // The list itself tells nothing of one project: a refusal is read for its status only.
      judgeRefusal(
        ctx,
        { ...scene, secrets: [] },
        { ...cell, privacy: 'public' },
        answer,
        what,
        'the list',
      );
      continue;
    }
    if (!judgeUnwantedSuccess(cell, answer, what, 'the list')) continue;
    const { items } = await readCollection<{ id?: unknown }>(
      ctx.http,
      { path: '/api/projects', headers: auth.headers },
      { what, rule: 'rest.projects.list' },
      true,
    );
    const listed = items.some((p) => p.id === id);
    if (cell.expects === 'hidden') verdict(!listed, `${what}: the private project ${id} is listed`);
    else if (mustBeListed(cell.actor))
      verdict(listed, `${what}: the ${cell.privacy} project ${id} is not listed`);
    else ctx.observe(`${who(cell, what)}: ${listed ? '' : 'not '}listed`);
  }
}

/** The ids the scene's query matches, read as the project admin across every page. */
async function matchingIds(ctx: ConformanceContext, scene: TrackerScene): Promise<Set<number>> {
  const path = `${apiPath(scene.tracker.uri)}/artifacts`;
  const { items } = await readCollection<{ id?: unknown }>(
    ctx.http,
    { method: 'POST', path, headers: scene.reader.headers, json: sceneQuery(scene) },
    { what: `POST ${path} as the project admin`, rule: 'rest.query.route' },
    true,
  );
  return new Set(items.map((a) => a.id).filter(Number.isInteger) as number[]);
}

/** A created artifact, read back by the project admin: it holds the text sent. */
async function createdReadBack(
  ctx: ConformanceContext,
  scene: Scene,
  answer: HttpResponse,
  text: string,
  what: string,
) {
  const id = createdId(answer);
  if (id === undefined)
    throw new Unjudgeable(
      `could not judge: ${what} answered ${answer.status} with neither an id member nor a Location ending in the id (rest.routes.shapes); ${excerpt(answer)}`,
    );
  const read = await readArtifact(ctx, scene.reader, id);
  const field = (scene as TrackerScene).tracker.stringField.id;
  verdict(
    read.values.get(field) === text,
    `${what}: answered ${answer.status}, but artifact ${id} reads back "${String(read.values.get(field))}", not "${text}"`,
  );
}

/**
 * POST /artifacts: the cells that may be refused first, between two readings of the tracker's
 * matching artifacts (nothing refused may appear there), then the cells that must be served.
 */
async function judgeCreate(ctx: ConformanceContext, scene: TrackerScene, cells: AccessCell[]) {
  const before = await matchingIds(ctx, scene);
  const refused: Array<{ text: string; what: string }> = [];
  const ordered = [
    ...cells.filter((c) => c.expects !== 'served'),
    ...cells.filter((c) => c.expects === 'served'),
  ];
  let judgedRefusals = false;
  for (const cell of ordered) {
    if (cell.expects === 'served' && !judgedRefusals) {
      await judgeNothingCreated(ctx, scene, before, refused);
      judgedRefusals = true;
    }
    for (const auth of await actorAuths(ctx, cell.actor)) {
      const what = `POST /artifacts into tracker ${scene.tracker.id} ${asActor(cell.actor, cell.privacy, auth)}`;
      const text = uniqueText(inject('runTag'), `access ${cell.actor}`);
      const json = creationJson(scene.tracker.id, valuesOf(scene, text));
      const answer = await postArtifact(ctx, auth, { json });
      if (!is2xx(answer.status)) {
        if (cell.expects === 'served' && BODY_REFUSED.has(answer.status))
          throw new Unjudgeable(
            `could not judge: ${what} answered ${answer.status}: the creation body was not understood; ${excerpt(answer)}`,
          );
        judgeRefusal(ctx, scene, cell, answer, what, 'the artifact created');
        refused.push({ text, what });
        continue;
      }
      if (!judgeUnwantedSuccess(cell, answer, what, 'the artifact created')) continue;
      await createdReadBack(ctx, scene, answer, text, what);
      if (cell.expects !== 'served') ctx.observe(`${who(cell, what)} → ${answer.status} (created)`);
    }
  }
  if (!judgedRefusals) await judgeNothingCreated(ctx, scene, before, refused);
}

async function judgeNothingCreated(
  ctx: ConformanceContext,
  scene: TrackerScene,
  before: Set<number>,
  refused: ReadonlyArray<{ text: string; what: string }>,
) {
  const after = await matchingIds(ctx, scene);
  for (const id of [...after].filter((id) => !before.has(id))) {
    const value = (await readArtifact(ctx, scene.reader, id)).values.get(
      scene.tracker.stringField.id,
    );
    const culprit = refused.find((r) => r.text === value);
    verdict(
      culprit === undefined,
      `${culprit?.what}: refused, yet artifact ${id} was created with its value "${culprit?.text}"`,
    );
  }
}

/** PUT /artifacts/<id>: each attempt read back by the project admin, the refused ones first. */
async function judgeUpdate(ctx: ConformanceContext, scene: ArtifactScene, cells: AccessCell[]) {
  const { id } = scene.artifact;
  const field = scene.tracker.stringField.id;
  const ordered = [
    ...cells.filter((c) => c.expects !== 'served'),
    ...cells.filter((c) => c.expects === 'served'),
  ];
  for (const cell of ordered)
    for (const auth of await actorAuths(ctx, cell.actor)) {
      const what = `PUT /artifacts/${id} ${asActor(cell.actor, cell.privacy, auth)}`;
      const before = await readArtifact(ctx, scene.reader, id);
      const text = uniqueText(inject('runTag'), `access update ${cell.actor}`);
      const json = { values: valuesJson(new Map([[field, text]])) };
      const answer = await putArtifact(ctx, auth, id, { json });
      const after = () => readArtifact(ctx, scene.reader, id);
      if (!is2xx(answer.status)) {
        if (cell.expects === 'served' && BODY_REFUSED.has(answer.status))
          throw new Unjudgeable(
            `could not judge: ${what} with the real system's update body answered ${answer.status}; the update body is 'not shown' (rest.artifacts.update-body); ${excerpt(answer)}`,
          );
        judgeRefusal(ctx, scene, cell, answer, what, 'the artifact updated');
        const now = await after();
        verdict(
          now.values.get(field) === before.values.get(field) && now.etag === before.etag,
          `${what}: refused with ${answer.status}, yet the artifact changed (string field "${String(before.values.get(field))}" → "${String(now.values.get(field))}", Etag ${before.etag} → ${now.etag})`,
        );
        continue;
      }
      if (!judgeUnwantedSuccess(cell, answer, what, 'the artifact updated')) continue;
      const read = (await after()).values.get(field);
      verdict(
        read === text,
        `${what}: answered ${answer.status}, but the string field reads back "${String(read)}", not "${text}"`,
      );
      if (cell.expects !== 'served') ctx.observe(`${who(cell, what)} → ${answer.status} (updated)`);
    }
}

async function judgeRoute(
  ctx: ConformanceContext,
  route: AccessRoute,
  privacy: Privacy,
  cells: AccessCell[],
) {
  switch (route) {
    case 'GET /api/projects': {
      const scene = await sceneOf(ctx, privacy);
      for (const cell of cells) await judgeList(ctx, scene, cell);
      return;
    }
    case 'GET /api/projects/<id>': {
      const scene = await sceneOf(ctx, privacy);
      for (const cell of cells) await judgeRead(ctx, scene, projectProbe(ctx, scene), cell);
      return;
    }
    case 'GET /api/projects/<id>/trackers':
    case 'GET /api/trackers/<id>': {
      const scene = await trackerSceneOf(ctx, privacy);
      const probe =
        route === 'GET /api/trackers/<id>' ? trackerProbe(ctx, scene) : trackersProbe(ctx, scene);
      for (const cell of cells) await judgeRead(ctx, scene, probe, cell);
      return;
    }
    case 'POST /api/trackers/<id>/artifacts':
    case 'GET /api/artifacts/<id>': {
      const scene = await artifactSceneOf(ctx, privacy);
      const probe =
        route === 'GET /api/artifacts/<id>' ? artifactProbe(ctx, scene) : queryProbe(ctx, scene);
      for (const cell of cells) await judgeRead(ctx, scene, probe, cell);
      return;
    }
    case 'POST /artifacts':
      return judgeCreate(ctx, await trackerSceneOf(ctx, privacy), cells);
    case 'PUT /artifacts/<id>':
      return judgeUpdate(ctx, await artifactSceneOf(ctx, privacy), cells);
  }
}

/** "served to member, project-admin; 401 to anonymous; …", from the cells' classes. */
function summary(cells: readonly AccessCell[]): string {
  const byClass = new Map<string, string[]>();
  for (const cell of cells)
    byClass.set(cell.expects, [...(byClass.get(cell.expects) ?? []), cell.actor]);
  return [...byClass].map(([expects, actors]) => `${expects} to ${actors.join(', ')}`).join('; ');
}

describe('access: every route × actor × project privacy (§4.3, §5.2, §7.2)', () => {
  for (const route of ACCESS_ROUTES)
    for (const privacy of PRIVACIES) {
      const cells = ACCESS_CELLS.filter((c) => c.route === route && c.privacy === privacy);
      conformanceTest(
        requirementsOf(route, privacy),
        `${route} of a ${privacy} project must answer each actor as the spec says: ${summary(cells)}`,
        async (ctx) => {
          const observing = gathered(ctx);
          try {
            await judgeRoute(observing.ctx, route, privacy, cells);
          } finally {
            observing.flush(`${route} of the ${privacy} project`);
          }
        },
        { cells: cells.map((c) => c.id) },
      );
    }
});
