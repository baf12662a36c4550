/** Binds the §4.2 operations (and the core login) to the domain: typed args in, output values out. */
import type { ProjectAdmin } from '../domain/project-admin.ts';

type Args = ReadonlyArray<string | number | boolean>;
type Handler = (admin: ProjectAdmin, a: Args) => unknown;

const s = (a: Args, i: number) => a[i] as string;
const n = (a: Args, i: number) => a[i] as number;

/** Keyed by operation name; argument order is the part order of lib/soap/operations.ts. */
export const PROJECT_HANDLERS: Readonly<Record<string, Handler>> = {
  activateService: (d, a) => d.setServiceUsage(s(a, 0), n(a, 1), n(a, 2), true),
  deactivateService: (d, a) => d.setServiceUsage(s(a, 0), n(a, 1), n(a, 2), false),
  addProject: (d, a) => d.addProject(s(a, 0), s(a, 1), s(a, 2), s(a, 3), s(a, 4), n(a, 5)),
  addProjectMember: (d, a) => d.addProjectMember(s(a, 0), n(a, 1), s(a, 2)),
  removeProjectMember: (d, a) => d.removeProjectMember(s(a, 0), n(a, 1), s(a, 2)),
  addUserToUGroup: (d, a) => d.addUserToUGroup(s(a, 0), n(a, 1), n(a, 2), n(a, 3)),
  removeUserFromUGroup: (d, a) => d.removeUserFromUGroup(s(a, 0), n(a, 1), n(a, 2), n(a, 3)),
  getPlateformProjectDescriptionFields: (d, a) =>
    d
      .getPlateformProjectDescriptionFields(s(a, 0))
      .map((f) => ({ id: f.id, name: f.name, is_mandatory: f.isMandatory ? 1 : 0 })),
  getProjectDescriptionFieldsValue: (d, a) => d.getProjectDescriptionFieldsValue(s(a, 0), n(a, 1)),
  setProjectDescriptionFieldValue: (d, a) =>
    d.setProjectDescriptionFieldValue(s(a, 0), n(a, 1), n(a, 2), s(a, 3)),
  getProjectServicesUsage: (d, a) =>
    d
      .getProjectServicesUsage(s(a, 0), n(a, 1))
      .map((sv) => ({ id: sv.id, short_name: sv.shortName, is_used: sv.isUsed ? 1 : 0 })),
  setProjectGenericUser: (d, a) => d.setProjectGenericUser(s(a, 0), n(a, 1), s(a, 2)),
  getProjectGenericUser: (d, a) => d.getProjectGenericUser(s(a, 0), n(a, 1)),
  unsetGenericUser: (d, a) => d.unsetGenericUser(s(a, 0), n(a, 1)),
};

export const LOGIN_OPERATIONS = {
  login: {
    inputs: [
      ['loginname', 'xsd:string'],
      ['passwd', 'xsd:string'],
    ] as const,
    handle: (d: ProjectAdmin, a: Args) => d.login(s(a, 0), s(a, 1)),
  },
  logout: {
    inputs: [['sessionKey', 'xsd:string']] as const,
    handle: (d: ProjectAdmin, a: Args) => d.logout(s(a, 0)),
  },
};
