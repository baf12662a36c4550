/**
 * The requirement catalogue: every testable statement of ../shared/spec/interfaces.md, the single
 * source of truth for test metadata and reports. MUST = stated by the spec; INFO = 'not shown' in
 * the spec, observed and reported but never failing a run (its decision says what the reference
 * server does, following the real system: ../shared/notes/tuleap-facts.md).
 */
import { SOAP_FAULT_MEANINGS, SOAP_OPERATIONS } from '../../spec/soap-operations.ts';
import type { Level, Requirement } from './types.ts';

const req = (
  id: string,
  section: string,
  level: Level,
  text: string,
  decision?: string,
): Requirement =>
  decision === undefined ? { id, section, level, text } : { id, section, level, text, decision };

const THREE_TWO_O_THREE: Readonly<Record<string, string>> = {
  activateService: 'permission denied (need to be project admin)',
  deactivateService: 'permission denied (need to be project admin)',
  getProjectDescriptionFieldsValue: 'permission denied (need to be project admin)',
  getProjectServicesUsage: 'permission denied (need to be project admin)',
  addUserToUGroup: 'invalid user id',
  removeUserFromUGroup: 'invalid user id',
  removeProjectMember: 'user not member of project',
};

const discovery: Requirement[] = [
  req(
    'rest.discovery.links',
    '§1',
    'MUST',
    'Ids and shortnames are found by following links: each resource lists its sub-resources.',
  ),
  req(
    'rest.discovery.anonymous-and-authenticated',
    '§1',
    'MUST',
    'The REST interface is reachable anonymously and with authentication.',
  ),
  req(
    'rest.routes.complete-list',
    '§1',
    'INFO',
    'The complete list of REST routes and payloads is observed.',
    "The §4.3 routes plus the real system's: GET /api/projects/<id>, DELETE /api/tokens and /api/tokens/<token>, GET /api/projects/<id>/user_groups, /api/user_groups/<id> and /users (ids <project>_3 members, <project>_4 admins, static ids), GET /api/users/<id>, and GET /api/trackers/<id>/artifacts[?query=<JSON>]; OPTIONS answers Allow on each; HEAD on every GET.",
  ),
];

const soapTypes: Requirement[] = [
  req('soap.types.session-key-string', '§2.1', 'MUST', 'Session keys are strings.'),
  req(
    'soap.types.rpc-named-parts',
    '§2.1',
    'MUST',
    'All SOAP request values are named parts of an rpc-style message.',
  ),
  req(
    'soap.types.desc-field',
    '§2.1',
    'MUST',
    'DescField has id:int, name:string, is_mandatory:int.',
  ),
  req('soap.types.desc-field-value', '§2.1', 'MUST', 'DescFieldValue has id:int, value:string.'),
  req(
    'soap.types.service-value',
    '§2.1',
    'MUST',
    'ServiceValue has id:int, short_name:string, is_used:int.',
  ),
  req(
    'soap.types.user-info',
    '§2.1',
    'MUST',
    'UserInfo has identifier, username, id, real_name, email, ldap_id, all strings.',
  ),
  req(
    'soap.types.arrays',
    '§2.1',
    'MUST',
    'ArrayOfDescFields, ArrayOfDescFieldsValues and ArrayOfServicesValues are arrays of DescField, DescFieldValue and ServiceValue.',
  ),
  req(
    'soap.types.flag-values',
    '§2.1',
    'INFO',
    'Allowed values of is_mandatory and is_used are observed.',
    '0 or 1, as the real system.',
  ),
  req(
    'soap.types.user-info-meaning',
    '§2.1',
    'INFO',
    'The meaning of each UserInfo field is observed.',
    'identifier and id are the user id; username the login; ldap_id empty.',
  ),
];

const restResources: Requirement[] = [
  req(
    'rest.tokens.fields',
    '§2.2',
    'MUST',
    'The token response has user_id (string), token (string) and uri (string).',
  ),
  req(
    'rest.tokens.uri-form',
    '§2.2',
    'MUST',
    'The token response uri has the form /api/tokens/<token>.',
  ),
  req(
    'rest.projects.representation',
    '§2.2',
    'MUST',
    'A project has id (integer), uri (projects/<id>), label (string), shortname (string) and resources.',
  ),
  req(
    'rest.projects.resources',
    '§2.2',
    'MUST',
    'Each project resource has type (string) and uri of the form projects/<id>/<type>.',
  ),
  req(
    'rest.projects.other-members',
    '§2.2',
    'INFO',
    'Other members of the project representation are observed.',
    'additional_informations {} as the real system.',
  ),
  req(
    'rest.query.body',
    '§2.2',
    'MUST',
    'The artifact query body maps field shortnames to {operator, value}, value being a bound value id sent as a string.',
  ),
  req(
    'rest.artifacts.creation-body',
    '§2.2',
    'MUST',
    'Artifact creation takes tracker {id} and values [{field_id, value | bind_value_ids}].',
  ),
  req(
    'rest.trackers.representation',
    '§2.2',
    'INFO',
    'The fields of the tracker representation are observed.',
    'As the real system: id, uri, label, description, item_name, project {id, uri, label}, fields [{field_id, name, label, type (string, text, int, sb, msb), values [{id, label}] or null, bindings, required}], resources [{type: artifacts, uri: trackers/<id>/artifacts}].',
  ),
  req(
    'rest.artifacts.representation',
    '§2.2',
    'INFO',
    'The fields of the artifact representation are observed.',
    'As the real system: id, uri, tracker {id, uri, label}, project {id, uri, label}, submitted_by, submitted_on and last_modified_date (ISO 8601), values: one entry per field that has a value, {field_id, type, label, value} (text adds format; int is a number) or {field_id, type, label, values [{id, label, color}], bind_value_ids} for lists.',
  ),
];

const soapTransport: Requirement[] = [
  req(
    'soap.transport.location',
    '§4.1',
    'MUST',
    'The service is located at {base_url}/soap/project/.',
  ),
  req(
    'soap.transport.port-443',
    '§4.1',
    'INFO',
    'Whether the service is reached over port 443 is observed (the target URL decides).',
    'The reference server listens where it is told; production deployments use HTTPS on 443.',
  ),
  req(
    'soap.wsdl.available',
    '§4.1',
    'MUST',
    'The service describes itself in a WSDL at {base_url}/soap/project/?wsdl.',
  ),
  req(
    'soap.wsdl.target-namespace',
    '§4.1',
    'MUST',
    'The target namespace is {base_url}/soap/project.',
  ),
  req('soap.wsdl.port-type', '§4.1', 'MUST', 'The port type is ProjectAPIPortType.'),
  req('soap.wsdl.binding', '§4.1', 'MUST', 'The binding is named ProjectAPIBinding.'),
  req('soap.wsdl.protocol', '§4.1', 'MUST', 'The binding is SOAP over HTTP.'),
  req('soap.wsdl.style-rpc', '§4.1', 'MUST', 'Every operation is rpc style.'),
  req('soap.wsdl.use-encoded', '§4.1', 'MUST', 'Every body is encoded (SOAP encoding).'),
  req('soap.wsdl.request-response', '§4.1', 'MUST', 'Every operation is request-response.'),
  req(
    'soap.wsdl.soap-action',
    '§4.1',
    'MUST',
    'The SOAP action of each operation is {base_url}/soap/project#<operation_name>.',
  ),
  req(
    'soap.wsdl.request-message',
    '§4.1',
    'MUST',
    'The request message of each operation is named <operation_name>Request.',
  ),
  req(
    'soap.wsdl.response-message',
    '§4.1',
    'MUST',
    'The response message is named <operation_name>Response and its output part is named <operation_name>.',
  ),
  req(
    'soap.wire.xsi-type',
    '§4.1',
    'MUST',
    'Encoded responses type every returned value with xsi:type.',
  ),
  req(
    'soap.wire.encoded-arrays',
    '§4.1',
    'MUST',
    'Arrays are SOAP-encoded arrays: SOAP-ENC:arrayType names the member type and counts the members (or asserts no size); member names are insignificant (SOAP 1.1 §5.4.2).',
  ),
  req(
    'soap.wire.soap-action-header',
    '§4.1',
    'MUST',
    "A request carrying the operation's SOAPAction header is served.",
  ),
];

function operationRequirements(): Requirement[] {
  return SOAP_OPERATIONS.flatMap((op) => {
    const parts = op.inputs.map(([name, type]) => `${name}:${type.slice(4)}`).join(', ');
    const output =
      op.output === null ? 'no output part' : `output ${op.output.replace(/^\w+:/, '')}`;
    return [
      req(
        `soap.${op.name}.parts`,
        '§4.2',
        'MUST',
        `${op.name} takes the parts ${parts}, in that order.`,
      ),
      req(`soap.${op.name}.output`, '§4.2', 'MUST', `${op.name} answers with ${output}.`),
    ];
  });
}

const soapRules: Requirement[] = [
  req(
    'soap.activateService.effect',
    '§4.2',
    'MUST',
    'activateService activates the service in the project (read back with getProjectServicesUsage).',
  ),
  req(
    'soap.deactivateService.effect',
    '§4.2',
    'MUST',
    'deactivateService deactivates the service in the project (read back with getProjectServicesUsage).',
  ),
  req(
    'soap.addProject.creates',
    '§4.2',
    'MUST',
    'addProject creates a project, visible afterwards (REST project list or by id).',
  ),
  req(
    'soap.addProject.short-and-public-name',
    '§4.2',
    'MUST',
    'shortName is the Unix name and publicName the full name of the created project (REST shortname and label).',
  ),
  req(
    'soap.addProject.privacy',
    '§4.2',
    'MUST',
    "privacy 'public' creates a public project and 'private' a private one (anonymous REST visibility).",
  ),
  req(
    'soap.addProject.default-template',
    '§4.2',
    'MUST',
    'templateId 100 is the default template and is accepted.',
  ),
  req(
    'soap.addProject.name-conflict',
    '§4.2',
    'MUST',
    'addProject fails on a name conflict (a short name already used).',
  ),
  req(
    'soap.addProject.inherits-services',
    '§4.2',
    'MUST',
    'A created project inherits the services of its template (getProjectServicesUsage).',
  ),
  req(
    'soap.addProject.no-description',
    '§4.2',
    'MUST',
    'A created project has no project description and no description field values.',
  ),
  req(
    'soap.addProject.accepted',
    '§4.2',
    'MUST',
    'A created project is accepted automatically (usable at once by the other operations).',
  ),
  req(
    'soap.addProject.unobservable-properties',
    '§4.2',
    'INFO',
    "Project type 'Project', no trove category and the 'Site exchange policy' are not observable over these interfaces.",
    'Recorded on the project; no operation returns them.',
  ),
  req(
    'soap.addProject.name-rules',
    '§4.2',
    'INFO',
    'Which short and public names addProject accepts is observed (the spec says only that shortName is the Unix name).',
    'As the real system: a short name matches ^[A-Za-z][A-Za-z0-9-]{2,29}$, is not reserved (www, cvs, ftp, mail, root, git, … or forge__*) and is not an existing project or user name, case-insensitively, else 3102; a public name has 3 to 40 characters once trimmed, else 3103.',
  ),
  req(
    'soap.addProject.privacy-other-values',
    '§4.2',
    'INFO',
    "What a privacy value other than 'public' or 'private' creates is observed.",
    "As the real system: any value other than 'public' creates a private project.",
  ),
  req(
    'soap.addProject.return-value',
    '§4.2',
    'INFO',
    'The meaning of the integer returned by addProject is observed.',
    'The id of the created project (its group_id), as the real system.',
  ),
  req(
    'soap.addProjectMember.effect',
    '§4.2',
    'MUST',
    'addProjectMember adds the user with that login as a project member.',
  ),
  req(
    'soap.removeProjectMember.effect',
    '§4.2',
    'MUST',
    'removeProjectMember removes the user from the project members.',
  ),
  req(
    'soap.addUserToUGroup.effect',
    '§4.2',
    'MUST',
    'addUserToUGroup adds the user to the user group defined in the project groupId.',
  ),
  req(
    'soap.removeUserFromUGroup.effect',
    '§4.2',
    'MUST',
    'removeUserFromUGroup removes the user from the user group.',
  ),
  req(
    'soap.getPlateformProjectDescriptionFields.effect',
    '§4.2',
    'MUST',
    'getPlateformProjectDescriptionFields returns all description fields of the platform.',
  ),
  req(
    'soap.getProjectDescriptionFieldsValue.effect',
    '§4.2',
    'MUST',
    'getProjectDescriptionFieldsValue returns the description field values of the project.',
  ),
  req(
    'soap.setProjectDescriptionFieldValue.effect',
    '§4.2',
    'MUST',
    'setProjectDescriptionFieldValue sets the value of one description field (read back with getProjectDescriptionFieldsValue).',
  ),
  req(
    'soap.getProjectServicesUsage.effect',
    '§4.2',
    'MUST',
    'getProjectServicesUsage returns the usage value of each service of the project.',
  ),
  req(
    'soap.setProjectGenericUser.effect',
    '§4.2',
    'MUST',
    'setProjectGenericUser creates a generic user for the project with the given password.',
  ),
  req(
    'soap.getProjectGenericUser.effect',
    '§4.2',
    'MUST',
    "getProjectGenericUser returns the project's generic user.",
  ),
  req(
    'soap.unsetGenericUser.effect',
    '§4.2',
    'INFO',
    'The purpose and effect of unsetGenericUser are observed.',
    'Removes the generic user from the project members; the account stays (real system).',
  ),
  req(
    'soap.strings.whitespace-only',
    '§4.2',
    'INFO',
    'What a string value made only of spaces, tabs, CR or LF reads back as (a description value) is observed.',
    "As sent (reference server). The real system's SOAP stack (PHP SoapServer::handle() with no argument) drops such text nodes, so it reads back as ''; whitespace inside a value is kept there too (tuleap-facts A.1). The MUST round trips leave such values out.",
  ),
  req(
    'soap.boolean-meaning',
    '§4.2',
    'INFO',
    'The meaning of the returned boolean is observed.',
    'true on success, even when nothing changed (real system).',
  ),
];

const restRoutes: Requirement[] = [
  req(
    'rest.tokens.create',
    '§4.3',
    'MUST',
    'POST /api/tokens with a JSON username and password answers 200 with the token response.',
  ),
  req(
    'rest.projects.list',
    '§4.3',
    'MUST',
    'GET /api/projects answers an array of project representations.',
  ),
  req(
    'rest.projects.trackers',
    '§4.3',
    'MUST',
    'GET /api/projects/<id>/trackers answers the collection of trackers, giving field and value ids.',
  ),
  req(
    'rest.trackers.get',
    '§4.3',
    'MUST',
    'GET /api/trackers/<id> answers the tracker structure with field and value ids.',
  ),
  req(
    'rest.query.route',
    '§4.3',
    'MUST',
    'POST /api/trackers/<id>/artifacts with a query body answers a paginated collection of the matching artifacts.',
  ),
  req(
    'rest.query.contains',
    '§4.3',
    'MUST',
    "The 'contains' operator on a list field selects the artifacts whose field holds that bound value id.",
  ),
  req(
    'rest.query.other-operators',
    '§4.3',
    'INFO',
    "Operators other than 'contains' are observed.",
    "Only 'contains': on list fields the bound value id, on string, text and int fields a case-insensitive substring (real system); keys are shortnames or field ids; a bare string means contains; any other operator, an unknown field or a value not bound to the field → 400.",
  ),
  req('rest.artifacts.get', '§4.3', 'MUST', 'GET /api/artifacts/<id> answers one artifact.'),
  req(
    'rest.artifacts.create',
    '§4.3',
    'MUST',
    'POST /artifacts with a creation body creates the artifact (read back by GET).',
  ),
  req(
    'rest.artifacts.update',
    '§4.3',
    'MUST',
    'PUT /artifacts/<id> updates the artifact (read back by GET).',
  ),
  req(
    'rest.artifacts.update-body',
    '§4.3',
    'INFO',
    'The request body of the artifact update is observed.',
    '{"values": [...]} with the entries of creation (real system; a comment member is ignored); fields not listed keep their values; 200 with the updated artifact (§4.3 table) and the new Etag and Last-Modified; an update that changes nothing keeps the Etag (real system).',
  ),
  req(
    'rest.routes.prefix',
    '§4.3',
    'INFO',
    'Whether /artifacts and /api/artifacts are the same routes is observed.',
    'They are: every route is served with and without /api. The suites send each artifact route in the form the spec writes for it first (POST /artifacts, PUT /artifacts/<id>, GET /api/artifacts/<id>; GET /artifacts/<id> for XML, §4.5.2) and the other form when that one answers 404 or 405.',
  ),
  req(
    'rest.routes.shapes',
    '§4.3',
    'INFO',
    'Response shapes of the tracker and artifact routes are observed (published JSON Schemas).',
    'As the real system (tuleap-facts B.3, B.5); POST /artifacts answers 201 {id, uri, tracker} with Location, Etag and Last-Modified (the real system since 2016); an invalid body, an unknown tracker included, answers 400 with the reason.',
  ),
  req(
    'rest.pagination.accepts-limit-offset',
    '§4.3',
    'MUST',
    'Paginated collections accept the query parameters limit and offset.',
  ),
  req(
    'rest.auth.invalid-credentials-fail',
    '§4.3',
    'MUST',
    'A request with invalid credentials fails even when the resource is reachable anonymously.',
  ),
];

const concurrency: Requirement[] = [
  req('rest.concurrency.etag', '§4.4', 'MUST', 'Every GET of an artifact carries an Etag header.'),
  req(
    'rest.concurrency.last-modified',
    '§4.4',
    'MUST',
    'Every GET of an artifact carries a Last-Modified header.',
  ),
  req(
    'rest.concurrency.last-modified-version',
    '§4.4',
    'MUST',
    'Last-Modified is the timestamp of the last modification: an update made a second or more later changes it.',
  ),
  req(
    'rest.concurrency.if-match-fresh',
    '§4.4',
    'MUST',
    'A PUT whose If-match is the current Etag is applied.',
  ),
  req(
    'rest.concurrency.if-unmodified-since-fresh',
    '§4.4',
    'MUST',
    'A PUT whose If-Unmodified-Since is the current Last-Modified is applied.',
  ),
  req(
    'rest.concurrency.if-match-stale',
    '§4.4',
    'MUST',
    'A PUT whose If-match does not match the current version answers 412 and changes nothing.',
  ),
  req(
    'rest.concurrency.if-unmodified-since-stale',
    '§4.4',
    'MUST',
    'A PUT whose If-Unmodified-Since does not match the current version answers 412 and changes nothing.',
  ),
  req(
    'rest.concurrency.each-header-checked',
    '§4.4',
    'MUST',
    'When a PUT sends both If-match and If-Unmodified-Since, each is checked: one value that does not match the current version answers 412 and changes nothing.',
  ),
  req(
    'rest.concurrency.no-header-overwrites',
    '§4.4',
    'MUST',
    'A PUT without either header is not checked and overwrites the artifact.',
  ),
  req(
    'rest.concurrency.one-winner',
    '§4.4',
    'MUST',
    'Of concurrent PUTs sending the same Etag, exactly one is applied and the others answer 412.',
  ),
  req(
    'rest.concurrency.tracker-artifacts-only',
    '§4.4',
    'INFO',
    'Concurrency checking is available for tracker artifacts only (no other updatable resource exists here).',
    "Only artifacts carry Etag. Etag is a quoted hash of (artifact, version); If-match accepts it quoted or bare, in a list, or *. Last-Modified is an HTTP-date that grows with every version (bumped by a second when two changes share one, so it names one version); If-Unmodified-Since must name it exactly (the real system's rule); an unparseable date → 412.",
  ),
];

const xml: Requirement[] = [
  req(
    'rest.xml.get',
    '§4.5',
    'MUST',
    'GET /artifacts/<id> with Accept: application/xml answers the artifact as XML.',
  ),
  req(
    'rest.xml.post',
    '§4.5',
    'MUST',
    'POST /artifacts with Content-type: application/xml and a <request> document creates the artifact.',
  ),
  req(
    'rest.xml.put',
    '§4.5',
    'MUST',
    'PUT /artifacts/<id> with Content-type: application/xml updates the artifact.',
  ),
  req(
    'rest.xml.request-root',
    '§4.5',
    'MUST',
    'The XML request document has the root element request; its children mirror the JSON keys.',
  ),
  req(
    'rest.xml.item-arrays',
    '§4.5',
    'MUST',
    'Every array element is written as an item element (values, bind_value_ids).',
  ),
  req(
    'rest.xml.other-endpoints',
    '§4.5',
    'INFO',
    'XML on endpoints other than the three artifact routes is observed.',
    'JSON only elsewhere: Accept: application/xml there → 406, an XML body → 415. On the artifact routes an unsupported Accept → 406 and an unsupported Content-type → 415 (the real system: 403). Input root <request> is required (the real system ignores it); a DOCTYPE → 400.',
  ),
];

const soapAuth: Requirement[] = [
  req(
    'soap.auth.session-first',
    '§5.1',
    'MUST',
    'Each operation takes a session key string as its first input.',
  ),
  req(
    'soap.auth.project-admin',
    '§5.1',
    'MUST',
    'Operations on a project require the session of a project admin of that project.',
  ),
  req(
    'soap.auth.generic-user',
    '§5.1',
    'MUST',
    "getProjectGenericUser, setProjectGenericUser and unsetGenericUser are operations on a project: the session of a member, an outsider or the admin of another project is refused with a fault, and the project's generic user and its password stay as they were.",
  ),
  req(
    'soap.auth.site-admin-creates',
    '§5.1',
    'MUST',
    'addProject on behalf of users requires adminSessionKey to be a site admin session.',
  ),
  req(
    'soap.auth.site-admin',
    '§5.1',
    'INFO',
    'Whether a site admin may run the operations on a project he does not administer is observed.',
    'Allowed, as the real system: a site admin counts as an admin of every project.',
  ),
  req(
    'soap.session.login',
    '§5.1',
    'INFO',
    'How a session key is obtained is observed.',
    'Core SOAP login at {base_url}/soap/ (WSDL at /soap/?wsdl): login(loginname, passwd) → Session{user_id, session_hash}, 3002 on bad credentials, logout(sessionKey) (real system); a session lasts 24 hours on the server clock.',
  ),
];

const restAuth: Requirement[] = [
  req(
    'rest.auth.anonymous',
    '§5.2',
    'MUST',
    'Resources reachable anonymously answer without credentials.',
    'Which are (reference server): public projects with their trackers and artifacts. Private ones need membership or site admin: 401 without credentials, 403 otherwise. Creating and updating artifacts needs an authenticated user who can read the project; the user-group and user routes need authentication (real system).',
  ),
  req(
    'rest.auth.missing-401',
    '§5.2',
    'MUST',
    'A resource that needs authentication answers 401 when credentials are missing.',
  ),
  req(
    'rest.projects.private-hidden',
    '§5.2',
    'MUST',
    'GET /api/projects lists a private project neither to an anonymous caller nor to a user outside it, on any page.',
  ),
  req(
    'rest.auth.token-headers',
    '§5.2',
    'MUST',
    'A token is used by sending X-Auth-Token and X-Auth-UserId on each call.',
  ),
  req(
    'rest.auth.basic',
    '§5.2',
    'MUST',
    'HTTP Basic authentication with username and password is accepted.',
  ),
  req(
    'rest.auth.token-lifetime',
    '§5.2',
    'MUST',
    'A token works until 24 hours after it was obtained.',
  ),
  req(
    'rest.auth.token-expired-401',
    '§5.2',
    'MUST',
    'After 24 hours calls with the token answer 401.',
  ),
  req(
    'rest.auth.new-token-after-expiry',
    '§5.2',
    'MUST',
    'After expiry the client can obtain a new token that works.',
  ),
  req(
    'rest.tokens.bad-credentials',
    '§5.2',
    'INFO',
    'The answer to POST /api/tokens with wrong credentials is observed.',
    '401 as the real system.',
  ),
];

function faultRequirements(): Requirement[] {
  return SOAP_OPERATIONS.flatMap((op) =>
    (op.faults ?? []).map((code) => {
      const meaning = code === 3203 ? THREE_TWO_O_THREE[op.name] : SOAP_FAULT_MEANINGS[code];
      return req(
        `soap.${op.name}.fault.${code}`,
        '§7.1',
        'MUST',
        `${op.name} answers fault ${code} (${meaning}).`,
      );
    }),
  );
}

const faultRules: Requirement[] = [
  req(
    'soap.fault.numeric-code',
    '§7.1',
    'MUST',
    'A SOAP fault carries the numeric code of §7.1 as its faultcode.',
  ),
  req(
    'soap.fault.http-500',
    '§7.1',
    'MUST',
    'A SOAP fault is answered with HTTP status 500 (SOAP 1.1 over HTTP).',
  ),
  req(
    'soap.fault.nothing-changed',
    '§7.1',
    'MUST',
    'An operation answering a fault changes nothing.',
  ),
  req(
    'soap.getProjectGenericUser.faults',
    '§7.1',
    'INFO',
    'The fault codes of getProjectGenericUser are observed.',
    'As the real system: 3001 bad session, 3201 not project admin or no such project (no separate 3000), 3106 no generic user.',
  ),
  req(
    'soap.setProjectGenericUser.faults',
    '§7.1',
    'INFO',
    'The fault codes of setProjectGenericUser are observed.',
    'As the real system: 3001 bad session, 3201 not project admin or no such project; 3105 for an empty password (reference-server choice).',
  ),
  req(
    'soap.unsetGenericUser.faults',
    '§7.1',
    'INFO',
    'The fault codes of unsetGenericUser are observed.',
    'As the real system: 3001 bad session, 3201 not project admin or no such project, 3300 no generic user, 3203 generic user no longer a member.',
  ),
  req(
    'soap.fault.unlisted-codes',
    '§7.1',
    'INFO',
    'Codes the per-operation table does not list (a bad session where 3001 is not listed, an unusable login for addProjectMember) are observed.',
    'As the real system: 3001 for a bad session on every operation (after 3000 where the project is checked first); addProjectMember answers 3100 for an unknown, suspended or existing member; removeProjectMember 3100 for an admin; removing the last project admin from user group 4 answers code 0.',
  ),
  req(
    'soap.fault.payload-shape',
    '§7.1',
    'INFO',
    'The shape of the SOAP fault is observed.',
    'SOAP 1.1 Fault with an unqualified numeric faultcode and a faultstring.',
  ),
];

const restErrors: Requirement[] = [
  req(
    'rest.errors.401',
    '§7.2',
    'MUST',
    'Authentication required and missing, or an expired token, answers 401.',
  ),
  req('rest.errors.412', '§7.2', 'MUST', 'A stale If-match or If-Unmodified-Since answers 412.'),
  req(
    'rest.errors.invalid-credentials-status',
    '§7.2',
    'INFO',
    "The status of a request with invalid credentials is observed (the spec says 'server error').",
    '401 as the real system, also for X-Auth-Token or X-Auth-UserId sent alone (the real system treats that as anonymous) and for an Authorization scheme other than Basic; a suspended user → 403. The MUST only requires a non-2xx answer.',
  ),
  req(
    'rest.errors.payload-shape',
    '§7.2',
    'INFO',
    'The shape of REST error payloads is observed.',
    '{"error":{"code","message"}} as the real system, for every error; on the artifact routes with Accept: application/xml, <response><error><code/><message/></error></response>.',
  ),
];

const limits: Requirement[] = [
  req(
    'rest.pagination.headers',
    '§8',
    'MUST',
    'Paginated answers carry X-PAGINATION-LIMIT, -OFFSET, -SIZE and -LIMIT-MAX, all integers.',
  ),
  req(
    'rest.pagination.page-size',
    '§8',
    'MUST',
    'The page size of each paginated route is 10, 50 or 100 (its default X-PAGINATION-LIMIT or its X-PAGINATION-LIMIT-MAX: the spec does not say which).',
  ),
  req(
    'rest.pagination.limit-chunk',
    '§8',
    'MUST',
    'X-PAGINATION-LIMIT is the chunk size used: the body holds min(limit, size − offset) items, with or without a limit in the request.',
  ),
  req(
    'rest.pagination.offset',
    '§8',
    'MUST',
    'X-PAGINATION-OFFSET is the index of the first item returned, starting at 0.',
  ),
  req(
    'rest.pagination.size',
    '§8',
    'MUST',
    'X-PAGINATION-SIZE is the total size of the collection.',
  ),
  req(
    'rest.pagination.limit-max',
    '§8',
    'MUST',
    "X-PAGINATION-LIMIT-MAX is the route's maximum allowed limit: a limit equal to it is served, a limit above it is never honoured (refused with a 4xx or capped).",
  ),
  req(
    'rest.pagination.paging-forward',
    '§8',
    'MUST',
    'Paging forward with offset = offset + limit visits every item exactly once.',
  ),
  req(
    'rest.pagination.paginated-routes',
    '§8',
    'MUST',
    'The collections (trackers, artifacts and others) are paginated.',
  ),
  req(
    'rest.pagination.over-max-status',
    '§8',
    'INFO',
    'The answer to a limit over the maximum is observed.',
    '406 as the real system. Every collection route defaults to 10 and allows 50: /projects, /projects/<id>/trackers, /projects/<id>/user_groups, /user_groups/<id>/users, /trackers/<id>/artifacts (GET and POST); limit 0, a negative or non-integer value, or a repeated parameter → 400; an offset past the end → 200 with [].',
  ),
  req(
    'rest.pagination.small-limits',
    '§8',
    'INFO',
    'Very small limits are observed (clients should not request them).',
    'limit 1 is served; limit 0 → 400.',
  ),
  req(
    'soap.quota.threshold',
    '§8',
    'INFO',
    'The addProject quota threshold is observed.',
    '10 per hour, platform-wide (--project-quota).',
  ),
  req(
    'rest.limits.rate-and-payload',
    '§8',
    'INFO',
    'Rate limits and payload size limits of the REST side are observed.',
    'No rate limit; bodies over 1 MiB → 413.',
  ),
];

const versioning: Requirement[] = [
  req(
    'soap.versioning.fixed-namespace',
    '§9',
    'MUST',
    'The SOAP target namespace is fixed at {base_url}/soap/project with no version marker.',
  ),
  req(
    'rest.versioning.xml-since-7-11',
    '§9',
    'INFO',
    'XML support (from release 7.11 on) is observed with the XML requirements.',
    'Supported.',
  ),
  req(
    'rest.versioning.api-version',
    '§9',
    'INFO',
    'REST version identifiers and compatibility rules are observed.',
    'None exposed.',
  ),
];

export const CATALOGUE: readonly Requirement[] = [
  ...discovery,
  ...soapTypes,
  ...restResources,
  ...soapTransport,
  ...operationRequirements(),
  ...soapRules,
  ...restRoutes,
  ...concurrency,
  ...xml,
  ...soapAuth,
  ...restAuth,
  ...faultRequirements(),
  ...faultRules,
  ...restErrors,
  ...limits,
  ...versioning,
];
