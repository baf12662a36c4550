/**
 * The planted faults that change a rule from inside the domain, through its named hooks
 * (domain/hooks.ts): who administers a project (§5.1.2) and what the artifact query matches
 * (§2.2). With no such fault planted, no hook is set.
 */
import type { DomainHooks } from './domain/hooks.ts';
import type { Projects } from './domain/projects.ts';
import type { Faults } from './faults.ts';

/** `projects` is read when a hook runs: the hooks are made before the state that holds them. */
export function plantedHooks(faults: Faults, projects: () => Projects): DomainHooks {
  return {
    ...(faults.on('soap-admin-anywhere') ||
    faults.on('soap-members-administer') ||
    faults.on('soap-generic-user-any-session')
      ? {
          alsoAdministers(user, project, scope) {
            const adminSomewhere = projects()
              .all()
              .some((p) => p.admins.has(user.id));
            if (faults.on('soap-admin-anywhere') && adminSomewhere) return true;
            if (scope === 'project-admin')
              return faults.on('soap-members-administer') && project.members.has(user.id);
            return faults.on('soap-generic-user-any-session');
          },
        }
      : {}),
    ...(faults.on('query-ignores-criteria') || faults.on('query-first-value-only')
      ? {
          criterionHolds(value, stored, holds) {
            if (faults.on('query-ignores-criteria')) return true;
            // query-first-value-only: a list value is looked at through its first bound id.
            return Array.isArray(stored) ? stored.slice(0, 1).includes(Number(value)) : holds;
          },
        }
      : {}),
  };
}
