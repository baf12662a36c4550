/**
 * The planted faults of the §4.2 operations (reference-server/faults/), applied around the
 * correct operations where the SOAP adapter calls them: each operation goes through the rewrite
 * of every planted fault that has one for it (a request rewritten, an answer or a fault rewritten,
 * an effect undone once the call has succeeded). The domain (domain/project-admin.ts) stays the
 * correct rules.
 */
import type { ProjectAdmin, ProjectAdminDeps } from '../domain/project-admin.ts';
import type { OperationRewrites } from '../faults/declaration.ts';
import type { Faults } from '../faults/index.ts';

type Call = (...args: unknown[]) => unknown;
type Rewrite = (deps: ProjectAdminDeps, call: Call, ...args: unknown[]) => unknown;

export function plantedOperations(
  admin: ProjectAdmin,
  deps: ProjectAdminDeps,
  faults: Faults,
): ProjectAdmin {
  const rewrites = faults.hooks('operations');
  if (rewrites.length === 0) return admin;
  return new Proxy(admin, {
    get(target, key) {
      const member: unknown = Reflect.get(target, key, target);
      if (typeof member !== 'function') return member;
      return rewrites.reduce<Call>(
        (call, operations) => {
          const rewrite = operations[key as keyof OperationRewrites] as Rewrite | undefined;
          return rewrite ? (...args) => rewrite(deps, call, ...args) : call;
        },
        (member as Call).bind(target),
      );
    },
  });
}
