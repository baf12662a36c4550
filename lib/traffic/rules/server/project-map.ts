/**
 * Which project a tracker or an artifact belongs to, as the traffic's own answers told it: a
 * project's tracker list, a tracker, an artifact (its project and tracker), an artifact created in
 * a tracker. Bounded: the rules that ask keep only recent ids.
 */
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';

const IDS_KEPT = 20_000;

export class ProjectMap {
  readonly #trackers = new BoundedMap<number, number>(IDS_KEPT);
  readonly #artifacts = new BoundedMap<number, number>(IDS_KEPT);
  /** An artifact whose project is not known yet, by its tracker. */
  readonly #artifactTrackers = new BoundedMap<number, number>(IDS_KEPT);

  /** Learns from a 2xx JSON answer. */
  learn(view: ExchangeView): void {
    const route = view.rest;
    const status = view.exchange.status;
    if (!route || status === undefined || status < 200 || status >= 300) return;
    const json = view.responseJson();
    if (!('value' in json)) return;
    const body = json.value;
    if (view.method === 'GET' && route.shape === '/projects/<id>/trackers' && Array.isArray(body))
      for (const item of body) {
        const id = idOf(item);
        if (id !== undefined) this.#trackers.set(id, route.ids[0]!);
      }
    else if (view.method === 'GET' && route.shape === '/trackers/<id>') {
      const project = idOf(member(body, 'project'));
      if (project !== undefined) this.#trackers.set(route.ids[0]!, project);
    } else if (view.method === 'GET' && route.shape === '/artifacts/<id>') {
      const project = idOf(member(body, 'project'));
      const tracker = idOf(member(body, 'tracker'));
      if (project !== undefined) this.#artifacts.set(route.ids[0]!, project);
      if (project !== undefined && tracker !== undefined) this.#trackers.set(tracker, project);
    } else if (route.shape === '/trackers/<id>/artifacts' && Array.isArray(body)) {
      for (const item of body) {
        const id = idOf(item);
        if (id !== undefined) this.#artifactTrackers.set(id, route.ids[0]!);
      }
    } else if (view.method === 'POST' && route.shape === '/artifacts') {
      const id = idOf(body);
      const tracker = trackerOfCreation(view);
      if (id !== undefined && tracker !== undefined) this.#artifactTrackers.set(id, tracker);
    }
  }

  /** The project a request is about, when the path or the traffic so far tells it. */
  projectOf(view: ExchangeView): number | undefined {
    const route = view.rest;
    if (!route) return undefined;
    switch (route.shape) {
      case '/projects/<id>':
      case '/projects/<id>/trackers':
        return route.ids[0];
      case '/trackers/<id>':
      case '/trackers/<id>/artifacts':
        return this.#trackers.get(route.ids[0]!);
      case '/artifacts/<id>': {
        const id = route.ids[0]!;
        const project = this.#artifacts.get(id);
        if (project !== undefined) return project;
        const tracker = this.#artifactTrackers.get(id);
        return tracker === undefined ? undefined : this.#trackers.get(tracker);
      }
      case '/artifacts': {
        const tracker = view.method === 'POST' ? trackerOfCreation(view) : undefined;
        return tracker === undefined ? undefined : this.#trackers.get(tracker);
      }
      default:
        return undefined;
    }
  }
}

function member(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function idOf(value: unknown): number | undefined {
  const id = member(value, 'id');
  if (typeof id === 'number' && Number.isInteger(id)) return id;
  return typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
}

/** The tracker of a JSON creation body ({tracker: {id}}). */
function trackerOfCreation(view: ExchangeView): number | undefined {
  const json = view.requestJson();
  return 'value' in json ? idOf(member(json.value, 'tracker')) : undefined;
}
