/**
 * The planted faults of the §4.2 operations (reference-server/faults.ts), applied around the
 * correct domain where the SOAP adapter calls it: a request rewritten, an answer or a fault
 * rewritten, or an effect undone once the call has succeeded. The faults that widen who
 * administers a project (§5.1.2) go through the domain's hooks (planted-hooks.ts). The domain
 * (domain/project-admin.ts) stays the correct rules; the wire's faults are in planted-wire.ts.
 */
import { DomainError, MESSAGES } from '../domain/errors.ts';
import { ProjectAdmin, type ProjectAdminDeps } from '../domain/project-admin.ts';
import type { Faults } from '../faults.ts';

export class PlantedProjectAdmin extends ProjectAdmin {
  private readonly deps: ProjectAdminDeps;

  constructor(
    deps: ProjectAdminDeps,
    private readonly faults: Faults,
  ) {
    super(deps);
    this.deps = deps;
  }

  override addProject(
    sessionKey: string,
    adminSessionKey: string,
    shortName: string,
    publicName: string,
    privacy: string,
    templateId: number,
  ): number {
    const asked = this.faults.on('soap-new-project-public') ? 'public' : privacy;
    let id: number;
    try {
      id = super.addProject(sessionKey, adminSessionKey, shortName, publicName, asked, templateId);
    } catch (error) {
      // soap-internal-failure-code-0: the internal creation failures (§7.1 3101, 3105) as code 0.
      if (this.faults.on('soap-internal-failure-code-0') && hasCode(error, 3101, 3105))
        throw new DomainError(0, 'Internal error');
      throw error;
    }
    const project = this.deps.projects.get(id);
    if (project && this.faults.on('soap-new-project-without-services')) project.services = [];
    // The desired project admin (sessionKey) stays a member, and nobody administers the project.
    const requester = this.deps.sessions.userOf(sessionKey);
    if (project && requester !== undefined && this.faults.on('soap-add-project-admin-not-set'))
      project.admins.delete(requester);
    return id;
  }

  override addProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    const before = new Set(this.deps.projects.get(groupId)?.members);
    const answer = super.addProjectMember(sessionKey, groupId, userLogin);
    const members = this.deps.projects.get(groupId)?.members;
    if (members && this.faults.on('soap-member-add-not-applied'))
      for (const id of members) if (!before.has(id)) members.delete(id);
    return answer;
  }

  override removeProjectMember(sessionKey: string, groupId: number, userLogin: string): boolean {
    try {
      return super.removeProjectMember(sessionKey, groupId, userLogin);
    } catch (error) {
      // soap-remove-non-member-succeeds: "not a member" (§7.1 3203) answered as a success.
      if (this.faults.on('soap-remove-non-member-succeeds') && hasCode(error, 3203)) return true;
      throw error;
    }
  }

  override removeUserFromUGroup(
    sessionKey: string,
    groupId: number,
    ugroupId: number,
    userId: number,
  ): boolean {
    const project = this.deps.projects.get(groupId);
    const members =
      ugroupId === this.deps.adminsUgroupId
        ? project?.admins
        : project?.ugroups.get(ugroupId)?.members;
    const wasIn = members?.has(userId) === true;
    const answer = super.removeUserFromUGroup(sessionKey, groupId, ugroupId, userId);
    if (wasIn && this.faults.on('soap-ugroup-remove-not-applied')) members?.add(userId);
    return answer;
  }

  override setServiceUsage(
    sessionKey: string,
    groupId: number,
    serviceId: number,
    isUsed: boolean,
  ): boolean {
    // Service ids are unique on the platform: the service, wherever it is.
    const service = this.deps.projects
      .all()
      .flatMap((p) => p.services)
      .find((s) => s.id === serviceId);
    const wasUsed = service?.isUsed;
    try {
      super.setServiceUsage(sessionKey, groupId, serviceId, isUsed);
    } catch (error) {
      // soap-service-lookup-platform-wide: the service of another project is changed too.
      const elsewhere = this.faults.on('soap-service-lookup-platform-wide') && hasCode(error, 3019);
      if (!elsewhere || !service) throw error;
      service.isUsed = isUsed;
    }
    if (
      service &&
      wasUsed !== undefined &&
      !isUsed &&
      this.faults.on('soap-deactivate-not-applied')
    )
      service.isUsed = wasUsed;
    return true;
  }

  override getProjectServicesUsage(
    sessionKey: string,
    groupId: number,
  ): ReturnType<ProjectAdmin['getProjectServicesUsage']> {
    try {
      return super.getProjectServicesUsage(sessionKey, groupId);
    } catch (error) {
      // soap-services-usage-3201-outsider: "not project admin" as 3201 to a non-member only.
      const caller = this.deps.sessions.userOf(sessionKey);
      const outside = caller !== undefined && !this.deps.projects.get(groupId)?.members.has(caller);
      if (this.faults.on('soap-services-usage-3201-outsider') && hasCode(error, 3203) && outside)
        throw new DomainError(3201, MESSAGES.notProjectAdmin);
      throw error;
    }
  }

  override getProjectDescriptionFieldsValue(
    sessionKey: string,
    groupId: number,
  ): ReturnType<ProjectAdmin['getProjectDescriptionFieldsValue']> {
    try {
      return super.getProjectDescriptionFieldsValue(sessionKey, groupId);
    } catch (error) {
      // soap-site-admin-unknown-project-3203: a site admin told "not project admin" instead of 3000.
      const caller = this.deps.sessions.userOf(sessionKey);
      const siteAdmin = caller !== undefined && this.deps.users.byIdOf(caller)?.siteAdmin === true;
      if (
        this.faults.on('soap-site-admin-unknown-project-3203') &&
        hasCode(error, 3000) &&
        siteAdmin
      )
        throw new DomainError(3203, MESSAGES.notProjectAdmin);
      throw error;
    }
  }

  override getPlateformProjectDescriptionFields(
    sessionKey: string,
  ): ReturnType<ProjectAdmin['getPlateformProjectDescriptionFields']> {
    const fields = super.getPlateformProjectDescriptionFields(sessionKey);
    return this.faults.on('soap-description-fields-list-incomplete') ? fields.slice(0, -1) : fields;
  }

  override setProjectDescriptionFieldValue(
    sessionKey: string,
    groupId: number,
    fieldId: number,
    value: string,
  ): void {
    const stored = this.faults.on('soap-description-value-trimmed') ? value.trim() : value;
    try {
      super.setProjectDescriptionFieldValue(sessionKey, groupId, fieldId, stored);
    } catch (error) {
      // soap-outsider-unknown-field-accepted: refused rights go unnoticed for an unknown field.
      if (
        this.faults.on('soap-outsider-unknown-field-accepted') &&
        hasCode(error, 3201) &&
        !this.deps.descriptionFields.some((f) => f.id === fieldId)
      )
        return;
      // soap-description-written-before-3108: the value is stored, then the fault answered.
      if (this.faults.on('soap-description-written-before-3108') && hasCode(error, 3108))
        this.deps.projects.get(groupId)?.descriptionValues.set(fieldId, value);
      throw error;
    }
  }

  override setProjectGenericUser(
    sessionKey: string,
    groupId: number,
    password: string,
  ): ReturnType<ProjectAdmin['setProjectGenericUser']> {
    const genericUserId = this.deps.projects.get(groupId)?.genericUserId;
    const existing =
      genericUserId === undefined ? undefined : this.deps.users.byIdOf(genericUserId);
    const oldPassword = existing?.password;
    const answer = super.setProjectGenericUser(sessionKey, groupId, password);
    if (existing && oldPassword !== undefined && this.faults.on('soap-generic-user-password-kept'))
      existing.password = oldPassword;
    return answer;
  }
}

function hasCode(error: unknown, ...codes: number[]): boolean {
  return error instanceof DomainError && codes.includes(error.code);
}
