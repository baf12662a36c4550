/**
 * The versions the server gave for each artifact, as the traffic shows them: the Etag and
 * Last-Modified of every successful answer about one artifact (GET, PUT /artifacts/<id> and the
 * POST /artifacts that created it, §4.4.1). A client may echo any of them: an older one is a
 * stale precondition, which the server refuses with 412, not a value it never gave.
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap, remember } from '../../bounded-map.ts';
import { evidence, isHidden, succeeded } from './request-facts.ts';

const ARTIFACTS_KEPT = 5_000;
/** Versions remembered per artifact, the newest. */
const VERSIONS_KEPT = 16;

export interface ArtifactVersions {
  etags: string[];
  lastModified: string[];
  /** The last answer that gave one. */
  exchange: TrafficExchange;
}

export class ArtifactVersionLog {
  readonly #artifacts = new BoundedMap<number, ArtifactVersions>(ARTIFACTS_KEPT);

  get(id: number): ArtifactVersions | undefined {
    return this.#artifacts.get(id);
  }

  /** Records what the answer gave, if it is a successful answer about one artifact. */
  learn(view: ExchangeView): void {
    if (!succeeded(view)) return;
    const id = artifactIdOf(view);
    if (id === undefined) return;
    const etag = view.responseHeader('etag')?.trim();
    const lastModified = view.responseHeader('last-modified')?.trim();
    if (etag === undefined && lastModified === undefined) return;
    const known = this.#artifacts.get(id) ?? { etags: [], lastModified: [] };
    this.#artifacts.set(id, {
      etags:
        etag === undefined || isHidden(etag)
          ? known.etags
          : remember(known.etags, etag, VERSIONS_KEPT),
      lastModified:
        lastModified === undefined
          ? known.lastModified
          : remember(known.lastModified, lastModified, VERSIONS_KEPT),
      exchange: evidence(view.exchange),
    });
  }
}

/** The artifact an exchange is about: the id in /artifacts/<id>, or the one POST /artifacts made. */
export function artifactIdOf(view: ExchangeView): number | undefined {
  const route = view.rest;
  if (route?.shape === '/artifacts/<id>') return route.ids[0];
  if (route?.shape !== '/artifacts' || view.method !== 'POST') return undefined;
  const location = view.responseHeader('location');
  const fromLocation = location === undefined ? undefined : /\/artifacts\/(\d+)\/?$/.exec(location);
  if (fromLocation) return Number(fromLocation[1]);
  const body = view.responseJson();
  if ('problem' in body || body.value === null || typeof body.value !== 'object') return undefined;
  const id = (body.value as Record<string, unknown>)['id'];
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}
