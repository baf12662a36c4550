/**
 * The planted faults of the SOAP interface (`--fault soap-NAME`), each one declaration
 * (declaration.ts): the rule it breaks, the requirements that must catch it, and its rewrite.
 */
import { DomainError, MESSAGES, type FaultCode } from '../domain/errors.ts';
import type { ProjectAdminDeps } from '../domain/project-admin.ts';
import type { Service } from '../domain/projects.ts';
import { KEY_LENGTH, sessionKeysReadAs } from './credential-rewrites.ts';
import { fault, type OperationRewrites } from './declaration.ts';
import { NOT_IN_TRAFFIC } from './not-in-traffic.ts';

/** A name that is not the server's own base: what the base faults put in place of it. */
const OTHER_BASE = 'http://other-name.invalid';

export const SOAP_FAULTS = [
  fault({
    name: 'soap-member-add-not-applied',
    does: 'addProjectMember answers true but adds nobody (§4.2 #3)',
    breaks: ['soap.addProjectMember.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      addProjectMember(deps, call, sessionKey, groupId, userLogin) {
        const before = new Set(deps.projects.get(groupId)?.members);
        const answer = call(sessionKey, groupId, userLogin);
        const members = deps.projects.get(groupId)?.members;
        if (members) for (const id of members) if (!before.has(id)) members.delete(id);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-member-remove-not-applied',
    does: 'removeProjectMember answers true but the user stays a member (§4.2 #10)',
    breaks: ['soap.removeProjectMember.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      removeProjectMember(deps, call, sessionKey, groupId, userLogin) {
        const before = new Set(deps.projects.get(groupId)?.members);
        const answer = call(sessionKey, groupId, userLogin);
        const members = deps.projects.get(groupId)?.members;
        if (members) for (const id of before) members.add(id);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-ugroup-remove-not-applied',
    does: 'removeUserFromUGroup answers true but the user stays in the group (§4.2 #11)',
    breaks: ['soap.removeUserFromUGroup.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      removeUserFromUGroup(deps, call, sessionKey, groupId, ugroupId, userId) {
        const project = deps.projects.get(groupId);
        const members =
          ugroupId === deps.adminsUgroupId
            ? project?.admins
            : project?.ugroups.get(ugroupId)?.members;
        const wasIn = members?.has(userId) === true;
        const answer = call(sessionKey, groupId, ugroupId, userId);
        if (wasIn) members?.add(userId);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-deactivate-not-applied',
    does: 'deactivateService answers true but the service stays used (§4.2 #5)',
    breaks: ['soap.deactivateService.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      setServiceUsage(deps, call, sessionKey, groupId, serviceId, isUsed) {
        const wasUsed = serviceOf(deps, serviceId)?.isUsed;
        const answer = call(sessionKey, groupId, serviceId, isUsed);
        const service = serviceOf(deps, serviceId);
        if (service && wasUsed !== undefined && !isUsed) service.isUsed = wasUsed;
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-description-value-trimmed',
    does: 'setProjectDescriptionFieldValue stores the value trimmed of surrounding white space (§4.2 #12)',
    breaks: [
      'soap.setProjectDescriptionFieldValue.effect',
      'soap.getProjectDescriptionFieldsValue.effect',
    ],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      setProjectDescriptionFieldValue: (_deps, call, sessionKey, groupId, fieldId, value) =>
        call(sessionKey, groupId, fieldId, value.trim()),
    },
  }),
  fault({
    name: 'soap-description-written-before-3108',
    does: 'setProjectDescriptionFieldValue of an unknown field stores the value, then answers 3108 (§7.1)',
    breaks: ['soap.fault.nothing-changed'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      setProjectDescriptionFieldValue(deps, call, sessionKey, groupId, fieldId, value) {
        try {
          call(sessionKey, groupId, fieldId, value);
        } catch (error) {
          // The value is stored, then the fault answered.
          if (hasCode(error, 3108))
            deps.projects.get(groupId)?.descriptionValues.set(fieldId, value);
          throw error;
        }
      },
    },
  }),
  fault({
    name: 'soap-generic-user-password-kept',
    does: 'setProjectGenericUser on a project that has one keeps the old password (§4.2 #13)',
    breaks: ['soap.setProjectGenericUser.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      setProjectGenericUser(deps, call, sessionKey, groupId, password) {
        const genericUserId = deps.projects.get(groupId)?.genericUserId;
        const existing = genericUserId === undefined ? undefined : deps.users.byIdOf(genericUserId);
        const oldPassword = existing?.password;
        const answer = call(sessionKey, groupId, password);
        if (existing && oldPassword !== undefined) existing.password = oldPassword;
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-new-project-public',
    does: 'addProject makes every project public, whatever the privacy part says (§4.2 #2)',
    breaks: ['soap.addProject.privacy'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      addProject: (
        _deps,
        call,
        sessionKey,
        adminSessionKey,
        shortName,
        publicName,
        _privacy,
        templateId,
      ) => call(sessionKey, adminSessionKey, shortName, publicName, 'public', templateId),
    },
  }),
  fault({
    name: 'soap-new-project-without-services',
    does: 'a project created by addProject has no services: nothing inherited from the template (§4.2 #2)',
    breaks: ['soap.addProject.inherits-services'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      addProject(deps, call, ...args) {
        const id = call(...args);
        const project = deps.projects.get(id);
        if (project) project.services = [];
        return id;
      },
    },
  }),
  fault({
    name: 'soap-add-project-admin-not-set',
    does: "addProject does not make the sessionKey user the created project's admin: adding a member then answers 3201 (§4.2 #2)",
    breaks: ['soap.addProject.session-key-admin'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      addProject(deps, call, ...args) {
        const id = call(...args);
        // The desired project admin (sessionKey) stays a member, and nobody administers the project.
        const project = deps.projects.get(id);
        const requester = deps.sessions.userOf(args[0]);
        if (project && requester !== undefined) project.admins.delete(requester);
        return id;
      },
    },
  }),
  fault({
    name: 'soap-quota-unlimited',
    does: 'addProject has no quota: never fault 4000 (§8)',
    breaks: ['soap.addProject.fault.4000'],
    notInTraffic:
      "the quota's threshold is the target's configuration: traffic cannot tell the project over it from the ones within",
    // The calls are still counted, never refused.
    state: { projectQuota: Number.POSITIVE_INFINITY },
  }),
  fault({
    name: 'soap-members-administer',
    does: 'a project member, not only a project admin, may change memberships (§5.1)',
    // A member's call passes the rights check: refused at all, §5.1.2 fails; removing the last
    // admin is then refused by the domain with its own code, not the 3201 of §7.1.
    breaks: ['soap.auth.project-admin', 'soap.removeUserFromUGroup.fault.3201'],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    domain: () => ({
      alsoAdministers: (user, project, scope) =>
        scope === 'project-admin' && project.members.has(user.id),
    }),
  }),
  fault({
    name: 'soap-admin-anywhere',
    does: 'whoever administers some project gets the admin operations on every project (§5.1.2: of that project)',
    // Not refused at all: the rights of §5.1.2, for the generic-user operations too; no refusal
    // comes to be judged on its §7.1 code, but one: removing the last admin, let through the
    // rights check, is refused by the domain with its own code, not the 3201 of §7.1.
    breaks: [
      'soap.auth.project-admin',
      'soap.auth.generic-user',
      'soap.removeUserFromUGroup.fault.3201',
    ],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    domain: (projects) => ({
      alsoAdministers: (user) =>
        projects()
          .all()
          .some((p) => p.admins.has(user.id)),
    }),
  }),
  fault({
    name: 'soap-generic-user-any-session',
    does: 'getProjectGenericUser, setProjectGenericUser and unsetGenericUser accept any valid session (§5.1.2)',
    breaks: ['soap.auth.generic-user'],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    domain: () => ({ alsoAdministers: (_user, _project, scope) => scope === 'generic-user' }),
  }),
  fault({
    name: 'soap-service-lookup-platform-wide',
    does: "activateService and deactivateService find the service in any project, not only in group_id's (§7.1 3019)",
    breaks: ['soap.activateService.fault.3019', 'soap.deactivateService.fault.3019'],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    operations: {
      setServiceUsage(deps, call, sessionKey, groupId, serviceId, isUsed) {
        try {
          return call(sessionKey, groupId, serviceId, isUsed);
        } catch (error) {
          // The service of another project is changed too.
          const service = serviceOf(deps, serviceId);
          if (!hasCode(error, 3019) || !service) throw error;
          service.isUsed = isUsed;
          return true;
        }
      },
    },
  }),
  fault({
    name: 'soap-description-fields-list-incomplete',
    does: 'getPlateformProjectDescriptionFields leaves out the last field, which stays settable (§4.2 #6: all fields)',
    breaks: ['soap.getPlateformProjectDescriptionFields.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      getPlateformProjectDescriptionFields: (_deps, call, sessionKey) =>
        call(sessionKey).slice(0, -1),
    },
  }),
  fault({
    name: 'soap-unknown-project-3001',
    does: 'a project that does not exist answers 3001 instead of 3000 (§7.1)',
    // Every §7.1 pair with 3000: each operation given a project that does not exist.
    breaks: [
      'soap.activateService.fault.3000',
      'soap.deactivateService.fault.3000',
      'soap.addProjectMember.fault.3000',
      'soap.removeProjectMember.fault.3000',
      'soap.addUserToUGroup.fault.3000',
      'soap.removeUserFromUGroup.fault.3000',
      'soap.getProjectDescriptionFieldsValue.fault.3000',
      'soap.getProjectServicesUsage.fault.3000',
      'soap.setProjectDescriptionFieldValue.fault.3000',
    ],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    soapFault: (fault) =>
      fault.code === '3000' ? { ...fault, code: '3001', message: MESSAGES.invalidSession } : fault,
  }),
  fault({
    name: 'soap-unknown-ugroup-3000',
    does: 'a user group that does not exist answers 3000 instead of 3301 (§7.1)',
    breaks: ['soap.addUserToUGroup.fault.3301', 'soap.removeUserFromUGroup.fault.3301'],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    soapFault: (fault) =>
      fault.code === '3301' ? { ...fault, code: '3000', message: MESSAGES.invalidProject } : fault,
  }),
  fault({
    name: 'soap-internal-failure-code-0',
    does: "addProject's internal creation failures answer fault 0 (a generic exception), not 3101 or 3105 (§7.1)",
    breaks: ['soap.addProject.fault.3101', 'soap.addProject.fault.3105'],
    notInTraffic:
      'code 0 is one the real system sends (spec/soap-operations.ts UNLISTED_FAULT_CODES): observed, never failed',
    operations: {
      addProject(_deps, call, ...args) {
        try {
          return call(...args);
        } catch (error) {
          if (hasCode(error, 3101, 3105)) throw new DomainError(0, 'Internal error');
          throw error;
        }
      },
    },
  }),
  fault({
    name: 'soap-remove-non-member-succeeds',
    does: 'removeProjectMember of a user who is not a member answers true instead of 3203 (§7.1)',
    breaks: ['soap.removeProjectMember.fault.3203'],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    operations: {
      removeProjectMember(_deps, call, ...args) {
        try {
          return call(...args);
        } catch (error) {
          if (hasCode(error, 3203)) return true;
          throw error;
        }
      },
    },
  }),
  fault({
    name: 'soap-services-usage-3201-outsider',
    does: 'getProjectServicesUsage answers 3201 instead of 3203 to a caller outside the project; a member still gets 3203 (§7.1)',
    breaks: ['soap.getProjectServicesUsage.fault.3203'],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    operations: {
      getProjectServicesUsage(deps, call, sessionKey, groupId) {
        try {
          return call(sessionKey, groupId);
        } catch (error) {
          const caller = deps.sessions.userOf(sessionKey);
          const outside = caller !== undefined && !deps.projects.get(groupId)?.members.has(caller);
          if (hasCode(error, 3203) && outside)
            throw new DomainError(3201, MESSAGES.notProjectAdmin);
          throw error;
        }
      },
    },
  }),
  fault({
    name: 'soap-site-admin-unknown-project-3203',
    does: 'getProjectDescriptionFieldsValue of a project that does not exist answers 3203 instead of 3000 to a site admin, who administers every other project (§7.1)',
    breaks: ['soap.getProjectDescriptionFieldsValue.fault.3000'],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    operations: {
      getProjectDescriptionFieldsValue(deps, call, sessionKey, groupId) {
        try {
          return call(sessionKey, groupId);
        } catch (error) {
          const caller = deps.sessions.userOf(sessionKey);
          const siteAdmin = caller !== undefined && deps.users.byIdOf(caller)?.siteAdmin === true;
          if (hasCode(error, 3000) && siteAdmin)
            throw new DomainError(3203, MESSAGES.notProjectAdmin);
          throw error;
        }
      },
    },
  }),
  fault({
    name: 'soap-outsider-unknown-field-accepted',
    does: 'setProjectDescriptionFieldValue by a caller without rights, of a field the platform does not have, answers success: the rights are checked for known fields only (§5.1.2, §7.1 3108 or 3201)',
    breaks: [
      'soap.setProjectDescriptionFieldValue.fault.3108',
      'soap.setProjectDescriptionFieldValue.fault.3201',
    ],
    notInTraffic: NOT_IN_TRAFFIC.codeDependsOnState,
    operations: {
      setProjectDescriptionFieldValue(deps, call, sessionKey, groupId, fieldId, value) {
        try {
          call(sessionKey, groupId, fieldId, value);
        } catch (error) {
          // Refused rights go unnoticed for an unknown field.
          if (hasCode(error, 3201) && !deps.descriptionFields.some((f) => f.id === fieldId)) return;
          throw error;
        }
      },
    },
  }),
  fault({
    name: 'soap-no-xsi-type',
    does: 'answers carry no xsi:type on returned values (§4.1 rpc/encoded)',
    breaks: ['soap.wire.xsi-type'],
    soapAnswer: (xml) => xml.replace(/ xsi:type="[^"]*"/g, ''),
  }),
  fault({
    name: 'soap-arrays-without-array-type',
    does: 'arrays are sent without SOAP-ENC:arrayType (§4.1)',
    breaks: ['soap.wire.encoded-arrays'],
    soapAnswer: (xml) => xml.replace(/ SOAP-ENC:arrayType="[^"]*"/g, ''),
  }),
  fault({
    name: 'soap-array-members-untyped',
    does: 'array members carry no xsi:type, though the array and their fields do (§4.1 rpc/encoded)',
    breaks: ['soap.wire.xsi-type'],
    soapAnswer: (xml) => xml.replace(/<item xsi:type="[^"]*"/g, '<item'),
  }),
  fault({
    name: 'soap-array-typed-as-member',
    does: 'an array is typed with its members\' type (xsi:type="ns1:ServiceValue"), neither its WSDL type nor SOAP-ENC:Array (§4.1, SOAP 1.1 §5.4.2)',
    breaks: ['soap.wire.xsi-type'],
    soapAnswer: (xml) =>
      xml.replace(
        /( SOAP-ENC:arrayType="ns1:(\w+)\[\d*\]" xsi:type=")ns1:\w+"/g,
        (_, head: string, member: string) => `${head}ns1:${member}"`,
      ),
  }),
  fault({
    name: 'soap-array-type-count-wrong',
    does: 'SOAP-ENC:arrayType declares one member more than the array holds (SOAP 1.1 §5.4.2)',
    breaks: ['soap.wire.encoded-arrays'],
    soapAnswer: (xml) =>
      xml.replace(
        /( SOAP-ENC:arrayType="[^"[]*\[)(\d+)\]/g,
        (_, head: string, n: string) => `${head}${Number(n) + 1}]`,
      ),
  }),
  fault({
    name: 'soap-answer-namespace-other-base',
    does: 'answers are in {other name}/soap/project while the WSDL declares {base_url}/soap/project (§4.1, §9.1)',
    breaks: ['soap.versioning.fixed-namespace', 'soap.wire.xsi-type'],
    answerNamespace: (namespace) => namespace.replace(/^https?:\/\/[^/]+/, OTHER_BASE),
  }),
  fault({
    name: 'soap-fault-http-200',
    does: 'SOAP faults are sent with HTTP status 200 (§7.1, SOAP 1.1 over HTTP)',
    breaks: ['soap.fault.http-500'],
    soapFault: (fault) => ({ ...fault, status: 200 }),
  }),
  fault({
    name: 'soap-fault-media-type-html',
    does: 'the faults of removeUserFromUGroup are sent with Content-Type text/html (§4.1: SOAP 1.1 over HTTP sends text/xml)',
    breaks: ['soap.wire.media-type'],
    mediaType: (operation, answer, type) =>
      answer === 'fault' && operation === 'removeUserFromUGroup'
        ? 'text/html; charset=utf-8'
        : type,
  }),
  fault({
    name: 'soap-answer-media-type-soap12',
    does: "the successful answers of getProjectServicesUsage are sent with SOAP 1.2's Content-Type application/soap+xml (§4.1: SOAP 1.1 over HTTP sends text/xml)",
    breaks: ['soap.wire.media-type'],
    mediaType: (operation, answer, type) =>
      answer === 'success' && operation === 'getProjectServicesUsage'
        ? 'application/soap+xml; charset=utf-8'
        : type,
  }),
  fault({
    name: 'soap-faultcode-qualified',
    does: 'the faultcode is SOAP-ENV:Server with the number only in the faultstring (§7.1)',
    breaks: ['soap.fault.numeric-code'],
    soapFault: (fault) =>
      /^\d+$/.test(fault.code)
        ? { ...fault, code: 'SOAP-ENV:Server', message: `${fault.code}: ${fault.message}` }
        : fault,
  }),
  fault({
    name: 'soap-action-unquoted-refused',
    does: 'an unquoted SOAPAction {base_url}/soap/project#<op> is refused (only the quoted form is taken)',
    breaks: ['soap.wire.soap-action-header'],
    notInTraffic: NOT_IN_TRAFFIC.refusalOfAllowed,
    soapActionRefused: (raw) => raw !== '' && !raw.startsWith('"'),
  }),
  fault({
    name: 'soap-wsdl-document-style',
    does: 'the WSDL binds the operations in document style (§4.1)',
    breaks: ['soap.wsdl.style-rpc'],
    wsdl: (wsdl) => wsdl.replaceAll('style="rpc"', 'style="document"'),
  }),
  fault({
    name: 'soap-wsdl-literal-use',
    does: 'the WSDL declares use="literal" (§4.1)',
    breaks: ['soap.wsdl.use-encoded'],
    wsdl: (wsdl) => wsdl.replaceAll('use="encoded"', 'use="literal"'),
  }),
  fault({
    name: 'soap-wsdl-bare-soap-action',
    does: 'the WSDL soapAction is the bare operation name, not {tns}#<op> (§4.1)',
    breaks: ['soap.wsdl.soap-action'],
    wsdl: (wsdl) => wsdl.replace(/soapAction="[^"#]*#/g, 'soapAction="'),
  }),
  fault({
    name: 'soap-namespace-versioned',
    does: 'the target namespace is {base_url}/soap/project/v1, in the WSDL and in answers (§9.1)',
    breaks: ['soap.wsdl.target-namespace', 'soap.versioning.fixed-namespace'],
    namespace: (namespace) => `${namespace}/v1`,
  }),
  fault({
    name: 'soap-wsdl-location-other-base',
    does: 'the WSDL locates the service under another base than its target namespace names (§4.1)',
    breaks: ['soap.transport.location'],
    wsdl: (wsdl) => wsdl.replace(/location="https?:\/\/[^/"]+/g, `location="${OTHER_BASE}`),
  }),
  fault({
    name: 'soap-wsdl-location-port-dropped',
    does: 'the WSDL locates the service at its base without its port, another URL than the target namespace names (§4.1, RFC 3986 §6.2.3)',
    breaks: ['soap.transport.location'],
    wsdl: (wsdl) => wsdl.replace(/(location="https?:\/\/[^/":]+):\d+\//g, '$1/'),
  }),
  fault({
    name: 'soap-wsdl-location-path-case',
    does: 'the WSDL locates the service at {base_url}/SOAP/Project/: a path in another case is another URL (§4.1, RFC 3986 §6.2.2.1)',
    breaks: ['soap.transport.location'],
    wsdl: (wsdl) =>
      wsdl.replace(/(location="https?:\/\/[^/"]+)\/soap\/project\//g, '$1/SOAP/Project/'),
  }),
  fault({
    name: 'soap-wsdl-soap-action-other-base',
    does: 'the WSDL soapAction is {other name}/soap/project#<op>, not {tns}#<op> (§4.1)',
    breaks: ['soap.wsdl.soap-action'],
    wsdl: (wsdl) => wsdl.replace(/soapAction="https?:\/\/[^/"]+/g, `soapAction="${OTHER_BASE}`),
  }),
  fault({
    name: 'soap-wsdl-session-key-int',
    does: 'the WSDL types the sessionKey part as xsd:int (§2.1, §5.1)',
    breaks: ['soap.types.session-key-string', 'soap.auth.session-first'],
    wsdl: (wsdl) =>
      wsdl.replaceAll(
        '<part name="sessionKey" type="xsd:string"/>',
        '<part name="sessionKey" type="xsd:int"/>',
      ),
  }),
  fault({
    name: 'soap-wsdl-parts-swapped',
    does: 'the WSDL lists the parts of addProjectMember in another order (§4.2)',
    breaks: ['soap.addProjectMember.parts'],
    wsdl: (wsdl) =>
      wsdl.replace(
        /(<message name="addProjectMemberRequest">)(<part [^>]*\/>)(<part [^>]*\/>)(<part [^>]*\/>)/,
        '$1$2$4$3',
      ),
  }),
  fault({
    name: 'soap-ugroup-any-project',
    does: 'addUserToUGroup and removeUserFromUGroup find a static user group on the whole platform, not in the project groupId: a group of another project is changed, and the answer is true instead of 3301 (§4.2 #4, §7.1)',
    breaks: ['soap.addUserToUGroup.fault.3301', 'soap.removeUserFromUGroup.fault.3301'],
    notInTraffic: NOT_IN_TRAFFIC.ugroupsUnknown,
    operations: bothUgroupOperations((deps, call, sessionKey, groupId, ugroupId, userId) =>
      inOwnerOnRefusal(deps, groupId, ugroupId, (project) =>
        call(sessionKey, project, ugroupId, userId),
      ),
    ),
  }),
  fault({
    name: 'soap-ugroup-remove-from-every-static',
    does: 'removeUserFromUGroup of a static user group takes the user out of every static user group of the project, not only the one named (§4.2 #11)',
    breaks: ['soap.removeUserFromUGroup.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      removeUserFromUGroup(deps, call, sessionKey, groupId, ugroupId, userId) {
        const answer = call(sessionKey, groupId, ugroupId, userId);
        if (ugroupId !== deps.adminsUgroupId)
          for (const group of deps.projects.get(groupId)?.ugroups.values() ?? [])
            group.members.delete(userId);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-ugroup-nowhere-true',
    does: 'addUserToUGroup and removeUserFromUGroup answer true, changing nothing, for a user group id no project has, instead of fault 3301 (§7.1)',
    breaks: ['soap.addUserToUGroup.fault.3301', 'soap.removeUserFromUGroup.fault.3301'],
    notInTraffic: NOT_IN_TRAFFIC.ugroupsUnknown,
    operations: bothUgroupOperations((deps, call, ...args) =>
      trueWhereNoGroup(deps, args[2], () => call(...args)),
    ),
  }),
  fault({
    name: 'soap-static-ugroup-add-not-applied',
    does: 'addUserToUGroup of a static user group answers true but the group keeps its users; the project-admins group works (§4.2 #4)',
    breaks: ['soap.addUserToUGroup.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      addUserToUGroup(deps, call, sessionKey, groupId, ugroupId, userId) {
        const members = deps.projects.get(groupId)?.ugroups.get(ugroupId)?.members;
        const wasIn = members?.has(userId) === true;
        const answer = call(sessionKey, groupId, ugroupId, userId);
        if (!wasIn) members?.delete(userId);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-ugroup-other-project-changed-on-3301',
    does: 'addUserToUGroup and removeUserFromUGroup with a static user group of another project answer fault 3301, yet change that group in its own project (§7.1: a call answering a fault changes nothing)',
    breaks: ['soap.fault.nothing-changed'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: bothUgroupOperations((deps, call, sessionKey, groupId, ugroupId, userId) =>
      inOwnerOnRefusal(
        deps,
        groupId,
        ugroupId,
        (project) => call(sessionKey, project, ugroupId, userId),
        'refusal',
      ),
    ),
  }),
  fault({
    name: 'soap-session-key-case-insensitive',
    does: "session keys are compared without regard to the case of their letters: the admin's key with its case changed is the admin's session (§5.1, §7.1 3001)",
    breaks: ['soap.auth.project-admin'],
    notInTraffic: NOT_IN_TRAFFIC.sessionFromElsewhere,
    operations: sessionKeysReadAs((key) => key.toLowerCase()),
  }),
  fault({
    name: 'soap-session-key-suffix-ignored',
    does: "only the first 32 characters of a session key are compared: the admin's key with a character after it is the admin's session (§5.1, §7.1 3001)",
    breaks: ['soap.auth.project-admin'],
    notInTraffic: NOT_IN_TRAFFIC.sessionFromElsewhere,
    operations: sessionKeysReadAs((key) => key.slice(0, KEY_LENGTH)),
  }),
  fault({
    name: 'soap-session-key-prefix-ignored',
    does: "only the last 32 characters of a session key are compared: the admin's key with a character before it is the admin's session (§5.1, §7.1 3001)",
    breaks: ['soap.auth.project-admin'],
    notInTraffic: NOT_IN_TRAFFIC.sessionFromElsewhere,
    operations: sessionKeysReadAs((key) => key.slice(-KEY_LENGTH)),
  }),
  fault({
    name: 'soap-session-key-trimmed',
    does: "session keys are trimmed: the admin's key with whitespace around it inside the element, which xsd:string keeps, is the admin's session (§2.1, §5.1, §7.1 3001)",
    breaks: ['soap.auth.project-admin'],
    notInTraffic: NOT_IN_TRAFFIC.sessionFromElsewhere,
    operations: sessionKeysReadAs((key) => key.trim()),
  }),
  fault({
    name: 'soap-session-key-case-written-before-3001',
    does: "setProjectDescriptionFieldValue with the admin's key in other letter case writes the value, then answers 3001 (§7.1: a fault changes nothing)",
    breaks: ['soap.fault.nothing-changed'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    operations: {
      setProjectDescriptionFieldValue(deps, call, sessionKey, groupId, fieldId, value) {
        const live = sessionKey.toLowerCase();
        if (
          deps.sessions.userOf(sessionKey) === undefined &&
          deps.sessions.userOf(live) !== undefined
        )
          call(live, groupId, fieldId, value);
        return call(sessionKey, groupId, fieldId, value);
      },
    },
  }),
  fault({
    name: 'soap-add-project-renames-template',
    does: "addProject gives the template the new project's public name too: the template is changed by a creation that only reads it (§4.2 #2)",
    breaks: ['soap.addProject.creates'],
    notInTraffic: NOT_IN_TRAFFIC.stateBeyondWrite,
    operations: {
      addProject(
        deps,
        call,
        sessionKey,
        adminSessionKey,
        shortName,
        publicName,
        privacy,
        templateId,
      ) {
        const id = call(sessionKey, adminSessionKey, shortName, publicName, privacy, templateId);
        const template = deps.projects.get(templateId);
        if (template) template.publicName = publicName.trim();
        return id;
      },
    },
  }),
  fault({
    name: 'soap-deactivate-also-in-template',
    does: 'deactivateService also switches off the service of the same short name in every template project: another project changes (§4.2 #5)',
    breaks: ['soap.deactivateService.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateBeyondWrite,
    operations: {
      setServiceUsage(deps, call, sessionKey, groupId, serviceId, isUsed) {
        const answer = call(sessionKey, groupId, serviceId, isUsed);
        const name = serviceOf(deps, serviceId)?.shortName;
        if (!isUsed && name !== undefined)
          for (const project of deps.projects.all())
            if (project.isTemplate)
              for (const service of project.services)
                if (service.shortName === name) service.isUsed = false;
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-ugroup-remove-drops-membership',
    does: 'removeUserFromUGroup of the project-admins group also takes the user out of the project members: another group of the same user changes (§4.2 #11)',
    breaks: ['soap.removeUserFromUGroup.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateBeyondWrite,
    operations: {
      removeUserFromUGroup(deps, call, sessionKey, groupId, ugroupId, userId) {
        const answer = call(sessionKey, groupId, ugroupId, userId);
        if (ugroupId === deps.adminsUgroupId) deps.projects.get(groupId)?.members.delete(userId);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-member-remove-takes-next',
    does: 'removeProjectMember also removes the member with the next higher user id who is no project admin: another member goes (§4.2 #10)',
    breaks: ['soap.removeProjectMember.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateBeyondWrite,
    operations: {
      removeProjectMember(deps, call, sessionKey, groupId, userLogin) {
        const answer = call(sessionKey, groupId, userLogin);
        const project = deps.projects.get(groupId);
        const removed = deps.users.byUsername(userLogin)?.id;
        if (project && removed !== undefined) {
          const next = [...project.members]
            .filter((id) => id > removed && !project.admins.has(id))
            .sort((a, b) => a - b)[0];
          if (next !== undefined) project.members.delete(next);
        }
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-description-value-also-in-template',
    does: 'setProjectDescriptionFieldValue also writes the value in every template project: another project changes (§4.2 #12)',
    breaks: ['soap.setProjectDescriptionFieldValue.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateBeyondWrite,
    operations: {
      setProjectDescriptionFieldValue(deps, call, sessionKey, groupId, fieldId, value) {
        const answer = call(sessionKey, groupId, fieldId, value);
        for (const project of deps.projects.all())
          if (project.isTemplate) project.descriptionValues.set(fieldId, value);
        return answer;
      },
    },
  }),
  fault({
    name: 'soap-generic-user-joins-admin-projects',
    does: "setProjectGenericUser also makes the generic user a member of every other project the caller administers: other projects' members change (§4.2 #13)",
    breaks: ['soap.setProjectGenericUser.effect'],
    notInTraffic: NOT_IN_TRAFFIC.stateBeyondWrite,
    operations: {
      setProjectGenericUser(deps, call, sessionKey, groupId, password) {
        const user = call(sessionKey, groupId, password);
        const caller = deps.sessions.userOf(sessionKey);
        for (const project of deps.projects.all())
          if (caller !== undefined && project.admins.has(caller))
            project.members.add(Number(user.id));
        return user;
      },
    },
  }),
] as const;

/**
 * `change` in the project groupId; where that answers 3301 and another project defines the user
 * group, the change made in that project (the group looked up on the whole platform): its answer
 * given (`answered`), or the 3301 all the same ('refusal').
 */
function inOwnerOnRefusal(
  deps: ProjectAdminDeps,
  groupId: number,
  ugroupId: number,
  change: (project: number) => boolean,
  answered: 'owner' | 'refusal' = 'owner',
): boolean {
  try {
    return change(groupId);
  } catch (error) {
    const owner = deps.projects.all().find((p) => p.ugroups.has(ugroupId));
    if (!hasCode(error, 3301) || owner === undefined || owner.id === groupId) throw error;
    if (answered === 'owner') return change(owner.id);
    try {
      change(owner.id);
    } catch {
      // The fault answers 3301 whatever the change in the owner answered.
    }
    throw error;
  }
}

/** The correct answer, but true instead of 3301 where no project defines the user group. */
function trueWhereNoGroup(
  deps: ProjectAdminDeps,
  ugroupId: number,
  answer: () => boolean,
): boolean {
  try {
    return answer();
  } catch (error) {
    const anywhere = deps.projects.all().some((p) => p.ugroups.has(ugroupId));
    if (hasCode(error, 3301) && !anywhere) return true;
    throw error;
  }
}

function hasCode(error: unknown, ...codes: FaultCode[]): boolean {
  return error instanceof DomainError && codes.includes(error.code);
}

/** Service ids are unique on the platform: the service, wherever it is. */
function serviceOf(deps: ProjectAdminDeps, serviceId: number): Service | undefined {
  return deps.projects
    .all()
    .flatMap((p) => p.services)
    .find((s) => s.id === serviceId);
}

/** One rewrite of addUserToUGroup and removeUserFromUGroup, which take the same parts (§4.2 #4, #11). */
function bothUgroupOperations(
  rewrite: NonNullable<OperationRewrites['addUserToUGroup']>,
): OperationRewrites {
  return { addUserToUGroup: rewrite, removeUserFromUGroup: rewrite };
}
