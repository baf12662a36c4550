/**
 * What the REST and SOAP adapters serve: the domain state, built with the choices this server was
 * started with, and those choices. The variants and planted faults that reach into the domain do
 * so here, as the options it is built with; the others apply at the adapters' edges.
 */
import type { Clock } from './domain/clock.ts';
import { createState, type DomainState, type StateOptions } from './domain/state.ts';
import { TOKEN_LIFETIME_MS } from './domain/tokens.ts';
import type { Faults } from './faults.ts';
import { plantedHooks } from './planted-hooks.ts';
import { PlantedProjectAdmin } from './soap/planted-operations.ts';
import { SiteAdminOwnProjectsAdmin } from './soap/site-admin-own-projects.ts';
import { OTHER_ADMINS_UGROUP, type Variants } from './variants.ts';

export interface ServerState extends DomainState {
  /** Planted faults (faults.ts), for self-validation; none by default. */
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
    // soap-quota-unlimited: the calls are still counted, never refused (§8).
    ...(faults.on('soap-quota-unlimited') ? { projectQuota: Number.POSITIVE_INFINITY } : {}),
    ...(variants.on('no-description-fields') ? { descriptionFields: [] } : {}),
    adminsUgroupId: adminsUgroupId(variants),
    tokenLifetimeMs: tokenLifetime(faults),
    hooks: plantedHooks(faults, () => state.projects),
    ...projectAdmin(faults, variants),
  };
  const state: ServerState = { ...createState(clock, domain), faults, variants };
  return state;
}

/** The operations with the planted faults around them, or with the SOAP variants that change a rule. */
function projectAdmin(faults: Faults, variants: Variants): Pick<StateOptions, 'projectAdmin'> {
  if (!faults.none) return { projectAdmin: (deps) => new PlantedProjectAdmin(deps, faults) };
  // Consulted per call (on the SOAP path only), as tests/support/variant-reach.ts claims.
  return { projectAdmin: (deps) => new SiteAdminOwnProjectsAdmin(deps, variants) };
}

function adminsUgroupId(variants: Variants): number | null | undefined {
  if (variants.on('no-admins-ugroup')) return null;
  return variants.on('admins-ugroup-other-id') ? OTHER_ADMINS_UGROUP : undefined;
}

/** token-never-expires, token-expires-early: another lifetime than §5.2.5's 24 hours. */
function tokenLifetime(faults: Faults): number {
  if (faults.on('token-never-expires')) return Number.POSITIVE_INFINITY;
  return faults.on('token-expires-early') ? TOKEN_LIFETIME_MS - 3600_000 : TOKEN_LIFETIME_MS;
}
