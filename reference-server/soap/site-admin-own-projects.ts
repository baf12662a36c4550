/**
 * The variant 'site-admin-own-projects-only' (variants.ts): a site admin gets the operations on a
 * project only where he is one of its admins, like any other user (§5.1.2 names the project's
 * admins only; that a site admin counts as one is the real system's choice, observed as INFO
 * soap.auth.site-admin). The project's existence is still checked first (3000), as in the domain.
 */
import { DomainError, MESSAGES } from '../domain/errors.ts';
import type { ProjectAdminDeps, UserInfo } from '../domain/project-admin.ts';
import type { Service } from '../domain/projects.ts';
import type { Variants } from '../variants.ts';
import { ArgumentsFirstProjectAdmin } from './arguments-first.ts';

export class SiteAdminOwnProjectsAdmin extends ArgumentsFirstProjectAdmin {
  private readonly state: ProjectAdminDeps;
  private readonly choices: Variants;

  constructor(deps: ProjectAdminDeps, variants: Variants) {
    super(deps, variants);
    this.state = deps;
    this.choices = variants;
  }

  /** Refuses a site admin on an existing project he does not administer, with `code`. */
  private refuseSiteAdmin(sessionKey: string, groupId: number, code: 3201 | 3203): void {
    if (!this.choices.on('site-admin-own-projects-only')) return;
    const project = this.state.projects.get(groupId);
    const id = this.state.sessions.userOf(sessionKey);
    const user = id === undefined ? undefined : this.state.users.byIdOf(id);
    if (project && user?.siteAdmin && !project.admins.has(user.id))
      throw new DomainError(code, MESSAGES.notProjectAdmin);
  }

  override addProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    this.refuseSiteAdmin(sessionKey, groupId, 3201);
    return super.addProjectMember(sessionKey, groupId, userLogin);
  }

  override removeProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    this.refuseSiteAdmin(sessionKey, groupId, 3201);
    return super.removeProjectMember(sessionKey, groupId, userLogin);
  }

  override addUserToUGroup(s: string, groupId: number, ugroupId: number, userId: number): boolean {
    this.refuseSiteAdmin(s, groupId, 3201);
    return super.addUserToUGroup(s, groupId, ugroupId, userId);
  }

  override removeUserFromUGroup(
    s: string,
    groupId: number,
    ugroupId: number,
    userId: number,
  ): boolean {
    this.refuseSiteAdmin(s, groupId, 3201);
    return super.removeUserFromUGroup(s, groupId, ugroupId, userId);
  }

  override setServiceUsage(s: string, groupId: number, serviceId: number, used: boolean): boolean {
    this.refuseSiteAdmin(s, groupId, 3203);
    return super.setServiceUsage(s, groupId, serviceId, used);
  }

  override getProjectServicesUsage(sessionKey: string, groupId: number): Service[] {
    this.refuseSiteAdmin(sessionKey, groupId, 3203);
    return super.getProjectServicesUsage(sessionKey, groupId);
  }

  override getProjectDescriptionFieldsValue(
    sessionKey: string,
    groupId: number,
  ): Array<{ id: number; value: string }> {
    this.refuseSiteAdmin(sessionKey, groupId, 3203);
    return super.getProjectDescriptionFieldsValue(sessionKey, groupId);
  }

  override setProjectDescriptionFieldValue(
    s: string,
    groupId: number,
    fieldId: number,
    value: string,
  ): void {
    this.refuseSiteAdmin(s, groupId, 3201);
    super.setProjectDescriptionFieldValue(s, groupId, fieldId, value);
  }

  override setProjectGenericUser(s: string, groupId: number, password: string): UserInfo {
    this.refuseSiteAdmin(s, groupId, 3201);
    return super.setProjectGenericUser(s, groupId, password);
  }

  override getProjectGenericUser(sessionKey: string, groupId: number): UserInfo {
    this.refuseSiteAdmin(sessionKey, groupId, 3201);
    return super.getProjectGenericUser(sessionKey, groupId);
  }

  override unsetGenericUser(sessionKey: string, groupId: number): void {
    this.refuseSiteAdmin(sessionKey, groupId, 3201);
    super.unsetGenericUser(sessionKey, groupId);
  }
}
