/**
 * The review of every INFO requirement against the spec: an INFO observes a choice the spec leaves
 * open, yet the choice may hold a part the spec does fix (which status answers wrong credentials
 * at POST /api/tokens is open; that they give no token is not, §5.2.2, §7.2). Such a part is a
 * MUST of its own, or it already is one. Keyed by InfoId: an INFO row without its entry, or an
 * entry of a row that is no INFO, does not compile; lib/requirements/catalogue.test.ts requires
 * every id an entry names to be a MUST of the catalogue.
 *
 * - `open`: nothing the INFO observes is fixed by the spec; why (with its §).
 * - `split`: the fixed part was split out as the MUSTs named, judged by the INFO's own test.
 * - `fixedBy`: the fixed part is exactly what the MUSTs named already state.
 * - `unobservable`: the spec fixes it, but nothing on the wire shows it; why.
 *
 * `why` quotes the spec sentences that decide.
 */
import type { InfoId, RequirementId } from '../../spec/requirements/catalogue.ts';

export type InfoReview =
  | { open: string }
  | { unobservable: string }
  | { split: readonly RequirementId[]; why: string }
  | { fixedBy: readonly RequirementId[]; why: string };

export const INFO_REVIEW: Readonly<Record<InfoId, InfoReview>> = {
  // §1
  'rest.routes.complete-list': {
    fixedBy: [
      'rest.tokens.create',
      'rest.projects.list',
      'rest.projects.trackers',
      'rest.trackers.get',
      'rest.query.route',
      'rest.artifacts.get',
      'rest.artifacts.create',
      'rest.artifacts.update',
    ],
    why: "§1: 'Complete list of REST routes and their payloads: not shown.' The routes §4.3 does list are each a MUST; the others are open.",
  },

  // §2.1
  'soap.types.flag-values': {
    fixedBy: ['soap.types.desc-field', 'soap.types.service-value'],
    why: "§2.1: 'Allowed values of is_mandatory and is_used … not shown'; that both are int is the table's (DescField is_mandatory int, ServiceValue is_used int).",
  },
  'soap.types.user-info-meaning': {
    fixedBy: ['soap.types.user-info'],
    why: "§2.1: 'the meaning of each UserInfo field: not shown'; that each field is a string is the table's.",
  },

  // §2.2
  'rest.projects.other-members': {
    open: "§2.2: 'Other members of the project representation: not shown.' The members it lists are rest.projects.representation.",
  },
  'rest.trackers.representation': {
    fixedBy: ['rest.projects.trackers', 'rest.trackers.get'],
    why: "§2.2: 'Fields of tracker and artifact representations: not shown'; §4.3 fixes only that the trackers 'give the ids of fields and of their values'.",
  },
  'rest.artifacts.representation': {
    fixedBy: ['rest.artifacts.get', 'rest.concurrency.etag', 'rest.concurrency.last-modified'],
    why: "§2.2: 'Fields of tracker and artifact representations: not shown'; §4.3 fixes only 'one artifact; response headers include Etag and Last-Modified'.",
  },

  // §4.1
  'soap.transport.port-443': {
    unobservable:
      "§4.1: 'Service location {base_url}/soap/project/ over port 443'. The target URL the harness is given decides the port: a test server on another port is no fault of the server.",
  },

  // §4.2
  'soap.addProject.unobservable-properties': {
    unobservable:
      "§4.2: created projects 'have project type 'Project' (not modifiable), … have no trove category, use the default software policy 'Site exchange policy''; no operation of either interface returns these.",
  },
  'soap.addProject.name-rules': {
    fixedBy: [
      'soap.addProject.name-conflict',
      'soap.addProject.fault.3102',
      'soap.addProject.fault.3103',
    ],
    why: "§4.2: 'shortName is the Unix name; publicName is the full name … Fails on a name conflict'; §7.1 3102 'Invalid short name', 3103 'Invalid full name'. Which names are invalid is not shown.",
  },
  'soap.addProject.privacy-other-values': {
    open: "§4.2: 'privacy is 'public' or 'private'': what any other value does (a fault, a private or a public project) is not said.",
  },
  'soap.addProject.return-value': {
    fixedBy: ['soap.addProject.output'],
    why: "§4.2: 'Meaning of the integer returned by addProject: not shown'; that it is an int is the operation's row.",
  },
  'soap.unsetGenericUser.effect': {
    open: "§4.2, unsetGenericUser: 'Purpose and effect: not shown.' Its parts, its empty output and who may call it are MUSTs of their own.",
  },
  'soap.strings.whitespace-only': {
    open: "§4.2: setProjectDescriptionFieldValue 'Sets the value of one description field' (soap.setProjectDescriptionFieldValue.effect); whether a text node of whitespace only is that value or no value is the SOAP stack's reading, which the spec does not fix (the real system reads '').",
  },
  'soap.boolean-meaning': {
    fixedBy: [
      'soap.activateService.output',
      'soap.addProjectMember.output',
      'soap.addUserToUGroup.output',
      'soap.deactivateService.output',
      'soap.removeProjectMember.output',
      'soap.removeUserFromUGroup.output',
    ],
    why: "§4.2: 'Meaning of the returned boolean: not shown'; that these operations answer a boolean is their rows.",
  },

  // §4.3
  'rest.query.other-operators': {
    open: "§4.3: 'Operators of the artifact query other than 'contains': not shown.' 'contains' is rest.query.contains.",
  },
  'rest.artifacts.update-body': {
    fixedBy: ['rest.artifacts.update'],
    why: "§4.3: 'Request body of the artifact update: not shown'; that PUT /artifacts/<id> updates the artifact is the table's. Its 'updated artifact' answer is not made a MUST: the real system answers 200 with an empty body.",
  },
  'rest.routes.prefix': {
    open: "§4.3: 'routes in the concurrency and XML sections are written without it. Whether they are the same routes: not shown.'",
  },
  'rest.routes.shapes': {
    fixedBy: ['rest.artifacts.create', 'rest.artifacts.get', 'rest.trackers.get'],
    why: "§4.3: 'Response shapes of the tracker and artifact routes: not shown'; what each route does is the table's row.",
  },

  // §4.4
  'rest.concurrency.tracker-artifacts-only': {
    fixedBy: [
      'rest.concurrency.etag',
      'rest.concurrency.last-modified',
      'rest.concurrency.if-match-fresh',
      'rest.concurrency.if-unmodified-since-fresh',
    ],
    why: "§4.4.5: 'Concurrency checking is available for tracker artifacts only'; §4.4.1-2 fix that GET of an artifact carries Etag and Last-Modified and that the value received is sent back; the form of the values is open.",
  },

  // §4.5
  'rest.xml.other-endpoints': {
    open: "§4.5.2: 'Only these endpoints are stated as tested … Other endpoints may not work with XML.' The request document's root is rest.xml.request-root.",
  },

  // §5.1
  'soap.auth.site-admin': {
    open: "§5.1.2: 'Operations on a project require the session of a project admin of that project'; whether a site admin counts as one of every project is not said (§5.1.3 names the site admin for addProject only).",
  },
  'soap.session.login': {
    open: "§5.1.4: 'How a session key is obtained: not shown.' That keys are strings is soap.types.session-key-string.",
  },

  // §5.2
  'rest.access.open-choices': {
    fixedBy: ['rest.access.private-refused', 'rest.projects.private-hidden'],
    why: "§5.2.1: 'some resources need authentication'; which ones is not shown. The refusal of a private project to a user outside it is fixed (privacy 'public' or 'private', §4.2), its status is not.",
  },
  'rest.tokens.bad-credentials': {
    fixedBy: ['rest.auth.invalid-credentials-fail'],
    why: "§5.2.2: 'Invalid credentials give a server error even on a resource that is reachable anonymously'; §7.2: 'server error | Invalid credentials'; §4.3 rule 2: 'A request made with invalid credentials fails'. The status is open (the real system: 401); that the answer is no success and carries no token is rest.auth.invalid-credentials-fail, judged on POST /api/tokens with a wrong password (suites/rest/tokens.test.ts, suites/rest/credential-forms.test.ts).",
  },

  // §7.1
  'soap.getProjectGenericUser.faults': {
    fixedBy: ['soap.auth.generic-user', 'soap.auth.project-admin'],
    why: "§7.1: 'Error codes of getProjectGenericUser, setProjectGenericUser and unsetGenericUser: not shown'; §5.1.2: 'Operations on a project require the session of a project admin of that project': a session of no admin, or no session, is refused with a fault, whatever its code.",
  },
  'soap.setProjectGenericUser.faults': {
    fixedBy: ['soap.auth.generic-user', 'soap.auth.project-admin'],
    why: "§7.1: 'Error codes of … setProjectGenericUser …: not shown'; §5.1.2 fixes the refusal of a session of no admin, or of no session, with a fault, whatever its code.",
  },
  'soap.unsetGenericUser.faults': {
    fixedBy: ['soap.auth.generic-user', 'soap.auth.project-admin'],
    why: "§7.1: 'Error codes of … unsetGenericUser: not shown'; §5.1.2 fixes the refusal of a session of no admin, or of no session, with a fault, whatever its code.",
  },
  'soap.fault.unlisted-codes': {
    fixedBy: ['soap.auth.project-admin'],
    why: "§7.1 lists 3001 'Invalid session' but not for every operation; §5.1.2 fixes that an operation on a project refuses a session that is no admin's (an invalid key) with a fault; which code, and what addProjectMember does with a login it cannot add, is not said.",
  },
  'soap.fault.payload-shape': {
    fixedBy: ['soap.fault.numeric-code'],
    why: "§7.2: 'Shape of error payloads (SOAP fault and REST body): not shown'; that a fault carries the §7.1 code is soap.fault.numeric-code.",
  },

  // §7.2
  'rest.errors.invalid-credentials-status': {
    fixedBy: ['rest.auth.invalid-credentials-fail'],
    why: "§7.2: 'server error | Invalid credentials, even on an anonymously reachable resource'; §4.3 rule 2: 'A request made with invalid credentials fails'. That it fails is the MUST; its status is observed (the real system: 401).",
  },
  'rest.errors.payload-shape': {
    open: "§7.2: 'Shape of error payloads (SOAP fault and REST body): not shown.'",
  },

  // §8
  'rest.pagination.over-max-status': {
    fixedBy: ['rest.pagination.limit-max'],
    why: "§8: 'limit query parameter | cannot exceed the value reported in X-PAGINATION-LIMIT-MAX': a limit above it is not honoured; whether it is refused (and with which status) or capped is not said.",
  },
  'rest.pagination.small-limits': {
    open: "§8 rule 4: 'Clients should not request very small limits' is the client's rule; what the server answers to one is not said.",
  },
  'soap.quota.threshold': {
    fixedBy: ['soap.addProject.fault.4000'],
    why: "§8: 'The numeric threshold of the addProject quota: not shown'; 'beyond it, error 4000' is soap.addProject.fault.4000.",
  },
  'rest.limits.rate-and-payload': {
    open: "§8: 'Rate limits and payload size limits of the REST side: not shown.'",
  },

  // §9
  'rest.versioning.xml-since-7-11': {
    fixedBy: ['rest.xml.get', 'rest.xml.post', 'rest.xml.put'],
    why: "§9.2: 'XML input and output for REST is supported from service release 7.11 on'; the release of a target is not observable, the XML support is the §4.5 MUSTs.",
  },
  'rest.versioning.api-version': {
    open: "§9.3: 'Version identifiers of the REST API and compatibility rules: not shown.'",
  },
};
