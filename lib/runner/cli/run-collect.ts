/**
 * `run`'s suites: the header line, the suites run against the target with the collector reporting
 * progress, the sessions handed to the suites released; then whether anything was judged at all.
 */
import { describeSharedProjects } from '../../kit/fixtures/projects.ts';
import { CODE_ROOT as ROOT } from '../../layout.ts';
import type { RunOptions } from './args.ts';
import type { Collector } from './collector.ts';
import { INTERRUPTED_EXIT, type Interruption } from './interruption.ts';
import { describeSoapBase } from './preflight.ts';
import { releaseHandedSessions } from './preflight-accounts.ts';
import type { Target } from './run-target.ts';
import { runSuites } from './run-suites.ts';
import { suiteNames } from './suite-names.ts';

export interface Collected {
  collector: Collector;
  suitesMs: number;
}

/** `staging`: the report directory being written (Allure's results go there as tests end). */
export async function runAndCollect(
  options: RunOptions,
  target: Target,
  staging: string,
  interruption: Interruption,
): Promise<Collected> {
  const { profile, soapBase, quota } = target;
  process.stdout.write(
    `conformance: target ${profile.baseUrl}${target.server ? ' (embedded reference server)' : ''}, seed ${options.seed}, ` +
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
      ...(target.rateLimit === undefined ? {} : { rateLimit: target.rateLimit }),
      requestCounter: target.requestCounter,
      clockMoved: target.clockMoved,
      transport: target.transport,
    },
    interruption,
  );
  await releaseHandedSessions(profile, soapBase.base, options.timeoutMs);
  return { collector, suitesMs: performance.now() - suitesStarted };
}

/**
 * The exit code of a run that judged nothing, which keeps the previous report; undefined when
 * there is something to report.
 */
export function nothingJudged(
  options: RunOptions,
  target: Target,
  { collector }: Collected,
  interruption: Interruption,
): 2 | typeof INTERRUPTED_EXIT | undefined {
  const harnessErrors = collector.harnessErrors.length;
  if (interruption.signal() !== undefined && collector.tests.length === 0) {
    const created = describeSharedProjects(collector.sharedProjects, target.profile)
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
    harnessErrors === 0 &&
    options.shard === undefined &&
    interruption.signal() === undefined
  ) {
    process.stderr.write(
      `conformance: no test ran: ${options.suites.length + (options.grep ? 1 : 0) > 0 ? '--suite/--grep select no test' : 'no suite file found'}; ` +
        `the previous report is left as it was. The suites: ${suiteNames(ROOT).join(', ')}\n`,
    );
    return 2;
  }
  return undefined;
}
