/**
 * Variants (`--variant NAME`, repeatable): other choices that the specification leaves open, each
 * one a correct implementation could make. Where planted faults (faults.ts) show that the suites
 * catch a wrong server, variants show that they accept a correct one that is not ours: the whole
 * run against each variant must exit 0 with no MUST failure and no harness error
 * (tests/variants.test.ts). Never on by default.
 */
export interface Variant {
  name: string;
  /** What the server does instead of the reference server's choice. */
  chooses: string;
  /** Why a correct implementation may do so: where the specification leaves it open. */
  because: string;
}

const variant = <N extends string>(name: N, chooses: string, because: string) => ({
  name,
  chooses,
  because,
});

export const VARIANTS = [
  variant(
    'chunked-bodies',
    'every answer is framed with Transfer-Encoding: chunked, never Content-Length',
    'HTTP/1.1 lets a server frame a body either way (RFC 9112 §6); the spec says nothing of framing',
  ),
  variant(
    'header-names-lowercase',
    'response header names are sent in lower case (etag, last-modified, x-pagination-size)',
    'header names are case-insensitive (RFC 9110 §5.1); §2.2 and §4.4 only name them',
  ),
  variant(
    'limit-max-10',
    'every paginated route defaults to 10 items and allows at most 10 (X-PAGINATION-LIMIT-MAX 10)',
    '§8: the page size is 10, 50 or 100 depending on the route, and X-PAGINATION-LIMIT-MAX reports it',
  ),
  variant(
    'artifact-query-limit-max-100',
    'the artifact query (GET and POST /trackers/<id>/artifacts) defaults to 100 items and allows 100',
    '§8: 10, 50 or 100 depending on the route (the real system later defaults to 100 there)',
  ),
  variant(
    'limit-over-max-400',
    'a limit above X-PAGINATION-LIMIT-MAX answers 400, not 406',
    '§8 only says the limit cannot exceed the maximum (the real system answers 400 in later releases)',
  ),
  variant(
    'limit-over-max-capped',
    'a limit above X-PAGINATION-LIMIT-MAX is served capped at the maximum (X-PAGINATION-LIMIT the maximum)',
    '§8 only says the limit cannot exceed the maximum; a capped page does not exceed it',
  ),
  variant(
    'collections-descending',
    'every collection is ordered newest first (by id, descending)',
    'the order of a collection is not shown (§4.3, §8)',
  ),
  variant(
    'projects-list-needs-auth',
    'GET /api/projects answers 401 without credentials (public projects stay readable by id)',
    '§5.2.1: some resources need authentication; which ones is not shown',
  ),
  variant(
    'rest-errors-plain-text',
    'REST errors answer a text/plain body (the reason phrase and the detail)',
    '§7.2: the shape of REST error payloads is not shown',
  ),
  variant(
    'rest-errors-problem-json',
    'REST errors answer RFC 9457 application/problem+json {type, title, status, detail}',
    '§7.2: the shape of REST error payloads is not shown',
  ),
  variant(
    'xml-root-result',
    'XML answers have the root element <result> (the real system writes <response>)',
    '§4.5 names the request root (request) only; the answer root is not shown',
  ),
  variant(
    'etag-unquoted',
    "the Etag is the last change's Unix time, unquoted; If-match must be that exact string (the real system's way)",
    '§4.4.1: a hash of the current version, its form not shown; §4.4.2: If-match sends back the value received',
  ),
  variant(
    'last-modified-iso8601',
    'Last-Modified is written in ISO 8601 and If-Unmodified-Since read in ISO 8601 only; another form is ignored',
    '§4.4.1: a timestamp, its form not shown (the real system wrote ISO 8601 until 2016)',
  ),
  variant(
    'artifact-routes-api-only',
    'the artifact routes are served under /api only: POST /api/artifacts, GET and PUT /api/artifacts/<id>',
    '§4.3 writes them with and without /api; whether they are the same routes is not shown',
  ),
  variant(
    'invalid-credentials-500',
    'invalid credentials (an unknown token, a wrong Basic password) answer 500; an expired token still 401',
    "§5.2.2 and §7.2: invalid credentials give a 'server error'; §5.2.5: an expired token gives 401",
  ),
] as const satisfies readonly Variant[];

/** The name of a variant: a typo in `variants.on(...)` is a compile error. */
export type VariantName = (typeof VARIANTS)[number]['name'];

export class UnknownVariant extends Error {}

export class Variants {
  private readonly active: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !VARIANTS.some((v) => v.name === n));
    if (unknown.length > 0)
      throw new UnknownVariant(
        `unknown variant ${unknown.join(', ')}; known: ${VARIANTS.map((v) => v.name).join(', ')}`,
      );
    this.active = new Set(names);
  }

  on(name: VariantName): boolean {
    return this.active.has(name);
  }

  get names(): readonly string[] {
    return [...this.active];
  }
}
