/**
 * What the REST and SOAP adapters serve: the domain state, built with the choices this server was
 * started with, and those choices. The variants and planted faults that reach into the domain do
 * so here, as the options it is built with; the others apply at the adapters' edges.
 */
import type { Clock } from './domain/clock.ts';
import type { DomainHooks } from './domain/hooks.ts';
import type { Projects } from './domain/projects.ts';
import { createState, type DomainState, type StateOptions } from './domain/state.ts';
import type { Faults } from './faults/index.ts';
import { plantedOperations } from './soap/planted-operations.ts';
import { SiteAdminOwnProjectsAdmin } from './soap/site-admin-own-projects.ts';
import { OTHER_ADMINS_UGROUP, type Variants } from './variants.ts';

export interface ServerState extends DomainState {
  /** Planted faults (faults/), for self-validation; none by default. */
  faults: Faults;
  /** Other choices the spec allows (variants.ts); none by default. */
  variants: Variants;
}

export interface ServerStateOptions {
  /** addProject calls per hour, platform-wide (§8). */
  projectQuota?: number;
  faults: Faults;
  variants: Variants;
}

export function createServerState(clock: Clock, options: ServerStateOptions): ServerState {
  const { faults, variants } = options;
  const domain: StateOptions = {
    ...(options.projectQuota === undefined ? {} : { projectQuota: options.projectQuota }),
    ...(variants.on('no-description-fields') ? { descriptionFields: [] } : {}),
    adminsUgroupId: adminsUgroupId(variants),
    hooks: plantedHooks(faults, () => state.projects),
    // The SOAP variants that change a rule are consulted per call (on the SOAP path only), as
    // tests/support/variant-reach.ts claims; the planted faults' operations wrap them.
    projectAdmin: (deps) =>
      plantedOperations(new SiteAdminOwnProjectsAdmin(deps, variants), deps, faults),
    ...faults.hooks('state').reduce((all, options) => ({ ...all, ...options }), {}),
  };
  const state: ServerState = { ...createState(clock, domain), faults, variants };
  return state;
}

function adminsUgroupId(variants: Variants): number | null | undefined {
  if (variants.on('no-admins-ugroup')) return null;
  return variants.on('admins-ugroup-other-id') ? OTHER_ADMINS_UGROUP : undefined;
}

/**
 * The domain hooks (domain/hooks.ts) of the planted faults, joined: administration granted when
 * one grants it, a criterion's answer passed through each. `projects` is read when a hook runs:
 * the hooks are made before the state that holds them.
 */
function plantedHooks(faults: Faults, projects: () => Projects): DomainHooks {
  const hooks = faults.hooks('domain').map((make) => make(projects));
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
