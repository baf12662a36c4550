/**
 * The hook point around the §4.2 operations, where the SOAP adapter calls them: each operation
 * goes through the rewrite of every hook set that has one for it (a request rewritten, an answer
 * or a fault rewritten, an effect undone once the call has succeeded), so that the domain
 * (domain/project-admin.ts) stays the correct rules (the app plugs the planted faults in here,
 * through server-state.ts).
 */
import type { ProjectAdmin, ProjectAdminDeps } from '../domain/project-admin.ts';

/** The §4.2 operations of the project administration. */
export type OperationName = {
  [K in keyof ProjectAdmin]: ProjectAdmin[K] extends (...args: never[]) => unknown ? K : never;
}[keyof ProjectAdmin];

/** An operation rewritten around the correct one (`call`), with the domain's parts at hand. */
export type OperationRewrites = {
  [K in OperationName]?: (
    deps: ProjectAdminDeps,
    call: ProjectAdmin[K],
    ...args: Parameters<ProjectAdmin[K]>
  ) => ReturnType<ProjectAdmin[K]>;
};

type Call = (...args: unknown[]) => unknown;
type Rewrite = (deps: ProjectAdminDeps, call: Call, ...args: unknown[]) => unknown;

/** `admin` with each operation inside the rewrites of `rewrites`, in order; none: `admin`. */
export function aroundOperations(
  admin: ProjectAdmin,
  deps: ProjectAdminDeps,
  rewrites: readonly OperationRewrites[],
): ProjectAdmin {
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
