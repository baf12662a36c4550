/**
 * `conformance run`: select the tests, check the target (the embedded reference server or
 * --target URL), run the suites, take the known failures, judge, write the reports and print the
 * summary. Returns the exit code (README.md, "Exit codes").
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { RunningServer } from '../../../reference-server/listen.ts';
import type { ExitCode } from '../../run-result.ts';
import { HttpClient } from '../../kit/clients/http.ts';
import { Transcript } from '../../kit/clients/transcript.ts';
import { restoreClock } from '../../kit/target/clock.ts';
import { loadProfileFile } from '../../target/profile.ts';
import { StartedAllure } from '../report/allure-process.ts';
import { stagingDir } from '../report/atomic-dir.ts';
import { loadExpectations } from '../results/expectations.ts';
import type { RunOptions } from './args.ts';
import { INTERRUPTED_EXIT, Interruption } from './interruption.ts';
import { nothingJudged, runAndCollect } from './run-collect.ts';
import { knownFailures } from './run-expectations.ts';
import { renderLeftoversLine } from './leftovers-line.ts';
import { judgeCollected } from './run-judge.ts';
import { reportRun } from './run-report.ts';
import { selectTests } from './run-selection.ts';
import { prepareTarget, type Target } from './run-target.ts';

export async function run(given: RunOptions, argv: readonly string[]): Promise<ExitCode> {
  const startedAt = new Date();
  const options = selectTests(given);
  if (options === undefined) return 0;
  // Read before anything runs: a bad file is exit 2 with nothing started.
  const profileFile = options.profile === undefined ? undefined : loadProfileFile(options.profile);
  const expectations =
    options.expectations === undefined
      ? undefined
      : loadExpectations(options.expectations, options.updateExpectations);
  // What the run holds until it ends, however it ends.
  let server: RunningServer | undefined;
  let staging: string | undefined;
  let allure: StartedAllure | undefined;
  let target: Target | undefined;
  const interruption = new Interruption();
  interruption.install();
  try {
    target = await prepareTarget(options, profileFile, (started) => (server = started));
    staging = await stagingDir(resolve(options.reportDir));
    interruption.staging = staging;
    if (interruption.signal() !== undefined) {
      process.stderr.write(
        `conformance: interrupted before the suites started: nothing judged, the previous report is left as it was\n`,
      );
      return INTERRUPTED_EXIT;
    }
    // Allure's generator loads while the suites run (allure-process.ts).
    allure = new StartedAllure(staging);
    const collected = await runAndCollect(options, target, staging, interruption);
    // Before the run is judged, so that the report counts the request that sets the clock back.
    if (target.server === undefined) await setClockBack(target);
    const nothing = nothingJudged(options, target, collected, interruption);
    if (nothing !== undefined) return nothing;
    const interruptedBy = interruption.judging();
    const known = knownFailures(
      options,
      expectations,
      collected.collector.tests,
      interruptedBy !== undefined,
    );
    const judged = judgeCollected({
      options,
      argv,
      startedAt,
      target,
      collected,
      known,
      interruptedBy,
    });
    const staged = { dir: staging, allure, swapped: () => (staging = undefined) };
    const reported = await reportRun(options, judged, staged, collected, interruption, startedAt);
    // What a run against a target left there, in one line (the embedded server goes with the run).
    if (target.server === undefined && !judged.interrupted)
      process.stdout.write(
        `conformance: ${renderLeftoversLine(reported, resolve(options.reportDir))}\n`,
      );
    return interruption.reported(reported.exitCode);
  } finally {
    // The clock the run moved is set back, however the run ended (a target left as found); once
    // it is, there is nothing more to set back (restoreClock).
    if (target !== undefined && target.server === undefined) await setClockBack(target);
    allure?.stop();
    interruption.dispose();
    if (staging) await rm(staging, { recursive: true, force: true });
    await server?.close();
  }
}

/** Sets the target's clock back by what the run moved it (test control); says so when refused. */
async function setClockBack(target: Target): Promise<void> {
  const { profile } = target;
  const refused = await restoreClock(new HttpClient(profile.baseUrl, new Transcript(), 10_000));
  if (refused !== undefined)
    process.stderr.write(
      `conformance: the target's clock stays moved forward by this run: ${refused}\n`,
    );
}
