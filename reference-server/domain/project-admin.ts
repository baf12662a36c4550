/**
 * §4.2 the 14 project-administration operations, with §5.1 permissions and §7.1 codes, checked in
 * the real system's order (docs/real-system.md, "SOAP faults"). Pure: no SOAP or HTTP types. Where
 * the spec is
 * silent the real system's behaviour is followed; each such decision is an INFO requirement.
 */
import type { ArmedFailures } from './armed-failures.ts';
import type { DescriptionField } from './description-fields.ts';
import { DomainError, MESSAGES } from './errors.ts';
import type { AdminScope, DomainHooks } from './hooks.ts';
import { publicNameProblem, shortNameProblem } from './name-rules.ts';
import type { Project, Projects, Service } from './projects.ts';
import type { Quota } from './quota.ts';
import type { Sessions } from './sessions.ts';
import type { User, Users } from './users.ts';

export interface UserInfo {
  identifier: string;
  username: string;
  id: string;
  real_name: string;
  email: string;
  ldap_id: string;
}

export interface ProjectAdminDeps {
  users: Users;
  projects: Projects;
  sessions: Sessions;
  quota: Quota;
  descriptionFields: DescriptionField[];
  /** The user group that holds a project's admins (the real system's 4); null: there is none. */
  adminsUgroupId: number | null;
  /** Named behaviour hooks (hooks.ts); none in the correct server. */
  hooks?: DomainHooks;
  /** Test control's fail-next: failures armed for the next call (never without the flag). */
  armedFailures?: ArmedFailures;
  /** Called after a project is created, so other parts (trackers) can copy from the template. */
  onProjectCreated?: (project: Project, template: Project) => void;
}

export class ProjectAdmin {
  constructor(private readonly d: ProjectAdminDeps) {}

  // --- core login (docs/real-system.md, "The core login service") --------------------------

  login(loginname: string, passwd: string): { user_id: number; session_hash: string } {
    const user = this.d.users.authenticate(loginname, passwd);
    if (!user) throw new DomainError(3002, `${loginname} : Invalid Password Or User Name`);
    return { user_id: user.id, session_hash: this.d.sessions.open(user.id) };
  }

  logout(sessionKey: string): void {
    this.sessionUser(sessionKey);
    this.d.sessions.close(sessionKey);
  }

  // --- §4.2 operations ----------------------------------------------------------------------

  /** §4.2 #2. Order: 3001, 3200, 3100/3104, 4000, 3102, 3103, 3101. */
  addProject(
    sessionKey: string,
    adminSessionKey: string,
    shortName: string,
    publicName: string,
    privacy: string,
    templateId: number,
  ): number {
    const requester = this.sessionUser(sessionKey);
    const adminId = this.d.sessions.userOf(adminSessionKey);
    if (adminId === undefined || !this.d.users.byIdOf(adminId)?.siteAdmin)
      throw new DomainError(3200, MESSAGES.notSiteAdmin);
    const template = this.d.projects.get(templateId);
    if (!template) throw new DomainError(3100, `Invalid template id ${templateId}`);
    if (!template.isTemplate && !template.admins.has(requester.id))
      throw new DomainError(3104, MESSAGES.notTemplate);
    if (!this.d.quota.take()) throw new DomainError(4000, MESSAGES.quota);
    const shortProblem = shortNameProblem(shortName, (name) => this.nameTaken(name));
    if (shortProblem) throw new DomainError(3102, shortProblem);
    const publicProblem = publicNameProblem(publicName);
    if (publicProblem) throw new DomainError(3103, publicProblem);
    const failure = this.d.armedFailures?.take('addProject', sessionKey);
    if (failure === 'project-creation') throw new DomainError(3101, MESSAGES.creationFailure);
    if (failure === 'generic-user-creation')
      throw new DomainError(3105, MESSAGES.genericUserFailure);
    const project = this.d.projects.add({
      shortName,
      publicName: publicName.trim(),
      // The real system: 'public' → public, any other value → private.
      privacy: privacy === 'public' ? 'public' : 'private',
      isTemplate: false,
      status: 'A',
      projectType: 'Project',
      members: new Set([requester.id]),
      admins: new Set([requester.id]),
      ugroups: new Map(
        [...template.ugroups.values()].map((g) => {
          const id = this.d.projects.ugroupId();
          return [id, { id, name: g.name, members: new Set<number>() }];
        }),
      ),
      services: template.services.map((s) => ({ ...s, id: this.d.projects.serviceId() })),
      description: '',
      descriptionValues: new Map(),
    });
    this.d.onProjectCreated?.(project, template);
    return project.id;
  }

  /** §4.2 #3. 3000, 3001, 3201; then the real system's 3100 for a login it cannot add. */
  addProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    const project = this.projectIfAdmin(sessionKey, groupId, 3201);
    const user = this.findUser(userLogin);
    if (!user) throw new DomainError(3100, 'User does not exist');
    if (user.status === 'suspended')
      throw new DomainError(3100, `Account '${userLogin}' not active. User not added.`);
    if (project.members.has(user.id)) throw new DomainError(3100, 'User is already a member');
    project.members.add(user.id);
    return true;
  }

  /** §4.2 #10. 3000, 3001, 3201, 3202 unknown login, 3203 not a member; 3100 for an admin. */
  removeProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    const project = this.projectIfAdmin(sessionKey, groupId, 3201);
    const user = this.findUser(userLogin);
    if (!user) throw new DomainError(3202, MESSAGES.invalidUserLogin);
    if (!project.members.has(user.id)) throw new DomainError(3203, MESSAGES.notMember);
    if (project.admins.has(user.id)) {
      throw new DomainError(
        3100,
        'User Not Removed - You cannot remove admins from a project. You must first turn off their admin flag and/or find another admin for the project',
      );
    }
    this.dropMember(project, user.id);
    return true;
  }

  /** §4.2 #4. 3000, 3001, 3201, 3203 invalid user id, 3301 no such user group. */
  addUserToUGroup(sessionKey: string, groupId: number, ugroupId: number, userId: number): boolean {
    const project = this.projectIfAdmin(sessionKey, groupId, 3201);
    const user = this.d.users.byIdOf(userId);
    if (!user) throw new DomainError(3203, `Invalid user id ${userId}`);
    if (ugroupId === this.d.adminsUgroupId) {
      project.admins.add(user.id);
      project.members.add(user.id);
      return true;
    }
    this.staticUgroup(project, ugroupId).members.add(user.id);
    return true;
  }

  /** §4.2 #11. As addUserToUGroup; the last project admin cannot be removed (real: code 0). */
  removeUserFromUGroup(
    sessionKey: string,
    groupId: number,
    ugroupId: number,
    userId: number,
  ): boolean {
    const project = this.projectIfAdmin(sessionKey, groupId, 3201);
    const user = this.d.users.byIdOf(userId);
    if (!user) throw new DomainError(3203, `Invalid user id ${userId}`);
    if (ugroupId === this.d.adminsUgroupId) {
      if (project.admins.has(user.id) && project.admins.size === 1) {
        throw new DomainError(0, 'Impossible to remove last admin of the project');
      }
      project.admins.delete(user.id);
      return true;
    }
    const group = this.staticUgroup(project, ugroupId);
    group.members.delete(user.id);
    return true;
  }

  /** §4.2 #1 and #5. 3000, 3001, 3203 not project admin (spec), 3019 no such service. */
  setServiceUsage(
    sessionKey: string,
    groupId: number,
    serviceId: number,
    isUsed: boolean,
  ): boolean {
    const project = this.projectIfAdmin(sessionKey, groupId, 3203);
    const service = project.services.find((s) => s.id === serviceId);
    if (!service) throw new DomainError(3019, MESSAGES.serviceMissing);
    service.isUsed = isUsed;
    return true;
  }

  /** §4.2 #9. 3000, 3001, 3203 not project admin (spec). All services, by rank. */
  getProjectServicesUsage(sessionKey: string, groupId: number): Service[] {
    const project = this.projectIfAdmin(sessionKey, groupId, 3203);
    return [...project.services].sort((a, b) => a.rank - b.rank || a.id - b.id);
  }

  /** §4.2 #6. Session only; 3107 when the platform has no description field. */
  getPlateformProjectDescriptionFields(sessionKey: string): DescriptionField[] {
    this.sessionUser(sessionKey);
    const failure = this.d.armedFailures?.take('getPlateformProjectDescriptionFields', sessionKey);
    if (this.d.descriptionFields.length === 0 || failure === 'no-description-fields')
      throw new DomainError(3107, MESSAGES.noDescriptionFields);
    return [...this.d.descriptionFields];
  }

  /** §4.2 #7. 3000, 3001, 3203 not project admin (spec). Only fields that have a value. */
  getProjectDescriptionFieldsValue(
    sessionKey: string,
    groupId: number,
  ): Array<{ id: number; value: string }> {
    const project = this.projectIfAdmin(sessionKey, groupId, 3203);
    return [...project.descriptionValues]
      .sort(([a], [b]) => a - b)
      .map(([id, value]) => ({ id, value }));
  }

  /** §4.2 #12. 3000, 3001, 3201, 3108 no such field. Upserts the value. */
  setProjectDescriptionFieldValue(
    sessionKey: string,
    groupId: number,
    fieldId: number,
    value: string,
  ): void {
    const project = this.projectIfAdmin(sessionKey, groupId, 3201);
    if (!this.d.descriptionFields.some((f) => f.id === fieldId))
      throw new DomainError(3108, MESSAGES.descriptionFieldMissing);
    project.descriptionValues.set(fieldId, value);
  }

  /**
   * §4.2 #13 (codes 'not shown'). The real system: 3001, 3201 (no separate project check), then
   * creates or re-passwords forge__prjgen_<short name> and makes it a member. Empty password → 3105.
   */
  setProjectGenericUser(sessionKey: string, groupId: number, password: string): UserInfo {
    const project = this.requesterAdmin(sessionKey, groupId);
    if (password === '')
      throw new DomainError(3105, `${MESSAGES.genericUserFailure}: the password must not be empty`);
    let user =
      project.genericUserId === undefined ? undefined : this.d.users.byIdOf(project.genericUserId);
    if (user) {
      user.password = password;
    } else {
      user = this.d.users.add({
        username: `forge__prjgen_${project.shortName}`,
        password,
        realName: 'Generic User For Project',
        email: '',
        status: 'restricted',
        siteAdmin: false,
      });
      project.genericUserId = user.id;
    }
    project.members.add(user.id);
    return userInfo(user);
  }

  /** §4.2 #8 (codes 'not shown'). 3001, 3201, then 3106 when there is none. */
  getProjectGenericUser(sessionKey: string, groupId: number): UserInfo {
    const project = this.requesterAdmin(sessionKey, groupId);
    const user =
      project.genericUserId === undefined ? undefined : this.d.users.byIdOf(project.genericUserId);
    if (!user) throw new DomainError(3106, MESSAGES.noGenericUser);
    return userInfo(user);
  }

  /** §4.2 #14 ('not shown'). The real system only drops the membership: 3300 none, 3203 not a member. */
  unsetGenericUser(sessionKey: string, groupId: number): void {
    const project = this.requesterAdmin(sessionKey, groupId);
    if (project.genericUserId === undefined)
      throw new DomainError(3300, MESSAGES.genericUserNotCreated);
    if (!project.members.has(project.genericUserId))
      throw new DomainError(3203, MESSAGES.notMember);
    this.dropMember(project, project.genericUserId);
  }

  // --- checks shared by the operations --------------------------------------------------------

  private sessionUser(sessionKey: string): User {
    const id = this.d.sessions.userOf(sessionKey);
    const user = id === undefined ? undefined : this.d.users.byIdOf(id);
    if (!user || user.status === 'suspended') throw new DomainError(3001, MESSAGES.invalidSession);
    return user;
  }

  /** The real system's getProjectIfUserIsAdmin: 3000, then 3001, then the permission code. */
  private projectIfAdmin(
    sessionKey: string,
    groupId: number,
    permissionCode: 3201 | 3203,
  ): Project {
    const project = this.d.projects.get(groupId);
    if (!project) throw new DomainError(3000, MESSAGES.invalidProject);
    const user = this.sessionUser(sessionKey);
    if (!this.administers(user, project, 'project-admin'))
      throw new DomainError(permissionCode, MESSAGES.notProjectAdmin);
    return project;
  }

  /** An admin of the project, or a site admin (the real system), or whom a hook lets in. */
  private administers(user: User, project: Project, scope: AdminScope): boolean {
    if (project.admins.has(user.id) || user.siteAdmin) return true;
    return this.d.hooks?.alsoAdministers?.(user, project, scope) === true;
  }

  /** The real system's isRequesterAdmin (generic-user operations): 3001, then 3201. */
  private requesterAdmin(sessionKey: string, groupId: number): Project {
    const user = this.sessionUser(sessionKey);
    const project = this.d.projects.get(groupId);
    if (!project || !this.administers(user, project, 'generic-user'))
      throw new DomainError(3201, MESSAGES.notProjectAdmin);
    return project;
  }

  private staticUgroup(project: Project, ugroupId: number) {
    const group = project.ugroups.get(ugroupId);
    if (!group) throw new DomainError(3301, MESSAGES.ugroupMissing);
    return group;
  }

  /** The real system accepts a login, an email or an LDAP id. */
  private findUser(login: string): User | undefined {
    return (
      this.d.users.byUsername(login) ??
      this.d.users.all().find((u) => u.email !== '' && u.email === login)
    );
  }

  private dropMember(project: Project, userId: number): void {
    project.members.delete(userId);
    for (const group of project.ugroups.values()) group.members.delete(userId);
  }

  /**
   * Rule 9 of docs/real-system.md, "Project name rules": not an existing project or user name,
   * case-insensitively.
   */
  private nameTaken(name: string): boolean {
    const lower = name.toLowerCase();
    return (
      this.d.projects.byShortName(name) !== undefined ||
      this.d.users.all().some((u) => u.username.toLowerCase() === lower)
    );
  }
}

function userInfo(user: User): UserInfo {
  return {
    identifier: String(user.id),
    username: user.username,
    id: String(user.id),
    real_name: user.realName,
    email: user.email,
    ldap_id: '',
  };
}
