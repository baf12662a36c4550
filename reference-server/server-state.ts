/**
 * What the REST and SOAP adapters serve: the domain state, built with the choices this server was
 * started with. The variants that reach into the domain do so here, as the options it is built
 * with; so do the hook sets of the domain (StateHooks: the app plugs the planted faults in here,
 * app.ts). The other hooks apply at the adapters' edges (rest/hooks.ts, soap/hooks.ts).
 */
import type { Clock } from './domain/clock.ts';
import type { DomainHooks } from './domain/hooks.ts';
import type { Projects } from './domain/projects.ts';
import { createState, type DomainState, type StateOptions } from './domain/state.ts';
import { hooksAt } from './hook-points.ts';
import { aroundOperations, type OperationRewrites } from './soap/operation-hooks.ts';
import { SiteAdminOwnProjectsAdmin } from './soap/site-admin-own-projects.ts';
import { OTHER_ADMINS_UGROUP, type Variants } from './variants.ts';

export interface ServerState extends DomainState {
  /** Other choices the spec allows (variants.ts); none by default. */
  variants: Variants;
}

/** The hook points of the domain as the server builds it; a hook set has a hook at some of them. */
export interface StateHooks {
  /** Options the domain is built with, over the server's own. */
  state?: Pick<StateOptions, 'projectQuota' | 'tokenLifetimeMs'>;
  /** A rule changed from inside, through the domain's named hooks (domain/hooks.ts). */
  domain?: (projects: () => Projects) => DomainHooks;
  /** §4.2 operations rewritten around the correct ones (soap/operation-hooks.ts). */
  operations?: OperationRewrites;
}

export interface ServerStateOptions {
  /** addProject calls per hour, platform-wide (§8). */
  projectQuota?: number;
  variants: Variants;
  /** The hook sets of the domain, in order; none by default: the correct domain. */
  hooks?: readonly StateHooks[];
}

export function createServerState(clock: Clock, options: ServerStateOptions): ServerState {
  const { variants, hooks = [] } = options;
  const domain: StateOptions = {
    ...(options.projectQuota === undefined ? {} : { projectQuota: options.projectQuota }),
    ...(variants.on('no-description-fields') ? { descriptionFields: [] } : {}),
    adminsUgroupId: adminsUgroupId(variants),
    hooks: joinedDomainHooks(hooks, () => state.projects),
    // The SOAP variants that change a rule are consulted per call (on the SOAP path only), as
    // tests/support/variant-reach.ts claims; the hooks' operations wrap them.
    projectAdmin: (deps) =>
      aroundOperations(
        new SiteAdminOwnProjectsAdmin(deps, variants),
        deps,
        hooksAt(hooks, 'operations'),
      ),
    ...hooksAt(hooks, 'state').reduce((all, options) => ({ ...all, ...options }), {}),
  };
  const state: ServerState = { ...createState(clock, domain), variants };
  return state;
}

function adminsUgroupId(variants: Variants): number | null | undefined {
  if (variants.on('no-admins-ugroup')) return null;
  return variants.on('admins-ugroup-other-id') ? OTHER_ADMINS_UGROUP : undefined;
}

/**
 * The domain hooks (domain/hooks.ts) of the hook sets, joined: administration granted when one
 * grants it, a criterion's answer passed through each. `projects` is read when a hook runs: the
 * hooks are made before the state that holds them.
 */
function joinedDomainHooks(sets: readonly StateHooks[], projects: () => Projects): DomainHooks {
  const hooks = hooksAt(sets, 'domain').map((make) => make(projects));
  return {
    ...(hooks.some((h) => 'alsoAdministers' in h)
      ? {
          alsoAdministers: (user, project, scope) =>
            hooks.some((h) => h.alsoAdministers?.(user, project, scope) === true),
        }
      : {}),
    ...(hooks.some((h) => 'criterionHolds' in h)
      ? {
          criterionHolds: (value, stored, holds) =>
            hooks.reduce((held, h) => h.criterionHolds?.(value, stored, held) ?? held, holds),
        }
      : {}),
  };
}
