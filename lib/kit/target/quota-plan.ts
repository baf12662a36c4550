/**
 * The run's addProject budget, decided before the suites: a run that would exceed it is refused
 * before it starts, with the time to wait (docs/running-against-a-target.md, "Against a real
 * platform"). It applies to targets without test
 * control: with the clock, provisioning and the add-project suite open a new hour themselves.
 * The run needs the shared projects it provisions (those the profile does not name) and, when
 * soap/add-project is selected, the calls of that suite; the ledger says what is left this hour.
 * When not even the shared projects fit, the run is refused (one line, exit 2, nothing touched);
 * when they fit but not every add-project test, those tests are skipped with the reason.
 */
import { OneLineError } from '../../errors/one-line-error.ts';
import { provisionedProjectCount } from '../fixtures/projects.ts';
import type { Profile } from '../../target/profile.ts';
import { localClock } from './quota-calls.ts';
import { QuotaLedger, type Budget } from './quota-ledger.ts';
import type { QuotaSettings } from './quota-record.ts';
import { CLI_COMMAND } from '../../layout.ts';

export { recordQuotaCalls, recordSpentElsewhere, type QuotaSettings } from './quota-record.ts';

export const ADD_PROJECT_FILE = 'suites/soap/add-project.test.ts';

/**
 * Counted addProject calls of soap/add-project without test control, one per test that creates or
 * has a name refused: public, private, template 100, name conflict, 3102, 3103, an odd privacy;
 * 3101 and 3105 with fail-next. tests/quota-ledger.test.ts checks it against the ledger of a run.
 */
export function addProjectSuiteCalls(capabilities: Profile['capabilities']): number {
  return 7 + (capabilities.failNext ? 2 : 0);
}

/** --suite NAME selects the files whose path contains NAME (none: every file). */
export function selectsFile(filters: readonly string[], file: string): boolean {
  return filters.length === 0 || filters.some((f) => file.includes(f));
}

export class QuotaRefused extends OneLineError {}

export interface QuotaPlan {
  settings?: QuotaSettings;
  /** A line for the terminal when some add-project tests will be skipped. */
  note?: string;
}

export function planQuota(
  profile: Profile,
  suites: readonly string[],
  ledgerFile: string,
  now = new Date(),
): QuotaPlan {
  if (profile.capabilities.testControl) return {};
  const ledger = new QuotaLedger(ledgerFile);
  const quota = profile.projectQuotaPerHour;
  const budget = ledger.budget(profile.baseUrl, quota, now);
  const shared = provisionedProjectCount(profile);
  const suite = selectsFile(suites, ADD_PROJECT_FILE)
    ? addProjectSuiteCalls(profile.capabilities)
    : 0;
  const settings: QuotaSettings = {
    ledger: ledgerFile,
    usedBefore: budget.used,
    addProjectBudget: Math.max(0, budget.left - shared),
  };
  if (shared > budget.left)
    throw new QuotaRefused(refusal(profile, ledgerFile, budget, shared, suite));
  if (suite > settings.addProjectBudget)
    return {
      settings,
      note:
        `quota: the ledger leaves ${budget.left} of ${quota} addProject calls this hour; after the ` +
        `${shared} shared projects, soap/add-project gets ${settings.addProjectBudget} of the ${suite} ` +
        `its tests need, the others are skipped with the reason (${when(budget, shared + suite)} for ` +
        `all of them; --suite without soap/add-project leaves them out)`,
    };
  return { settings };
}

function when(budget: Budget, needed: number): string {
  const at = budget.fitsAt(needed);
  if (at === 'now') return 'now';
  if (at === 'never')
    return `never in one hour of projectQuotaPerHour ${budget.quota} (\`prepare\` the shared projects)`;
  return `at ${localClock(at)} local time`;
}

function refusal(
  profile: Profile,
  ledgerFile: string,
  budget: Budget,
  shared: number,
  suite: number,
): string {
  const needs =
    `this run needs ${shared} addProject call(s) for the shared projects` +
    (suite > 0 ? ` and up to ${suite} for soap/add-project` : '');
  const left =
    `the quota ledger (${ledgerFile}) counts ${budget.used} of the profile's ${budget.quota} per hour ` +
    `used on ${profile.baseUrl} in the last hour, ${budget.left} left`;
  const sharedAt = budget.fitsAt(shared);
  const wait =
    sharedAt === 'never'
      ? `the shared projects alone exceed projectQuotaPerHour ${budget.quota}`
      : `wait until ${localClock(sharedAt as Date)} local time` +
        (suite > 0 && budget.fitsAt(shared + suite) instanceof Date
          ? ` (${localClock(budget.fitsAt(shared + suite) as Date)} for every soap/add-project test too)`
          : '');
  return (
    `the addProject quota (§8) does not allow this run now: ${needs}; ${left}. ` +
    `${wait[0]!.toUpperCase()}${wait.slice(1)}, or name existing projects in the profile ` +
    `(fixtures.publicProjectId, privateProjectId, soapProjectId, membershipProjectId, ` +
    `foreignProjectId; ` +
    `\`${CLI_COMMAND} prepare --target ${profile.baseUrl} --profile FILE\` creates them once ` +
    `and writes them in), so that a run creates only what soap/add-project needs`
  );
}
