/**
 * `conformance run`: resolve the target (embedded reference server or --target URL), check it is
 * there, run the suites, judge the requirements, write the reports, print the summary.
 * Returns the exit code of design.md.
 */
import { existsSync, writeFileSync } from 'node:fs';
import {
  countRequests,
  limitRate,
  newRateSchedule,
  newRequestCounter,
  requestsCounted,
} from '../../kit/clients/rate-limit.ts';
import { describeRateLimitCost, estimateRequests, recordRequests } from './request-history.ts';
import { configureTransport } from '../../kit/clients/transport.ts';
import { transportOptions } from './transport-options.ts';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CODE_ROOT as ROOT } from '../../layout.ts';
import type { RunningServer } from '../../../reference-server/listen.ts';
import { CATALOGUE } from '../../requirements/index.ts';
import { hasTests } from '../../requirements/coverage.ts';
import { NOT_RUN_REASONS } from '../results/verdict.ts';
import { assembleRun, type KnownFailures } from '../results/assemble.ts';
import { loadExpectations, updateExpectations } from '../results/expectations.ts';
import { stagingDir, swapIn } from '../report/atomic-dir.ts';
import { writeReports } from '../report/write.ts';
import { withEvidenceOfFailuresOnly } from '../report/evidence.ts';
import { StartedAllure } from '../report/allure-process.ts';
import { resolveProfile } from '../../target/default-profile.ts';
import { loadProfileFile, type Profile } from '../../target/profile.ts';
import type { RunResult } from '../../run-result.ts';
import { ledgerPath } from '../../kit/target/quota-ledger.ts';
import { planQuota } from '../../kit/target/quota-plan.ts';
import type { RunOptions } from './args.ts';
import {
  checkReachable,
  describeSoapBase,
  learnTargetSoapBase,
  probeFailNext,
  probeTestControl,
} from './preflight.ts';
import { describeSharedProjects } from '../../kit/fixtures/projects.ts';
import { preflightAccounts, releaseHandedSessions } from './preflight-accounts.ts';
import { INTERRUPTED_EXIT, Interruption } from './interruption.ts';
import { runSuites } from './run-suites.ts';
import { checkSuiteSelection, suiteNames } from './suite-names.ts';
import { lastFailedSelection } from './last-failed.ts';
import { renderHar } from '../report/har.ts';
import { packageVersion } from './version.ts';
import { renderClosing } from './summary-table.ts';
import { renderLeftoversLine } from './leftovers-line.ts';
import { CLI_COMMAND } from '../../layout.ts';

const REACHABILITY_DEADLINE_MS = 8000;

export async function run(
  options: RunOptions,
  argv: readonly string[],
): Promise<0 | 1 | 2 | typeof INTERRUPTED_EXIT> {
  const startedAt = new Date();
  if (options.lastFailed !== undefined) {
    const selection = lastFailedSelection(options.lastFailed);
    if (selection === undefined) {
      process.stdout.write(
        `conformance: no test failed or errored in ${options.lastFailed}: nothing to rerun\n`,
      );
      return 0;
    }
    process.stdout.write(
      `conformance: --last-failed: ${selection.tests} tests of ${selection.suites.length} suite files` +
        `${options.seedGiven ? '' : `, seed ${selection.seed} as in that run`}\n`,
    );
    options = {
      ...options,
      suites: selection.suites,
      grep: selection.grep,
      ...(options.seedGiven ? {} : { seed: selection.seed }),
    };
  }
  checkSuiteSelection(ROOT, options.suites);
  const profileFile = options.profile === undefined ? undefined : loadProfileFile(options.profile);
  const expectations =
    options.expectations === undefined
      ? undefined
      : loadExpectations(options.expectations, options.updateExpectations);
  let server: RunningServer | undefined;
  let staging: string | undefined;
  let allure: StartedAllure | undefined;
  const interruption = new Interruption();
  interruption.install();
  try {
    // --insecure, --ca, the proxy of the environment, --rate-limit: for every request of the run.
    // The embedded server is on loopback: never through the environment's proxy.
    const embedded = options.target === undefined && profileFile?.baseUrl === undefined;
    const transport = {
      ...transportOptions(options.insecure, options.ca),
      ...(embedded ? { direct: true } : {}),
    };
    configureTransport(transport);
    const rateLimit =
      options.rateLimit === undefined
        ? undefined
        : { perSecond: options.rateLimit, schedule: newRateSchedule() };
    limitRate(rateLimit?.perSecond, rateLimit?.schedule);
    const requestCounter = newRequestCounter();
    countRequests(requestCounter);
    let baseUrl = options.target ?? profileFile?.baseUrl;
    if (baseUrl === undefined) {
      // The embedded reference server is loaded only for a run without --target (issue 15).
      const { startReferenceServer } = await import('../../../reference-server/listen.ts');
      server = await startReferenceServer({ testControl: true });
      baseUrl = server.url;
    }
    const profile: Profile = resolveProfile(baseUrl, profileFile);
    if (options.rateLimit !== undefined)
      process.stdout.write(
        `conformance: ${describeRateLimitCost(options.rateLimit, estimateRequests(profile.baseUrl, options))}\n`,
      );
    await checkReachable(
      profile.baseUrl,
      Math.min(REACHABILITY_DEADLINE_MS, options.timeoutMs),
      profile.wsdlUrl,
    );
    if (profileFile?.capabilities?.testControl === undefined) {
      profile.capabilities.testControl = await probeTestControl(profile.baseUrl, options.timeoutMs);
    }
    if (profileFile?.capabilities?.failNext === undefined) {
      profile.capabilities.failNext = await probeFailNext(profile.baseUrl, options.timeoutMs);
    }
    const soapBase = await learnTargetSoapBase(profile, options.timeoutMs);
    // Before anything is created: the addProject budget (refused here, exit 2), then the accounts.
    const quota = planQuota(profile, options.suites, ledgerPath());
    await preflightAccounts(profile, soapBase.base, options.timeoutMs, quota.settings);
    const reportDir = resolve(options.reportDir);
    staging = await stagingDir(reportDir);
    interruption.staging = staging;
    if (interruption.signal() !== undefined) {
      process.stderr.write(
        `conformance: interrupted before the suites started: nothing judged, the previous report is left as it was\n`,
      );
      return INTERRUPTED_EXIT;
    }

    // Allure's generator loads while the suites run (allure-process.ts).
    allure = new StartedAllure(staging);
    process.stdout.write(
      `conformance: target ${profile.baseUrl}${server ? ' (embedded reference server)' : ''}, seed ${options.seed}, ` +
        `test control ${profile.capabilities.testControl ? 'yes' : 'no'}, ` +
        `fail-next ${profile.capabilities.failNext ? 'yes' : 'no'}` +
        describeSoapBase(soapBase, profile.baseUrl) +
        `${options.shard ? `, shard ${options.shard}` : ''}\n`,
    );
    if (quota.note) process.stdout.write(`conformance: ${quota.note}\n`);
    const suitesStarted = performance.now();
    const collector = await runSuites(
      ROOT,
      { ...options, reportDir: staging },
      {
        target: profile,
        soapBase: soapBase.base,
        seed: options.seed,
        runs: options.runs,
        timeoutMs: options.timeoutMs,
        ...(quota.settings === undefined ? {} : { quota: quota.settings }),
        ...(options.har === undefined ? {} : { har: true }),
        ...(options.keepTranscripts ? { keepTranscripts: true } : {}),
        ...(rateLimit === undefined ? {} : { rateLimit }),
        requestCounter,
        transport,
      },
      interruption,
    );
    await releaseHandedSessions(profile, soapBase.base, options.timeoutMs);
    const suitesMs = performance.now() - suitesStarted;

    const harnessErrors = [...collector.harnessErrors];
    if (interruption.signal() !== undefined && collector.tests.length === 0) {
      const created = describeSharedProjects(collector.sharedProjects, profile)
        .filter((p) => p.createdByRun)
        .map((p) => `${p.shortName} (${p.id})`);
      process.stderr.write(
        `conformance: interrupted before any test ended: nothing judged, the previous report is left as it was; ` +
          `${created.length ? `left on the target: the shared projects ${created.join(', ')}` : 'nothing left on the target'}\n`,
      );
      return INTERRUPTED_EXIT;
    }
    // A run that checked nothing passes no gate and keeps the previous report (a share of a
    // --shard run may be empty: merge needs its report).
    if (
      collector.tests.length === 0 &&
      harnessErrors.length === 0 &&
      options.shard === undefined &&
      interruption.signal() === undefined
    ) {
      process.stderr.write(
        `conformance: no test ran: ${options.suites.length + (options.grep ? 1 : 0) > 0 ? '--suite/--grep select no test' : 'no suite file found'}; ` +
          `the previous report is left as it was. The suites: ${suiteNames(ROOT).join(', ')}\n`,
      );
      return 2;
    }
    let known: KnownFailures | undefined;
    if (expectations) {
      let entries = expectations.entries.map((e) => e.id);
      // An interrupted run saw part of the tests: the file is not rewritten from it.
      if (options.updateExpectations && interruption.signal() === undefined) {
        const updated = updateExpectations(expectations, collector.tests);
        writeFileSync(expectations.path, updated.text);
        entries = updated.entries;
        process.stdout.write(
          `expectations: wrote ${expectations.path} (${updated.entries.length} entries; ` +
            `${updated.added.length} added, ${updated.removed.length} removed)\n`,
        );
      }
      known = {
        file: expectations.path,
        entries,
        judged: options.shard === undefined ? 'here' : 'deferred',
      };
    }
    const result = assembleRun(
      {
        target: profile.baseUrl,
        ...(runLabel(profile, server !== undefined) ?? {}),
        targetKind: server ? 'embedded' : 'external',
        startedAt: startedAt.toISOString(),
        durationMs: 0,
        seed: options.seed,
        runs: options.runs,
        capabilities: { ...profile.capabilities },
        command: reproduceCommand(argv, options.seed),
        requests: requestsCounted(),
        notRunReason: notRunReason(options, collector.tests.length, harnessErrors.length),
        sharedProjects: describeSharedProjects(collector.sharedProjects, profile),
        ...(options.shard === undefined ? {} : { shard: options.shard }),
      },
      CATALOGUE,
      options.keepTranscripts ? collector.tests : withEvidenceOfFailuresOnly(collector.tests),
      harnessErrors,
      known,
      hasTests,
    );
    result.durationMs = Date.now() - startedAt.getTime();
    const signal = interruption.signal();
    if (signal === undefined) recordRequests(profile.baseUrl, options, result.requests ?? 0);
    if (signal !== undefined) markInterrupted(result, signal);
    // An interrupted run's report goes beside the last complete one, which stays (design.md).
    const destination = signal === undefined ? reportDir : `${reportDir}.interrupted`;
    const reportsStarted = performance.now();
    await writeReports(staging, result, allure);
    await swapIn(staging, destination);
    staging = undefined;
    if (options.har !== undefined) {
      writeFileSync(options.har, renderHar(collector.harExchanges, packageVersion().version));
      process.stdout.write(
        `conformance: HAR: ${collector.harExchanges.length} exchanges in ${options.har}\n`,
      );
    }
    const reportsMs = performance.now() - reportsStarted;
    const code = result.exitCode ?? 2;
    process.stdout.write(renderClosing(result, destination, code, options.verbose));
    if (interruption.signal() !== undefined) {
      process.stdout.write(
        `interrupted (${interruption.signal()}): ${result.tests.length} tests ran; ${renderLeftoversLine(result)}\n` +
          `${existsSync(join(reportDir, 'summary.json')) ? `the last complete report is still ${reportDir}` : `there is no complete report in ${reportDir} yet`}; this run's is ${destination}\n`,
      );
    }
    // What the run's time went to (npm run bench reads this line).
    const totalMs = Date.now() - startedAt.getTime();
    if (options.timing)
      process.stderr.write(
        `conformance: timing: suites ${seconds(suitesMs)}, reports ${seconds(reportsMs)} ` +
          `(${Math.round((100 * reportsMs) / totalMs)} %), whole run ${seconds(totalMs)}\n`,
      );
    return interruption.signal() === undefined ? code : INTERRUPTED_EXIT;
  } finally {
    allure?.stop();
    interruption.dispose();
    if (staging) await rm(staging, { recursive: true, force: true });
    await server?.close();
  }
}

/** The run stopped early: its verdict says so, whatever the tests that ran say. */
function markInterrupted(result: RunResult, signal: string): void {
  result.interrupted = true;
  for (const r of result.requirements)
    if (r.status === 'not-run') r.reason = `not reached: the run was interrupted (${signal})`;
  result.exitCode = INTERRUPTED_EXIT;
  result.verdict = {
    kind: 'interrupted',
    text:
      `Interrupted (${signal}) after ${result.tests.length} tests: no verdict. ` +
      `The requirements that were not reached are not-run.`,
    needTestControl: [],
  };
}

/** Why a requirement whose tests exist has no result: a subset, or suites that did not run. */
function notRunReason(options: RunOptions, tests: number, harnessErrors: number): string {
  if (options.suites.length > 0 || options.grep !== undefined || options.shard !== undefined)
    return NOT_RUN_REASONS.subset;
  return tests === 0 && harnessErrors > 0 ? NOT_RUN_REASONS.suitesFailed : NOT_RUN_REASONS.notRan;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The command that replays this run (same options, same seed). */
function reproduceCommand(argv: readonly string[], seed: number): string {
  const kept = argv.filter((a) => a !== '--update-expectations');
  const args = kept.some((a) => a === '--seed' || a.startsWith('--seed='))
    ? kept
    : [...kept, '--seed', String(seed)];
  return [CLI_COMMAND, ...args].join(' ');
}

/** The target's name in reports and compare: never the ephemeral port of the embedded server. */
function runLabel(profile: Profile, embedded: boolean): { label: string } | undefined {
  if (profile.label) return { label: profile.label };
  return embedded ? { label: 'reference server' } : undefined;
}
