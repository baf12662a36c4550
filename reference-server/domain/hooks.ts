/**
 * The named behaviour hooks a server may inject into the domain. The correct server injects none;
 * a planted fault that changes a rule from inside (reference-server/faults/) plugs in here, so
 * that the domain never names a fault.
 */
import type { FieldValue } from './artifact-values.ts';
import type { Project } from './projects.ts';
import type { User } from './users.ts';

/** Which §4.2 operations a permission check guards (§5.1.2). */
export type AdminScope = 'project-admin' | 'generic-user';

export interface DomainHooks {
  /**
   * Grants administration beyond the rule (§5.1.2: the project's admins and the site admins):
   * true lets `user` administer `project` through the operations of `scope`.
   */
  alsoAdministers?(user: User, project: Project, scope: AdminScope): boolean;
  /**
   * Whether an artifact's stored value meets one 'contains' criterion of the artifact query (§2.2):
   * `holds` is the rule's answer, which the hook may overrule.
   */
  criterionHolds?(value: string, stored: FieldValue | undefined, holds: boolean): boolean;
}
