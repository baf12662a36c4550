/**
 * Binds the §4.2 operations (and the core login) to the domain: named arguments in, typed from
 * spec/soap-operations.ts as the harness's calls are, output values out.
 */
import type { ArgsOf, OperationName } from '../../spec/soap-operations.ts';
import type { ProjectAdmin } from '../domain/project-admin.ts';

/** The coerced parts of a call, by their declared names (request.ts readArgs). */
export type PartValues = Readonly<Record<string, string | number | boolean>>;

type Handlers = { [N in OperationName]: (d: ProjectAdmin, a: ArgsOf<N>) => unknown };

const HANDLERS: Handlers = {
  activateService: (d, a) => d.setServiceUsage(a.session_key, a.group_id, a.service_id, true),
  deactivateService: (d, a) => d.setServiceUsage(a.session_key, a.group_id, a.service_id, false),
  addProject: (d, a) =>
    d.addProject(
      a.sessionKey,
      a.adminSessionKey,
      a.shortName,
      a.publicName,
      a.privacy,
      a.templateId,
    ),
  addProjectMember: (d, a) => d.addProjectMember(a.sessionKey, a.groupId, a.userLogin),
  removeProjectMember: (d, a) => d.removeProjectMember(a.sessionKey, a.groupId, a.userLogin),
  addUserToUGroup: (d, a) => d.addUserToUGroup(a.sessionKey, a.groupId, a.ugroupId, a.userId),
  removeUserFromUGroup: (d, a) =>
    d.removeUserFromUGroup(a.sessionKey, a.groupId, a.ugroupId, a.userId),
  getPlateformProjectDescriptionFields: (d, a) =>
    d
      .getPlateformProjectDescriptionFields(a.sessionKey)
      .map((f) => ({ id: f.id, name: f.name, is_mandatory: f.isMandatory ? 1 : 0 })),
  getProjectDescriptionFieldsValue: (d, a) =>
    d.getProjectDescriptionFieldsValue(a.session_key, a.group_id),
  setProjectDescriptionFieldValue: (d, a) =>
    d.setProjectDescriptionFieldValue(
      a.session_key,
      a.group_id,
      a.field_id_to_update,
      a.field_value,
    ),
  getProjectServicesUsage: (d, a) =>
    d
      .getProjectServicesUsage(a.session_key, a.group_id)
      .map((sv) => ({ id: sv.id, short_name: sv.shortName, is_used: sv.isUsed ? 1 : 0 })),
  setProjectGenericUser: (d, a) => d.setProjectGenericUser(a.session_key, a.group_id, a.password),
  getProjectGenericUser: (d, a) => d.getProjectGenericUser(a.sessionKey, a.groupId),
  unsetGenericUser: (d, a) => d.unsetGenericUser(a.session_key, a.groupId),
};

/** Whether `name` is one of the 14 operations (own keys only: 'constructor' names none). */
export function isProjectOperation(name: string): name is OperationName {
  return Object.hasOwn(HANDLERS, name);
}

/**
 * Runs the operation. `args` holds each declared part of that operation, coerced to its declared
 * type (request.ts readArgs), which is what ArgsOf<op> states.
 */
export function handleProject(
  d: ProjectAdmin,
  operation: OperationName,
  args: PartValues,
): unknown {
  const handler = HANDLERS[operation] as (d: ProjectAdmin, a: PartValues) => unknown;
  return handler(d, args);
}

/**
 * The core login service (docs/real-system.md, "The core login service"): its parts are all
 * xsd:string.
 */
export const LOGIN_OPERATIONS = {
  login: {
    inputs: [
      ['loginname', 'xsd:string'],
      ['passwd', 'xsd:string'],
    ] as const,
    handle: (d: ProjectAdmin, a: PartValues) => {
      const { loginname, passwd } = a as { loginname: string; passwd: string };
      return d.login(loginname, passwd);
    },
  },
  logout: {
    inputs: [['sessionKey', 'xsd:string']] as const,
    handle: (d: ProjectAdmin, a: PartValues) => d.logout((a as { sessionKey: string }).sessionKey),
  },
};
