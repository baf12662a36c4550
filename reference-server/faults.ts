/**
 * Planted faults (`--fault NAME`, repeatable): single-rule deviations that turn the reference
 * server into a known-broken implementation, so that the suites are shown to catch each one
 * (tests/self-validation.test.ts; which requirements must catch each, and in which suites, is
 * the tests' knowledge: tests/support/fault-catalogue.ts). Never on by default.
 */
export interface PlantedFault {
  name: FaultName;
  /** The rule it breaks, in words (shown by --help and --fault errors). */
  breaks: string;
}

const soap = <N extends string>(name: N, breaks: string) => ({
  name: `soap-${name}` as const,
  breaks,
});

const rest = <N extends string>(name: N, breaks: string) => ({ name, breaks });

const SOAP_FAULTS = [
  // Effects silently not applied, or applied despite a fault.
  soap('member-add-not-applied', 'addProjectMember answers true but adds nobody (§4.2 #3)'),
  soap(
    'ugroup-remove-not-applied',
    'removeUserFromUGroup answers true but the user stays in the group (§4.2 #11)',
  ),
  soap(
    'deactivate-not-applied',
    'deactivateService answers true but the service stays used (§4.2 #5)',
  ),
  soap(
    'description-value-trimmed',
    'setProjectDescriptionFieldValue stores the value trimmed of surrounding white space (§4.2 #12)',
  ),
  soap(
    'description-written-before-3108',
    'setProjectDescriptionFieldValue of an unknown field stores the value, then answers 3108 (§7.1)',
  ),
  soap(
    'generic-user-password-kept',
    'setProjectGenericUser on a project that has one keeps the old password (§4.2 #13)',
  ),
  soap(
    'new-project-public',
    'addProject makes every project public, whatever the privacy part says (§4.2 #2)',
  ),
  soap(
    'new-project-without-services',
    'a project created by addProject has no services: nothing inherited from the template (§4.2 #2)',
  ),
  soap(
    'add-project-admin-not-set',
    "addProject does not make the sessionKey user the created project's admin: adding a member then answers 3201 (§4.2 #2)",
  ),
  // Permissions and fault codes.
  soap('quota-unlimited', 'addProject has no quota: never fault 4000 (§8)'),
  soap(
    'members-administer',
    'a project member, not only a project admin, may change memberships (§5.1)',
  ),
  soap(
    'admin-anywhere',
    'whoever administers some project gets the admin operations on every project (§5.1.2: of that project)',
  ),
  soap(
    'generic-user-any-session',
    'getProjectGenericUser, setProjectGenericUser and unsetGenericUser accept any valid session (§5.1.2)',
  ),
  soap(
    'service-lookup-platform-wide',
    "activateService and deactivateService find the service in any project, not only in group_id's (§7.1 3019)",
  ),
  soap(
    'description-fields-list-incomplete',
    'getPlateformProjectDescriptionFields leaves out the last field, which stays settable (§4.2 #6: all fields)',
  ),
  soap('unknown-project-3001', 'a project that does not exist answers 3001 instead of 3000 (§7.1)'),
  soap(
    'unknown-ugroup-3000',
    'a user group that does not exist answers 3000 instead of 3301 (§7.1)',
  ),
  soap(
    'internal-failure-code-0',
    "addProject's internal creation failures answer fault 0 (a generic exception), not 3101 or 3105 (§7.1)",
  ),
  soap(
    'remove-non-member-succeeds',
    'removeProjectMember of a user who is not a member answers true instead of 3203 (§7.1)',
  ),
  // One cell of the fault matrix each (spec/matrix/faults.ts: operation, code, caller).
  soap(
    'services-usage-3201-outsider',
    'getProjectServicesUsage answers 3201 instead of 3203 to a caller outside the project; a member still gets 3203 (§7.1)',
  ),
  soap(
    'site-admin-unknown-project-3203',
    'getProjectDescriptionFieldsValue of a project that does not exist answers 3203 instead of 3000 to a site admin, who administers every other project (§7.1)',
  ),
  soap(
    'outsider-unknown-field-accepted',
    'setProjectDescriptionFieldValue by a caller without rights, of a field the platform does not have, answers success: the rights are checked for known fields only (§5.1.2, §7.1 3108 or 3201)',
  ),
  // Wire typing and faults on the wire.
  soap('no-xsi-type', 'answers carry no xsi:type on returned values (§4.1 rpc/encoded)'),
  soap('arrays-without-array-type', 'arrays are sent without SOAP-ENC:arrayType (§4.1)'),
  soap(
    'array-members-untyped',
    'array members carry no xsi:type, though the array and their fields do (§4.1 rpc/encoded)',
  ),
  soap(
    'array-typed-as-member',
    'an array is typed with its members\' type (xsi:type="ns1:ServiceValue"), neither its WSDL type nor SOAP-ENC:Array (§4.1, SOAP 1.1 §5.4.2)',
  ),
  soap(
    'array-type-count-wrong',
    'SOAP-ENC:arrayType declares one member more than the array holds (SOAP 1.1 §5.4.2)',
  ),
  soap(
    'answer-namespace-other-base',
    'answers are in {other name}/soap/project while the WSDL declares {base_url}/soap/project (§4.1, §9.1)',
  ),
  soap('fault-http-200', 'SOAP faults are sent with HTTP status 200 (§7.1, SOAP 1.1 over HTTP)'),
  soap(
    'fault-media-type-html',
    'the faults of removeUserFromUGroup are sent with Content-Type text/html (§4.1: SOAP 1.1 over HTTP sends text/xml)',
  ),
  soap(
    'answer-media-type-soap12',
    "the successful answers of getProjectServicesUsage are sent with SOAP 1.2's Content-Type application/soap+xml (§4.1: SOAP 1.1 over HTTP sends text/xml)",
  ),
  soap(
    'faultcode-qualified',
    'the faultcode is SOAP-ENV:Server with the number only in the faultstring (§7.1)',
  ),
  soap(
    'action-unquoted-refused',
    'an unquoted SOAPAction {base_url}/soap/project#<op> is refused (only the quoted form is taken)',
  ),
  // The WSDL.
  soap('wsdl-document-style', 'the WSDL binds the operations in document style (§4.1)'),
  soap('wsdl-literal-use', 'the WSDL declares use="literal" (§4.1)'),
  soap(
    'wsdl-bare-soap-action',
    'the WSDL soapAction is the bare operation name, not {tns}#<op> (§4.1)',
  ),
  soap(
    'namespace-versioned',
    'the target namespace is {base_url}/soap/project/v1, in the WSDL and in answers (§9.1)',
  ),
  soap(
    'wsdl-location-other-base',
    'the WSDL locates the service under another base than its target namespace names (§4.1)',
  ),
  soap(
    'wsdl-location-port-dropped',
    'the WSDL locates the service at its base without its port, another URL than the target namespace names (§4.1, RFC 3986 §6.2.3)',
  ),
  soap(
    'wsdl-location-path-case',
    'the WSDL locates the service at {base_url}/SOAP/Project/: a path in another case is another URL (§4.1, RFC 3986 §6.2.2.1)',
  ),
  soap(
    'wsdl-soap-action-other-base',
    'the WSDL soapAction is {other name}/soap/project#<op>, not {tns}#<op> (§4.1)',
  ),
  soap('wsdl-session-key-int', 'the WSDL types the sessionKey part as xsd:int (§2.1, §5.1)'),
  soap(
    'wsdl-parts-swapped',
    'the WSDL lists the parts of addProjectMember in another order (§4.2)',
  ),
];

const REST_FAULTS = [
  rest('token-status-201', 'POST /api/tokens answers 201 instead of 200 (§4.3)'),
  rest('token-uri-relative', 'the token uri is tokens/<token>, not /api/tokens/<token> (§2.2)'),
  rest('token-user-id-number', 'user_id is a number, not a string (§2.2)'),
  rest('token-never-expires', 'tokens never expire (§5.2.5)'),
  rest('token-expires-early', 'tokens expire after 23 hours (§5.2.5)'),
  rest('invalid-token-anonymous', 'an invalid token is served as anonymous (§4.3 rule 2)'),
  rest('basic-ignored', 'HTTP Basic credentials are ignored (§5.2.6)'),
  rest('private-readable-anonymously', 'private projects answer anonymous reads (§5.2.1)'),
  rest('anonymous-refused', 'every anonymous request answers 401 (§5.2.1)'),
  rest('pagination-size-is-page', 'X-PAGINATION-SIZE is the page length, not the total (§8.2)'),
  rest('pagination-offset-zero', 'X-PAGINATION-OFFSET is always 0 (§8.2)'),
  rest('pagination-limit-unbounded', 'a limit above LIMIT-MAX is honoured (§8)'),
  rest('pagination-skips-one', 'each page starts one item after its offset (§8.3)'),
  rest(
    'pagination-headers-missing',
    'the trackers collection carries no pagination headers (§8.1)',
  ),
  rest(
    'pagination-limit-max-refused',
    'a limit equal to X-PAGINATION-LIMIT-MAX is refused with 406 (§8: it is the maximum allowed)',
  ),
  rest(
    'pagination-default-page-overfull',
    'a request without limit holds twice the X-PAGINATION-LIMIT it announces (§8.2)',
  ),
  rest(
    'query-size-counts-all',
    "a filtered query's X-PAGINATION-SIZE counts every artifact of the tracker, not the matches (§8.2)",
  ),
  rest(
    'query-answers-500',
    'the artifact query (POST /api/trackers/<id>/artifacts) answers 500 (§4.3): a broken feature fails, it is no harness error',
  ),
  rest(
    'token-route-500',
    'POST /api/tokens answers 500 (§4.3): the tests that need a token fail, they are no harness errors',
  ),
  rest('query-ignores-criteria', 'the artifact query answers every artifact (§4.3)'),
  rest('query-first-value-only', "'contains' looks at the first bound value only (§2.2)"),
  rest('etag-missing', 'GET of an artifact carries no Etag (§4.4.1)'),
  rest(
    'etag-missing-xml',
    'GET of an artifact asked for XML carries no Etag; the JSON GET does (§4.4.1: every GET)',
  ),
  rest(
    'pagination-size-missing-query',
    'the artifact query (POST /api/trackers/<id>/artifacts) carries no X-PAGINATION-SIZE; the other pagination headers and routes are whole (§8.2)',
  ),
  rest('last-modified-missing', 'GET of an artifact carries no Last-Modified (§4.4.1)'),
  rest('if-match-ignored', 'If-match is not checked (§4.4.3)'),
  rest('if-unmodified-since-ignored', 'If-Unmodified-Since is not checked (§4.4.3)'),
  rest('if-match-always-stale', 'a current If-match answers 412 (§4.4.2)'),
  rest(
    'both-headers-if-match-only',
    'a PUT sending both If-match and If-Unmodified-Since is checked against If-match alone (§4.4.3)',
  ),
  rest(
    'both-headers-since-only',
    'a PUT sending both If-match and If-Unmodified-Since is checked against If-Unmodified-Since alone (§4.4.3)',
  ),
  rest(
    'last-modified-creation-time',
    'Last-Modified is the creation time of the artifact, not the time of its last modification (§4.4.1)',
  ),
  rest('no-header-refused', 'a PUT without concurrency headers answers 428 (§4.4.4)'),
  rest(
    'update-race',
    'the version check and the write are not one step: concurrent PUTs all win (§4.4)',
  ),
  rest('update-not-applied', 'PUT answers success but stores nothing (§4.3)'),
  rest('create-drops-list-values', 'creation ignores bind_value_ids (§2.2)'),
  rest('xml-bind-ids-as-text', 'XML writes bind_value_ids as text, not item elements (§4.5.4)'),
  rest('xml-request-root-refused', 'an XML body with root <request> is refused (§4.5.3)'),
  rest('xml-put-ignored', 'a PUT in XML changes nothing (§4.5)'),
  rest('xml-answered-as-json', 'Accept: application/xml is answered in JSON (§4.5.1)'),
  rest(
    'xml-put-answered-as-json',
    'PUT /artifacts/<id> with Accept: application/xml is answered in JSON (§4.5.1)',
  ),
  rest(
    'xml-post-both-answered-as-json',
    'POST /artifacts with an XML body and Accept: application/xml is answered in JSON (§4.5.1)',
  ),
  rest(
    'xml-answer-follows-body',
    'the answer to POST and PUT /artifacts takes the format of the request body, not the one Accept asks for (§4.5.1)',
  ),
  rest(
    'xml-answer-labelled-json',
    'XML answers to POST and PUT /artifacts are labelled Content-Type: application/json (§4.5.1)',
  ),
  rest('project-uri-absolute', 'the project uri is /api/projects/<id>, not projects/<id> (§2.2)'),
  rest('project-resources-empty', 'projects list no resources (§2.2, §1)'),
  rest(
    'project-list-hides-private',
    'members do not see their private projects in the list (§4.3)',
  ),
  rest(
    'project-list-shows-private',
    'GET /api/projects lists private projects to everyone, anonymous callers and outsiders included (§5.2.1)',
  ),
  rest('tracker-without-values', 'the tracker structure gives no bound value ids (§4.3)'),
  rest(
    'private-trackers-outsider',
    "GET /api/projects/<id>/trackers serves a private project's trackers to users outside it (§5.2.1)",
  ),
  rest(
    'private-artifact-anonymous',
    "GET /api/artifacts/<id> serves a private project's artifact without credentials (§5.2.1)",
  ),
  rest(
    'private-create-outsider',
    "POST /artifacts creates an artifact in a private project's tracker for a user outside it (§5.2.1)",
  ),
  rest(
    'refused-create-applied',
    'POST /artifacts from a user outside a private project answers 403, yet creates the artifact (§5.2.1: a refusal changes nothing)',
  ),
  rest(
    'refusal-names-project',
    'a 403 refusal names the private project refused, its shortname and label (§5.2.1: a refusal tells nothing of it)',
  ),
];

/** The name of a planted fault: a typo in a fault name is a compile error. */
export type FaultName = (typeof SOAP_FAULTS)[number]['name'] | (typeof REST_FAULTS)[number]['name'];

export const PLANTED_FAULTS: readonly PlantedFault[] = [...SOAP_FAULTS, ...REST_FAULTS];

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

  on(name: FaultName): boolean {
    return this.active.has(name);
  }

  /** True when no fault is planted: the correct server. */
  get none(): boolean {
    return this.active.size === 0;
  }
}
