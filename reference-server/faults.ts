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

const rest = <N extends string>(name: N, breaks: string, caughtBy: string[], suites: string[]) => ({
  name,
  breaks,
  caughtBy,
  suites: suites.map((s) => `rest/${s}`),
});

const soap = <N extends string>(name: N, breaks: string, caughtBy: string[], suites: string[]) => ({
  name: `soap-${name}` as const,
  breaks,
  caughtBy,
  suites: suites.map((s) => `soap/${s}`),
});

const SOAP_FAULTS = [
  // Effects silently not applied, or applied despite a fault.
  soap(
    'member-add-not-applied',
    'addProjectMember answers true but adds nobody (§4.2 #3)',
    ['soap.addProjectMember.effect'],
    ['membership'],
  ),
  soap(
    'ugroup-remove-not-applied',
    'removeUserFromUGroup answers true but the user stays in the group (§4.2 #11)',
    ['soap.removeUserFromUGroup.effect'],
    ['membership'],
  ),
  soap(
    'deactivate-not-applied',
    'deactivateService answers true but the service stays used (§4.2 #5)',
    ['soap.deactivateService.effect'],
    ['services'],
  ),
  soap(
    'description-value-trimmed',
    'setProjectDescriptionFieldValue stores the value trimmed of surrounding white space (§4.2 #12)',
    ['soap.setProjectDescriptionFieldValue.effect', 'soap.getProjectDescriptionFieldsValue.effect'],
    ['description-fields'],
  ),
  soap(
    'description-written-before-3108',
    'setProjectDescriptionFieldValue of an unknown field stores the value, then answers 3108 (§7.1)',
    ['soap.fault.nothing-changed'],
    ['description-fields'],
  ),
  soap(
    'generic-user-password-kept',
    'setProjectGenericUser on a project that has one keeps the old password (§4.2 #13)',
    ['soap.setProjectGenericUser.effect'],
    ['generic-user'],
  ),
  soap(
    'new-project-public',
    'addProject makes every project public, whatever the privacy part says (§4.2 #2)',
    ['soap.addProject.privacy'],
    ['add-project'],
  ),
  soap(
    'new-project-without-services',
    'a project created by addProject has no services: nothing inherited from the template (§4.2 #2)',
    ['soap.addProject.inherits-services'],
    ['add-project'],
  ),
  // Permissions and fault codes.
  soap(
    'quota-unlimited',
    'addProject has no quota: never fault 4000 (§8)',
    ['soap.addProject.fault.4000', 'soap.quota.threshold'],
    ['add-project'],
  ),
  soap(
    'members-administer',
    'a project member, not only a project admin, may change memberships (§5.1)',
    ['soap.auth.project-admin', 'soap.addProjectMember.fault.3201'],
    ['membership'],
  ),
  soap(
    'admin-anywhere',
    'whoever administers some project gets the admin operations on every project (§5.1.2: of that project)',
    [
      'soap.auth.project-admin',
      'soap.addProjectMember.fault.3201',
      'soap.removeProjectMember.fault.3201',
      'soap.addUserToUGroup.fault.3201',
      'soap.removeUserFromUGroup.fault.3201',
      'soap.setProjectDescriptionFieldValue.fault.3201',
      'soap.activateService.fault.3203',
      'soap.deactivateService.fault.3203',
      'soap.getProjectDescriptionFieldsValue.fault.3203',
      'soap.getProjectServicesUsage.fault.3203',
    ],
    ['membership', 'services', 'description-fields'],
  ),
  soap(
    'generic-user-any-session',
    'getProjectGenericUser, setProjectGenericUser and unsetGenericUser accept any valid session (§5.1.2)',
    ['soap.auth.generic-user'],
    ['generic-user'],
  ),
  soap(
    'service-lookup-platform-wide',
    "activateService and deactivateService find the service in any project, not only in group_id's (§7.1 3019)",
    ['soap.activateService.fault.3019', 'soap.deactivateService.fault.3019'],
    ['services'],
  ),
  soap(
    'description-fields-list-incomplete',
    'getPlateformProjectDescriptionFields leaves out the last field, which stays settable (§4.2 #6: all fields)',
    ['soap.getPlateformProjectDescriptionFields.effect'],
    ['description-fields'],
  ),
  soap(
    'unknown-project-3001',
    'a project that does not exist answers 3001 instead of 3000 (§7.1)',
    ['soap.addProjectMember.fault.3000', 'soap.removeProjectMember.fault.3000'],
    ['membership'],
  ),
  soap(
    'unknown-ugroup-3000',
    'a user group that does not exist answers 3000 instead of 3301 (§7.1)',
    ['soap.addUserToUGroup.fault.3301', 'soap.removeUserFromUGroup.fault.3301'],
    ['membership'],
  ),
  soap(
    'internal-failure-code-0',
    "addProject's internal creation failures answer fault 0 (a generic exception), not 3101 or 3105 (§7.1)",
    ['soap.addProject.fault.3101', 'soap.addProject.fault.3105'],
    ['add-project'],
  ),
  soap(
    'remove-non-member-succeeds',
    'removeProjectMember of a user who is not a member answers true instead of 3203 (§7.1)',
    ['soap.removeProjectMember.fault.3203'],
    ['membership'],
  ),
  // Wire typing and faults on the wire.
  soap(
    'no-xsi-type',
    'answers carry no xsi:type on returned values (§4.1 rpc/encoded)',
    ['soap.wire.xsi-type'],
    ['wire'],
  ),
  soap(
    'arrays-without-array-type',
    'arrays are sent without SOAP-ENC:arrayType (§4.1)',
    ['soap.wire.encoded-arrays'],
    ['wire'],
  ),
  soap(
    'array-members-untyped',
    'array members carry no xsi:type, though the array and their fields do (§4.1 rpc/encoded)',
    ['soap.wire.xsi-type'],
    ['wire'],
  ),
  soap(
    'array-typed-as-member',
    'an array is typed with its members\' type (xsi:type="ns1:ServiceValue"), neither its WSDL type nor SOAP-ENC:Array (§4.1, SOAP 1.1 §5.4.2)',
    ['soap.wire.xsi-type'],
    ['wire'],
  ),
  soap(
    'array-type-count-wrong',
    'SOAP-ENC:arrayType declares one member more than the array holds (SOAP 1.1 §5.4.2)',
    ['soap.wire.encoded-arrays'],
    ['wire'],
  ),
  soap(
    'answer-namespace-other-base',
    'answers are in {other name}/soap/project while the WSDL declares {base_url}/soap/project (§4.1, §9.1)',
    ['soap.versioning.fixed-namespace', 'soap.wire.xsi-type'],
    ['wire'],
  ),
  soap(
    'fault-http-200',
    'SOAP faults are sent with HTTP status 200 (§7.1, SOAP 1.1 over HTTP)',
    ['soap.fault.http-500'],
    ['wire'],
  ),
  soap(
    'faultcode-qualified',
    'the faultcode is SOAP-ENV:Server with the number only in the faultstring (§7.1)',
    ['soap.fault.numeric-code'],
    ['wire'],
  ),
  soap(
    'action-unquoted-refused',
    'an unquoted SOAPAction {base_url}/soap/project#<op> is refused (only the quoted form is taken)',
    ['soap.wire.soap-action-header'],
    ['wire'],
  ),
  // The WSDL.
  soap(
    'wsdl-document-style',
    'the WSDL binds the operations in document style (§4.1)',
    ['soap.wsdl.style-rpc'],
    ['wsdl'],
  ),
  soap(
    'wsdl-literal-use',
    'the WSDL declares use="literal" (§4.1)',
    ['soap.wsdl.use-encoded'],
    ['wsdl'],
  ),
  soap(
    'wsdl-bare-soap-action',
    'the WSDL soapAction is the bare operation name, not {tns}#<op> (§4.1)',
    ['soap.wsdl.soap-action'],
    ['wsdl'],
  ),
  soap(
    'namespace-versioned',
    'the target namespace is {base_url}/soap/project/v1, in the WSDL and in answers (§9.1)',
    ['soap.wsdl.target-namespace', 'soap.versioning.fixed-namespace'],
    ['wsdl'],
  ),
  soap(
    'wsdl-location-other-base',
    'the WSDL locates the service under another base than its target namespace names (§4.1)',
    ['soap.transport.location'],
    ['wsdl'],
  ),
  soap(
    'wsdl-soap-action-other-base',
    'the WSDL soapAction is {other name}/soap/project#<op>, not {tns}#<op> (§4.1)',
    ['soap.wsdl.soap-action'],
    ['wsdl'],
  ),
  soap(
    'wsdl-session-key-int',
    'the WSDL types the sessionKey part as xsd:int (§2.1, §5.1)',
    ['soap.types.session-key-string', 'soap.auth.session-first'],
    ['wsdl'],
  ),
  soap(
    'wsdl-parts-swapped',
    'the WSDL lists the parts of addProjectMember in another order (§4.2)',
    ['soap.addProjectMember.parts'],
    ['wsdl'],
  ),
] satisfies PlantedFault[];

const REST_FAULTS = [
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
    'pagination-limit-max-refused',
    'a limit equal to X-PAGINATION-LIMIT-MAX is refused with 406 (§8: it is the maximum allowed)',
    ['rest.pagination.limit-max'],
    ['collections', 'pagination-boundaries'],
  ),
  rest(
    'pagination-default-page-overfull',
    'a request without limit holds twice the X-PAGINATION-LIMIT it announces (§8.2)',
    ['rest.pagination.limit-chunk'],
    ['collections'],
  ),
  rest(
    'query-size-counts-all',
    "a filtered query's X-PAGINATION-SIZE counts every artifact of the tracker, not the matches (§8.2)",
    ['rest.pagination.size'],
    ['collections'],
  ),
  rest(
    'query-answers-500',
    'the artifact query (POST /api/trackers/<id>/artifacts) answers 500 (§4.3): a broken feature fails, it is no harness error',
    ['rest.query.route'],
    ['collections'],
  ),
  rest(
    'token-route-500',
    'POST /api/tokens answers 500 (§4.3): the tests that need a token fail, they are no harness errors',
    ['rest.auth.token-headers'],
    ['auth'],
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
    'both-headers-if-match-only',
    'a PUT sending both If-match and If-Unmodified-Since is checked against If-match alone (§4.4.3)',
    ['rest.concurrency.each-header-checked'],
    ['concurrency'],
  ),
  rest(
    'both-headers-since-only',
    'a PUT sending both If-match and If-Unmodified-Since is checked against If-Unmodified-Since alone (§4.4.3)',
    ['rest.concurrency.each-header-checked'],
    ['concurrency'],
  ),
  rest(
    'last-modified-creation-time',
    'Last-Modified is the creation time of the artifact, not the time of its last modification (§4.4.1)',
    ['rest.concurrency.last-modified-version'],
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
    'project-list-shows-private',
    'GET /api/projects lists private projects to everyone, anonymous callers and outsiders included (§5.2.1)',
    ['rest.projects.private-hidden'],
    ['projects'],
  ),
  rest(
    'tracker-without-values',
    'the tracker structure gives no bound value ids (§4.3)',
    ['rest.trackers.get'],
    ['trackers'],
  ),
] satisfies PlantedFault[];

export const PLANTED_FAULTS: readonly PlantedFault[] = [...SOAP_FAULTS, ...REST_FAULTS];

/** The name of a planted fault: a typo in `faults.on(...)` is a compile error. */
export type FaultName = (typeof SOAP_FAULTS)[number]['name'] | (typeof REST_FAULTS)[number]['name'];

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
}
