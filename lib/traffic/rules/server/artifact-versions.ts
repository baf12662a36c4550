/**
 * What the traffic proves about the versions of one artifact (§4.4): the Etag and Last-Modified
 * that answers showed, which Etags a later version has replaced, and the writes that may have
 * changed it. Versions never come back, and an Etag names one version (§4.4 rule 1, "hash of the
 * current artifact version"): an Etag shown by an answer that ended before another answer began
 * to show a different one is replaced from the end of that other answer on. An update that changes
 * nothing may keep its Etag (the real system's): an equal Etag proves nothing either way.
 */
import type { TrafficExchange } from '../../exchange.ts';
import { timestampOf } from '../../../kit/rest/http-dates.ts';
import { BoundedMap } from '../../bounded-map.ts';

/** Etags kept per artifact (seen, replaced): the few last versions are what clients send back. */
const ETAGS_KEPT = 16;

export interface Shown {
  etag?: string;
  lastModified?: string;
  exchange: TrafficExchange;
}

export class ArtifactVersions {
  /** Etag → the latest end of an answer that showed it. */
  readonly #seen = new BoundedMap<string, number>(ETAGS_KEPT);
  /** Etag → the answer that proved it replaced (from its end on). */
  readonly #replaced = new BoundedMap<string, TrafficExchange>(ETAGS_KEPT);
  /** The answer that began last among those that showed a version. */
  #freshest: Shown | undefined;
  /** The newest Last-Modified shown, as a time. */
  #newestDate: { ms: number; shown: Shown } | undefined;
  /** The last write that may have changed the artifact (a 2xx PUT or POST, or one unanswered). */
  #lastWrite: TrafficExchange | undefined;

  /** An answer showed the artifact's version (its Etag and Last-Modified headers). */
  show(shown: Shown): void {
    const { etag, exchange } = shown;
    if (etag !== undefined) {
      for (const [other, end] of this.#seen.entries())
        if (other !== etag && end <= exchange.startedMs && !this.#replaced.get(other))
          this.#replaced.set(other, exchange);
      this.#seen.set(etag, Math.max(this.#seen.get(etag) ?? 0, exchange.endedMs));
    }
    if (!this.#freshest || exchange.startedMs >= this.#freshest.exchange.startedMs)
      this.#freshest = shown;
    const ms = shown.lastModified === undefined ? undefined : timestampOf(shown.lastModified);
    if (ms !== undefined && (!this.#newestDate || ms > this.#newestDate.ms))
      this.#newestDate = { ms, shown };
  }

  /** A write that may have changed the artifact. */
  wrote(exchange: TrafficExchange): void {
    if (!this.#lastWrite || exchange.endedMs >= this.#lastWrite.endedMs) this.#lastWrite = exchange;
  }

  /** The answer proving `etag` replaced before `atMs`, or undefined. */
  replacedBefore(etag: string, atMs: number): TrafficExchange | undefined {
    const proof = this.#replaced.get(etag);
    return proof && proof.endedMs <= atMs ? proof : undefined;
  }

  /**
   * The version that is provably current when a request begins at `atMs`: the last shown, by an
   * answer that ended before, with no write that may have changed it since it was shown.
   */
  currentAt(atMs: number): Shown | undefined {
    const shown = this.#freshest;
    if (!shown || shown.exchange.endedMs > atMs) return undefined;
    const write = this.#lastWrite;
    if (write && write !== shown.exchange && write.endedMs > shown.exchange.startedMs)
      return undefined;
    return shown;
  }

  /** The newest Last-Modified shown by an answer that ended before `atMs`. */
  newestDateBefore(atMs: number): { ms: number; shown: Shown } | undefined {
    const newest = this.#newestDate;
    return newest && newest.shown.exchange.endedMs <= atMs ? newest : undefined;
  }
}

/** The written form of a date: the If-Unmodified-Since a server reads is in its own form. */
export function dateForm(value: string): 'unix' | 'iso' | 'http' {
  const text = value.trim();
  if (/^\d+$/.test(text)) return 'unix';
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return 'iso';
  return 'http';
}
