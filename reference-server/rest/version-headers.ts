/**
 * An artifact's version on the wire (§4.4): the Etag and Last-Modified it is answered with
 * (§4.4.1), and the If-match and If-Unmodified-Since of a request read as the domain's
 * precondition (§4.4.2). The variants write and read them in their forms here, at the edge.
 */
import { etagOf, lastModifiedOf, type Artifact, type Precondition } from '../domain/artifacts.ts';
import type { RestContext } from './context.ts';
import { isoDate } from './representations.ts';

export function versionHeaders(ctx: RestContext, artifact: Artifact): Record<string, string> {
  return { Etag: shownEtag(ctx, artifact), 'Last-Modified': shownLastModified(ctx, artifact) };
}

/** Variant etag-unquoted: the real system's Etag, the last change's Unix time, unquoted. */
function shownEtag(ctx: RestContext, artifact: Artifact): string {
  return ctx.state.variants.on('etag-unquoted')
    ? String(artifact.lastModified / 1000)
    : etagOf(artifact);
}

function shownLastModified(ctx: RestContext, artifact: Artifact): string {
  if (ctx.state.variants.on('last-modified-iso8601')) return isoDate(artifact.lastModified);
  return lastModifiedOf(artifact);
}

/**
 * The request's preconditions in the domain's terms (§4.4.2). The variants read the headers their
 * way at this edge: an unquoted timestamp Etag compared as a string; If-Unmodified-Since read in
 * ISO 8601 only, another form ignored (as RFC 9110 §13.1.4 ignores a date it cannot read).
 */
export function preconditionOf(ctx: RestContext, artifact: Artifact): Precondition {
  let { ifMatch, ifUnmodifiedSince } = {
    ...optionalHeader(ctx, 'if-match', 'ifMatch'),
    ...optionalHeader(ctx, 'if-unmodified-since', 'ifUnmodifiedSince'),
  };
  if (ifMatch !== undefined && ctx.state.variants.on('etag-unquoted'))
    ifMatch = ifMatch === shownEtag(ctx, artifact) ? etagOf(artifact) : '"no-such-version"';
  if (ifUnmodifiedSince !== undefined && ctx.state.variants.on('last-modified-iso8601')) {
    const time = /^\d{4}-\d{2}-\d{2}T/.test(ifUnmodifiedSince.trim())
      ? Date.parse(ifUnmodifiedSince)
      : Number.NaN;
    ifUnmodifiedSince = Number.isNaN(time) ? undefined : new Date(time).toUTCString();
  }
  return {
    ...(ifMatch === undefined ? {} : { ifMatch }),
    ...(ifUnmodifiedSince === undefined ? {} : { ifUnmodifiedSince }),
  };
}

function optionalHeader<K extends string>(
  ctx: RestContext,
  name: string,
  key: K,
): Partial<Record<K, string>> {
  const value = ctx.req.headers[name];
  if (value === undefined) return {};
  return { [key]: Array.isArray(value) ? value.join(', ') : value } as Partial<Record<K, string>>;
}
