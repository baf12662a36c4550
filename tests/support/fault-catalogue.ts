/**
 * Which requirements must catch each planted fault (reference-server/faults.ts), and the suite
 * filters (`--suite`) that hold their checks: the tests' knowledge, used by
 * tests/self-validation.test.ts. Keyed by FaultName: a fault missing here, or a name that is no
 * planted fault, is a compile error.
 */
import type { RequirementId } from '../../lib/requirements/index.ts';
import type { FaultName } from '../../reference-server/faults.ts';

export interface FaultCatch {
  /** Requirements that must fail when the fault is planted (at least one of them). */
  caughtBy: readonly RequirementId[];
  /** Suite filters (`--suite`) that hold those checks. */
  suites: readonly string[];
}

export const FAULT_CATALOGUE: Readonly<Record<FaultName, FaultCatch>> = {
  'soap-member-add-not-applied': {
    caughtBy: ['soap.addProjectMember.effect'],
    suites: ['soap/membership'],
  },
  'soap-ugroup-remove-not-applied': {
    caughtBy: ['soap.removeUserFromUGroup.effect'],
    suites: ['soap/membership'],
  },
  'soap-deactivate-not-applied': {
    caughtBy: ['soap.deactivateService.effect'],
    suites: ['soap/services'],
  },
  'soap-description-value-trimmed': {
    caughtBy: [
      'soap.setProjectDescriptionFieldValue.effect',
      'soap.getProjectDescriptionFieldsValue.effect',
    ],
    suites: ['soap/description-fields'],
  },
  'soap-description-written-before-3108': {
    caughtBy: ['soap.fault.nothing-changed'],
    suites: ['soap/description-fields'],
  },
  'soap-generic-user-password-kept': {
    caughtBy: ['soap.setProjectGenericUser.effect'],
    suites: ['soap/generic-user'],
  },
  'soap-new-project-public': {
    caughtBy: ['soap.addProject.privacy'],
    suites: ['soap/add-project'],
  },
  'soap-new-project-without-services': {
    caughtBy: ['soap.addProject.inherits-services'],
    suites: ['soap/add-project'],
  },
  // Breaks the provisioning: every test is blocked on the requirement (lib/kit/blocked.ts).
  'soap-add-project-admin-not-set': {
    caughtBy: ['soap.addProject.session-key-admin'],
    suites: ['soap/add-project'],
  },
  'soap-quota-unlimited': {
    caughtBy: ['soap.addProject.fault.4000', 'soap.quota.threshold'],
    suites: ['soap/add-project'],
  },
  'soap-members-administer': {
    caughtBy: ['soap.auth.project-admin', 'soap.addProjectMember.fault.3201'],
    suites: ['soap/membership'],
  },
  'soap-admin-anywhere': {
    caughtBy: [
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
    suites: ['soap/membership', 'soap/services', 'soap/description-fields'],
  },
  'soap-generic-user-any-session': {
    caughtBy: ['soap.auth.generic-user'],
    suites: ['soap/generic-user'],
  },
  'soap-service-lookup-platform-wide': {
    caughtBy: ['soap.activateService.fault.3019', 'soap.deactivateService.fault.3019'],
    suites: ['soap/services'],
  },
  'soap-description-fields-list-incomplete': {
    caughtBy: ['soap.getPlateformProjectDescriptionFields.effect'],
    suites: ['soap/description-fields'],
  },
  'soap-unknown-project-3001': {
    caughtBy: ['soap.addProjectMember.fault.3000', 'soap.removeProjectMember.fault.3000'],
    suites: ['soap/membership'],
  },
  'soap-unknown-ugroup-3000': {
    caughtBy: ['soap.addUserToUGroup.fault.3301', 'soap.removeUserFromUGroup.fault.3301'],
    suites: ['soap/membership'],
  },
  'soap-internal-failure-code-0': {
    caughtBy: ['soap.addProject.fault.3101', 'soap.addProject.fault.3105'],
    suites: ['soap/add-project'],
  },
  'soap-remove-non-member-succeeds': {
    caughtBy: ['soap.removeProjectMember.fault.3203'],
    suites: ['soap/membership'],
  },
  'soap-services-usage-3201-outsider': {
    caughtBy: ['soap.getProjectServicesUsage.fault.3203'],
    suites: ['soap/services'],
  },
  'soap-site-admin-unknown-project-3203': {
    caughtBy: ['soap.getProjectDescriptionFieldsValue.fault.3000'],
    suites: ['soap/description-fields'],
  },
  'soap-outsider-unknown-field-accepted': {
    caughtBy: [
      'soap.setProjectDescriptionFieldValue.fault.3108',
      'soap.setProjectDescriptionFieldValue.fault.3201',
    ],
    suites: ['soap/argument-faults'],
  },
  'soap-no-xsi-type': { caughtBy: ['soap.wire.xsi-type'], suites: ['soap/wire'] },
  'soap-arrays-without-array-type': {
    caughtBy: ['soap.wire.encoded-arrays'],
    suites: ['soap/wire'],
  },
  'soap-array-members-untyped': { caughtBy: ['soap.wire.xsi-type'], suites: ['soap/wire'] },
  'soap-array-typed-as-member': { caughtBy: ['soap.wire.xsi-type'], suites: ['soap/wire'] },
  'soap-array-type-count-wrong': { caughtBy: ['soap.wire.encoded-arrays'], suites: ['soap/wire'] },
  'soap-answer-namespace-other-base': {
    caughtBy: ['soap.versioning.fixed-namespace', 'soap.wire.xsi-type'],
    suites: ['soap/wire'],
  },
  'soap-fault-http-200': { caughtBy: ['soap.fault.http-500'], suites: ['soap/wire'] },
  'soap-faultcode-qualified': { caughtBy: ['soap.fault.numeric-code'], suites: ['soap/wire'] },
  'soap-action-unquoted-refused': {
    caughtBy: ['soap.wire.soap-action-header'],
    suites: ['soap/wire'],
  },
  'soap-wsdl-document-style': { caughtBy: ['soap.wsdl.style-rpc'], suites: ['soap/wsdl'] },
  'soap-wsdl-literal-use': { caughtBy: ['soap.wsdl.use-encoded'], suites: ['soap/wsdl'] },
  'soap-wsdl-bare-soap-action': { caughtBy: ['soap.wsdl.soap-action'], suites: ['soap/wsdl'] },
  'soap-namespace-versioned': {
    caughtBy: ['soap.wsdl.target-namespace', 'soap.versioning.fixed-namespace'],
    suites: ['soap/wsdl'],
  },
  'soap-wsdl-location-other-base': { caughtBy: ['soap.transport.location'], suites: ['soap/wsdl'] },
  'soap-wsdl-location-port-dropped': {
    caughtBy: ['soap.transport.location'],
    suites: ['soap/wsdl'],
  },
  'soap-wsdl-location-path-case': { caughtBy: ['soap.transport.location'], suites: ['soap/wsdl'] },
  'soap-wsdl-soap-action-other-base': {
    caughtBy: ['soap.wsdl.soap-action'],
    suites: ['soap/wsdl'],
  },
  'soap-wsdl-session-key-int': {
    caughtBy: ['soap.types.session-key-string', 'soap.auth.session-first'],
    suites: ['soap/wsdl'],
  },
  'soap-wsdl-parts-swapped': { caughtBy: ['soap.addProjectMember.parts'], suites: ['soap/wsdl'] },
  'token-status-201': { caughtBy: ['rest.tokens.create'], suites: ['rest/tokens'] },
  'token-uri-relative': { caughtBy: ['rest.tokens.uri-form'], suites: ['rest/tokens'] },
  'token-user-id-number': { caughtBy: ['rest.tokens.fields'], suites: ['rest/tokens'] },
  'token-never-expires': {
    caughtBy: ['rest.auth.token-expired-401'],
    suites: ['rest/token-lifetime'],
  },
  'token-expires-early': {
    caughtBy: ['rest.auth.token-lifetime'],
    suites: ['rest/token-lifetime'],
  },
  'invalid-token-anonymous': {
    caughtBy: ['rest.auth.invalid-credentials-fail'],
    suites: ['rest/auth'],
  },
  'basic-ignored': { caughtBy: ['rest.auth.basic'], suites: ['rest/auth'] },
  'private-readable-anonymously': { caughtBy: ['rest.auth.missing-401'], suites: ['rest/auth'] },
  'anonymous-refused': { caughtBy: ['rest.auth.anonymous'], suites: ['rest/auth'] },
  'pagination-size-is-page': { caughtBy: ['rest.pagination.size'], suites: ['rest/collections'] },
  'pagination-offset-zero': { caughtBy: ['rest.pagination.offset'], suites: ['rest/collections'] },
  'pagination-limit-unbounded': {
    caughtBy: ['rest.pagination.limit-max'],
    suites: ['rest/collections'],
  },
  'pagination-skips-one': {
    caughtBy: ['rest.pagination.paging-forward'],
    suites: ['rest/collections'],
  },
  'pagination-headers-missing': {
    caughtBy: ['rest.pagination.paginated-routes'],
    suites: ['rest/collections'],
  },
  'pagination-limit-max-refused': {
    caughtBy: ['rest.pagination.limit-max'],
    suites: ['rest/collections', 'rest/pagination-boundaries'],
  },
  'pagination-default-page-overfull': {
    caughtBy: ['rest.pagination.limit-chunk'],
    suites: ['rest/collections'],
  },
  'query-size-counts-all': { caughtBy: ['rest.pagination.size'], suites: ['rest/collections'] },
  'query-answers-500': { caughtBy: ['rest.query.route'], suites: ['rest/collections'] },
  'token-route-500': { caughtBy: ['rest.auth.token-headers'], suites: ['rest/auth'] },
  'query-ignores-criteria': { caughtBy: ['rest.query.contains'], suites: ['rest/collections'] },
  'query-first-value-only': { caughtBy: ['rest.query.contains'], suites: ['rest/collections'] },
  'etag-missing': { caughtBy: ['rest.concurrency.etag'], suites: ['rest/concurrency'] },
  'last-modified-missing': {
    caughtBy: ['rest.concurrency.last-modified'],
    suites: ['rest/concurrency'],
  },
  'if-match-ignored': {
    caughtBy: ['rest.concurrency.if-match-stale'],
    suites: ['rest/concurrency'],
  },
  'if-unmodified-since-ignored': {
    caughtBy: ['rest.concurrency.if-unmodified-since-stale'],
    suites: ['rest/concurrency'],
  },
  'if-match-always-stale': {
    caughtBy: ['rest.concurrency.if-match-fresh'],
    suites: ['rest/concurrency'],
  },
  'both-headers-if-match-only': {
    caughtBy: ['rest.concurrency.each-header-checked'],
    suites: ['rest/concurrency'],
  },
  'both-headers-since-only': {
    caughtBy: ['rest.concurrency.each-header-checked'],
    suites: ['rest/concurrency'],
  },
  'last-modified-creation-time': {
    caughtBy: ['rest.concurrency.last-modified-version'],
    suites: ['rest/concurrency'],
  },
  'no-header-refused': {
    caughtBy: ['rest.concurrency.no-header-overwrites'],
    suites: ['rest/concurrency'],
  },
  'update-race': { caughtBy: ['rest.concurrency.one-winner'], suites: ['rest/concurrency'] },
  'update-not-applied': { caughtBy: ['rest.artifacts.update'], suites: ['rest/artifacts'] },
  'create-drops-list-values': { caughtBy: ['rest.artifacts.create'], suites: ['rest/artifacts'] },
  'xml-bind-ids-as-text': { caughtBy: ['rest.xml.item-arrays'], suites: ['rest/xml'] },
  'xml-request-root-refused': { caughtBy: ['rest.xml.post'], suites: ['rest/xml'] },
  'xml-put-ignored': { caughtBy: ['rest.xml.put'], suites: ['rest/xml'] },
  'xml-answered-as-json': { caughtBy: ['rest.xml.get'], suites: ['rest/xml'] },
  'xml-put-answered-as-json': { caughtBy: ['rest.xml.put-answer'], suites: ['rest/xml'] },
  'xml-post-both-answered-as-json': { caughtBy: ['rest.xml.post-answer'], suites: ['rest/xml'] },
  'xml-answer-follows-body': {
    caughtBy: ['rest.xml.answer-follows-accept', 'rest.xml.post-answer', 'rest.xml.put-answer'],
    suites: ['rest/xml'],
  },
  'xml-answer-labelled-json': {
    caughtBy: ['rest.xml.post-answer', 'rest.xml.put-answer'],
    suites: ['rest/xml'],
  },
  'project-uri-absolute': { caughtBy: ['rest.projects.representation'], suites: ['rest/projects'] },
  'project-resources-empty': {
    caughtBy: ['rest.projects.resources', 'rest.discovery.links'],
    suites: ['rest/projects'],
  },
  'project-list-hides-private': { caughtBy: ['rest.projects.list'], suites: ['rest/projects'] },
  'project-list-shows-private': {
    caughtBy: ['rest.projects.private-hidden'],
    suites: ['rest/projects'],
  },
  'tracker-without-values': { caughtBy: ['rest.trackers.get'], suites: ['rest/trackers'] },
  // The message dimension (spec/matrix/messages.ts): one header of one message.
  'soap-fault-media-type-html': {
    caughtBy: ['soap.wire.media-type'],
    suites: ['soap/answer-headers'],
  },
  'soap-answer-media-type-soap12': {
    caughtBy: ['soap.wire.media-type'],
    suites: ['soap/answer-headers'],
  },
  'etag-missing-xml': { caughtBy: ['rest.concurrency.etag'], suites: ['rest/message-headers'] },
  'pagination-size-missing-query': {
    caughtBy: ['rest.pagination.headers'],
    suites: ['rest/message-headers'],
  },
  'private-trackers-outsider': {
    caughtBy: ['rest.access.private-refused'],
    suites: ['rest/access-matrix'],
  },
  'private-artifact-anonymous': {
    caughtBy: ['rest.access.private-refused', 'rest.auth.missing-401'],
    suites: ['rest/access-matrix'],
  },
  'private-create-outsider': {
    caughtBy: ['rest.access.private-refused'],
    suites: ['rest/access-matrix'],
  },
  'refused-create-applied': {
    caughtBy: ['rest.access.private-refused'],
    suites: ['rest/access-matrix'],
  },
  'refusal-names-project': {
    caughtBy: ['rest.access.private-refused'],
    suites: ['rest/access-matrix'],
  },
};
