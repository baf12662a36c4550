/**
 * The variant 'arguments-before-rights' (variants.ts): a caller who is not the project's admin
 * and passes an argument §7.1 gives a code (an unknown service, field, login or user id, a user
 * who is not a member, a user group the project lacks) gets that code, not the permission code.
 * §5.1.2 and §7.1 order neither check; the domain follows the real system (rights first), as this
 * class does while the variant is off.
 */
import { DomainError, MESSAGES } from '../domain/errors.ts';
import { ProjectAdmin, type ProjectAdminDeps } from '../domain/project-admin.ts';
import type { Project } from '../domain/projects.ts';
import type { Variants } from '../variants.ts';

export class ArgumentsFirstProjectAdmin extends ProjectAdmin {
  private readonly deps: ProjectAdminDeps;

  constructor(
    deps: ProjectAdminDeps,
    private readonly variants: Variants,
  ) {
    super(deps);
    this.deps = deps;
  }

  /** The project, when it exists and the session is a valid one without rights on it. */
  private withoutRights(sessionKey: string, groupId: number): Project | undefined {
    if (!this.variants.on('arguments-before-rights')) return undefined;
    const project = this.deps.projects.get(groupId);
    const id = this.deps.sessions.userOf(sessionKey);
    const user = id === undefined ? undefined : this.deps.users.byIdOf(id);
    if (!project || !user || user.status === 'suspended') return undefined;
    return project.admins.has(user.id) || user.siteAdmin ? undefined : project;
  }

  private checkUgroupArguments(project: Project, ugroupId: number, userId: number): void {
    if (!this.deps.users.byIdOf(userId)) throw new DomainError(3203, `Invalid user id ${userId}`);
    if (ugroupId !== this.deps.adminsUgroupId && !project.ugroups.has(ugroupId))
      throw new DomainError(3301, MESSAGES.ugroupMissing);
  }

  override setServiceUsage(
    sessionKey: string,
    groupId: number,
    serviceId: number,
    isUsed: boolean,
  ): boolean {
    const project = this.withoutRights(sessionKey, groupId);
    if (project && !project.services.some((s) => s.id === serviceId))
      throw new DomainError(3019, MESSAGES.serviceMissing);
    return super.setServiceUsage(sessionKey, groupId, serviceId, isUsed);
  }

  override setProjectDescriptionFieldValue(
    sessionKey: string,
    groupId: number,
    fieldId: number,
    value: string,
  ): void {
    const project = this.withoutRights(sessionKey, groupId);
    if (project && !this.deps.descriptionFields.some((f) => f.id === fieldId))
      throw new DomainError(3108, MESSAGES.descriptionFieldMissing);
    super.setProjectDescriptionFieldValue(sessionKey, groupId, fieldId, value);
  }

  override removeProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    const project = this.withoutRights(sessionKey, groupId);
    if (project) {
      const user = this.deps.users.byUsername(userLogin);
      if (!user) throw new DomainError(3202, MESSAGES.invalidUserLogin);
      if (!project.members.has(user.id)) throw new DomainError(3203, MESSAGES.notMember);
    }
    return super.removeProjectMember(sessionKey, groupId, userLogin);
  }

  override addUserToUGroup(
    sessionKey: string,
    groupId: number,
    ugroupId: number,
    userId: number,
  ): boolean {
    const project = this.withoutRights(sessionKey, groupId);
    if (project) this.checkUgroupArguments(project, ugroupId, userId);
    return super.addUserToUGroup(sessionKey, groupId, ugroupId, userId);
  }

  override removeUserFromUGroup(
    sessionKey: string,
    groupId: number,
    ugroupId: number,
    userId: number,
  ): boolean {
    const project = this.withoutRights(sessionKey, groupId);
    if (project) this.checkUgroupArguments(project, ugroupId, userId);
    return super.removeUserFromUGroup(sessionKey, groupId, ugroupId, userId);
  }
}
