/**
 * The run's counted addProject calls, written to the quota ledger (quota-ledger.ts) as they are
 * made. Apart from quota-plan.ts, which reads the shared projects' plan (fixtures/projects.ts), so
 * that provisioning those projects records its calls without importing the plan back.
 */
import { QuotaLedger } from './quota-ledger.ts';

/** What the suites' workers need to keep within the ledger's budget (RunSettings.quota). */
export interface QuotaSettings {
  ledger: string;
  /** Calls of the last hour the ledger counted before this run. */
  usedBefore: number;
  /** addProject calls left for soap/add-project once the shared projects are provisioned. */
  addProjectBudget: number;
}

/** Adds a run's counted addProject calls to the ledger (nothing with test control). */
export function recordQuotaCalls(
  settings: QuotaSettings | undefined,
  baseUrl: string,
  count: number,
  run: string,
): void {
  if (settings === undefined || count <= 0) return;
  new QuotaLedger(settings.ledger).record(baseUrl, { at: new Date().toISOString(), count, run });
}

/**
 * After a 4000 the ledger did not foresee: the calls it did not know of are counted as made now,
 * so that the next run is refused up front (with the time to wait) rather than meeting 4000 again.
 */
export function recordSpentElsewhere(
  settings: QuotaSettings | undefined,
  baseUrl: string,
  quota: number,
  known: number,
  run: string,
): void {
  recordQuotaCalls(settings, baseUrl, quota - known, `spent elsewhere (seen by run ${run})`);
}
