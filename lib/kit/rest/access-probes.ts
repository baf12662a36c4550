/**
 * The read routes of the access matrix (spec/matrix/access.ts) as its checks send them, each with
 * what a success must answer: the resource of the scene (lib/kit/rest/access-scene.ts), found by id.
 */
import type { RequirementId } from '../../requirements/index.ts';
import type { HttpResponse } from '../clients/http.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import type { ArtifactScene, Scene, TrackerScene } from './access-scene.ts';
import { sceneQuery } from './access-scene.ts';
import { getArtifact } from './artifacts.ts';
import type { Auth } from './auth.ts';
import { excerpt } from './broken.ts';
import { readCollection } from './pages.ts';
import { apiPath } from './paths.ts';
import { get, jsonOf, sendJson } from './requests.ts';
import { unreadableTracker } from './tracker-model.ts';
import { Unjudgeable } from './unjudgeable.ts';

export interface ReadProbe {
  /** 'GET /api/trackers/12', for messages. */
  what: string;
  /** What a success answers: 'the tracker'. */
  resource: string;
  send(auth: Auth): Promise<HttpResponse>;
  /** Why a success does not answer the resource; undefined when it does. */
  holds(answer: HttpResponse, auth: Auth): Promise<string | undefined> | string | undefined;
  /** The rules `holds`'s oracle relies on beside the route's own (lib/kit/judging.ts). */
  reliesOn?: readonly RequirementId[];
}

export function projectProbe(ctx: ConformanceContext, scene: Scene): ReadProbe {
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

/** GET /api/projects/<id>/trackers as §4.3 writes it; every page of a success is read. */
export function trackersProbe(ctx: ConformanceContext, scene: TrackerScene): ReadProbe {
  const path = `/api/projects/${scene.project.id}/trackers`;
  return {
    what: `GET ${path}`,
    resource: 'the trackers',
    send: (auth) => get(ctx, path, auth),
    holds: async (_, auth) => {
      const { items } = await readCollection<{ id?: unknown }>(
        ctx.http,
        { path, headers: auth.headers },
        { what: `GET ${path} as ${auth.label}`, rule: 'rest.projects.trackers' },
        false,
      );
      unreadableIds(items, `GET ${path}`, 'rest.trackers.representation');
      return items.some((t) => t.id === scene.tracker.id)
        ? undefined
        : `tracker ${scene.tracker.id} of the project is not in the collection`;
    },
  };
}

export function trackerProbe(ctx: ConformanceContext, scene: TrackerScene): ReadProbe {
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

/** The artifact query selecting the scene's bound value; a success must list the scene's artifact. */
export function queryProbe(ctx: ConformanceContext, scene: ArtifactScene): ReadProbe {
  const path = `${apiPath(scene.tracker.uri)}/artifacts`;
  const query = sceneQuery(scene);
  return {
    what: `POST ${path} ${JSON.stringify(query)}`,
    resource: 'the matching artifacts',
    // The scene's artifact matches only if its creation kept the list value the query names.
    reliesOn: ['rest.artifacts.create', 'rest.query.contains'],
    send: (auth) => sendJson(ctx, 'POST', path, auth, query),
    holds: async (_, auth) => {
      const { items } = await readCollection<{ id?: unknown }>(
        ctx.http,
        { method: 'POST', path, headers: auth.headers, json: query },
        { what: `POST ${path} as ${auth.label}`, rule: 'rest.query.route' },
        true,
      );
      unreadableIds(items, `POST ${path}`, 'rest.artifacts.representation');
      return items.some((a) => a.id === scene.artifact.id)
        ? undefined
        : `artifact ${scene.artifact.id}, which holds the value the query asks for, is not among the matches`;
    },
  };
}

export function artifactProbe(ctx: ConformanceContext, scene: ArtifactScene): ReadProbe {
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

/** Items without an integer id: their representation is 'not shown', so no verdict on which. */
function unreadableIds(items: ReadonlyArray<{ id?: unknown }>, what: string, rule: string): void {
  if (items.some((item) => !Number.isInteger(item?.id)))
    throw new Unjudgeable(
      `could not judge which items ${what} answered: an item has no integer id (the representation is 'not shown'; ${rule})`,
    );
}

/** The ids the scene's query matches, read as the project admin across every page. */
export async function matchingIds(
  ctx: ConformanceContext,
  scene: TrackerScene,
): Promise<Set<number>> {
  const path = `${apiPath(scene.tracker.uri)}/artifacts`;
  const { items } = await readCollection<{ id?: unknown }>(
    ctx.http,
    { method: 'POST', path, headers: (await scene.reader()).headers, json: sceneQuery(scene) },
    { what: `POST ${path} as the project admin`, rule: 'rest.query.route' },
    true,
  );
  return new Set(items.map((a) => a.id).filter(Number.isInteger) as number[]);
}
