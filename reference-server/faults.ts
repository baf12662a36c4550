/**
 * Planted faults (`--fault NAME`, repeatable): single-rule deviations that turn the reference
 * server into a known-broken implementation, so that the suites are shown to catch each one
 * (tests/self-validation.test.ts). Each names the requirement(s) whose check must fail and the
 * suite files that hold those checks. Never on by default.
 */
export interface PlantedFault {
  name: string;
  /** The rule it breaks, in words. */
  breaks: string;
  /** Requirements that must fail when the fault is planted (at least one of them). */
  caughtBy: readonly string[];
  /** Suite filters (`--suite`) that hold those checks. */
  suites: readonly string[];
}

const rest = (
  name: string,
  breaks: string,
  caughtBy: string[],
  suites: string[],
): PlantedFault => ({
  name,
  breaks,
  caughtBy,
  suites: suites.map((s) => `rest/${s}`),
});

export const PLANTED_FAULTS: readonly PlantedFault[] = [
  rest(
    'token-status-201',
    'POST /api/tokens answers 201 instead of 200 (§4.3)',
    ['rest.tokens.create'],
    ['tokens'],
  ),
  rest(
    'token-uri-relative',
    'the token uri is tokens/<token>, not /api/tokens/<token> (§2.2)',
    ['rest.tokens.uri-form'],
    ['tokens'],
  ),
  rest(
    'token-user-id-number',
    'user_id is a number, not a string (§2.2)',
    ['rest.tokens.fields'],
    ['tokens'],
  ),
  rest(
    'token-never-expires',
    'tokens never expire (§5.2.5)',
    ['rest.auth.token-expired-401'],
    ['token-lifetime'],
  ),
  rest(
    'token-expires-early',
    'tokens expire after 23 hours (§5.2.5)',
    ['rest.auth.token-lifetime'],
    ['token-lifetime'],
  ),
  rest(
    'invalid-token-anonymous',
    'an invalid token is served as anonymous (§4.3 rule 2)',
    ['rest.auth.invalid-credentials-fail'],
    ['auth'],
  ),
  rest(
    'basic-ignored',
    'HTTP Basic credentials are ignored (§5.2.6)',
    ['rest.auth.basic'],
    ['auth'],
  ),
  rest(
    'private-readable-anonymously',
    'private projects answer anonymous reads (§5.2.1)',
    ['rest.auth.missing-401'],
    ['auth'],
  ),
  rest(
    'anonymous-refused',
    'every anonymous request answers 401 (§5.2.1)',
    ['rest.auth.anonymous'],
    ['auth'],
  ),
  rest(
    'pagination-size-is-page',
    'X-PAGINATION-SIZE is the page length, not the total (§8.2)',
    ['rest.pagination.size'],
    ['collections'],
  ),
  rest(
    'pagination-offset-zero',
    'X-PAGINATION-OFFSET is always 0 (§8.2)',
    ['rest.pagination.offset'],
    ['collections'],
  ),
  rest(
    'pagination-limit-unbounded',
    'a limit above LIMIT-MAX is honoured (§8)',
    ['rest.pagination.limit-max'],
    ['collections'],
  ),
  rest(
    'pagination-skips-one',
    'each page starts one item after its offset (§8.3)',
    ['rest.pagination.paging-forward'],
    ['collections'],
  ),
  rest(
    'pagination-headers-missing',
    'the trackers collection carries no pagination headers (§8.1)',
    ['rest.pagination.paginated-routes'],
    ['collections'],
  ),
  rest(
    'query-ignores-criteria',
    'the artifact query answers every artifact (§4.3)',
    ['rest.query.contains'],
    ['collections'],
  ),
  rest(
    'query-first-value-only',
    "'contains' looks at the first bound value only (§2.2)",
    ['rest.query.contains'],
    ['collections'],
  ),
  rest(
    'etag-missing',
    'GET of an artifact carries no Etag (§4.4.1)',
    ['rest.concurrency.etag'],
    ['concurrency'],
  ),
  rest(
    'last-modified-missing',
    'GET of an artifact carries no Last-Modified (§4.4.1)',
    ['rest.concurrency.last-modified'],
    ['concurrency'],
  ),
  rest(
    'if-match-ignored',
    'If-match is not checked (§4.4.3)',
    ['rest.concurrency.if-match-stale'],
    ['concurrency'],
  ),
  rest(
    'if-unmodified-since-ignored',
    'If-Unmodified-Since is not checked (§4.4.3)',
    ['rest.concurrency.if-unmodified-since-stale'],
    ['concurrency'],
  ),
  rest(
    'if-match-always-stale',
    'a current If-match answers 412 (§4.4.2)',
    ['rest.concurrency.if-match-fresh'],
    ['concurrency'],
  ),
  rest(
    'no-header-refused',
    'a PUT without concurrency headers answers 428 (§4.4.4)',
    ['rest.concurrency.no-header-overwrites'],
    ['concurrency'],
  ),
  rest(
    'update-race',
    'the version check and the write are not one step: concurrent PUTs all win (§4.4)',
    ['rest.concurrency.one-winner'],
    ['concurrency'],
  ),
  rest(
    'update-not-applied',
    'PUT answers success but stores nothing (§4.3)',
    ['rest.artifacts.update'],
    ['artifacts'],
  ),
  rest(
    'create-drops-list-values',
    'creation ignores bind_value_ids (§2.2)',
    ['rest.artifacts.create'],
    ['artifacts'],
  ),
  rest(
    'xml-bind-ids-as-text',
    'XML writes bind_value_ids as text, not item elements (§4.5.4)',
    ['rest.xml.item-arrays'],
    ['xml'],
  ),
  rest(
    'xml-request-root-refused',
    'an XML body with root <request> is refused (§4.5.3)',
    ['rest.xml.post'],
    ['xml'],
  ),
  rest('xml-put-ignored', 'a PUT in XML changes nothing (§4.5)', ['rest.xml.put'], ['xml']),
  rest(
    'xml-answered-as-json',
    'Accept: application/xml is answered in JSON (§4.5.1)',
    ['rest.xml.get'],
    ['xml'],
  ),
  rest(
    'project-uri-absolute',
    'the project uri is /api/projects/<id>, not projects/<id> (§2.2)',
    ['rest.projects.representation'],
    ['projects'],
  ),
  rest(
    'project-resources-empty',
    'projects list no resources (§2.2, §1)',
    ['rest.projects.resources', 'rest.discovery.links'],
    ['projects'],
  ),
  rest(
    'project-list-hides-private',
    'members do not see their private projects in the list (§4.3)',
    ['rest.projects.list'],
    ['projects'],
  ),
  rest(
    'tracker-without-values',
    'the tracker structure gives no bound value ids (§4.3)',
    ['rest.trackers.get'],
    ['trackers'],
  ),
];

export class UnknownFault extends Error {}

export class Faults {
  private readonly active: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !PLANTED_FAULTS.some((f) => f.name === n));
    if (unknown.length > 0)
      throw new UnknownFault(
        `unknown fault ${unknown.join(', ')}; known: ${PLANTED_FAULTS.map((f) => f.name).join(', ')}`,
      );
    this.active = new Set(names);
  }

  on(name: string): boolean {
    if (!PLANTED_FAULTS.some((f) => f.name === name)) throw new Error(`no planted fault ${name}`);
    return this.active.has(name);
  }
}
