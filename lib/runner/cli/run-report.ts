/**
 * `run`'s reports: written to the staging directory and swapped in (an interrupted run's beside
 * the last complete one, which stays: docs/reading-the-report.md), the HAR file, then the closing
 * lines of the
 * terminal and, with --timing, what the run's time went to.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { JudgedRun } from '../../run-result.ts';
import type { StartedAllure } from '../report/allure-process.ts';
import { swapIn } from '../report/atomic-dir.ts';
import { renderHar } from '../report/har.ts';
import { writeReports } from '../report/write.ts';
import type { RunOptions } from './args.ts';
import type { Interruption } from './interruption.ts';
import { renderLeftoversLine } from './leftovers-line.ts';
import type { Collected } from './run-collect.ts';
import { renderClosing } from './summary-table.ts';
import { packageVersion } from './version.ts';

export interface Staged {
  /** The directory the reports are written to, until it is swapped in. */
  dir: string;
  allure: StartedAllure | undefined;
  /** Called once the directory is swapped in: there is nothing left to remove. */
  swapped: () => void;
}

/** Returns the run as its reports say it (a failed Allure generation is a harness error). */
export async function reportRun(
  options: RunOptions,
  judged: JudgedRun,
  staged: Staged,
  collected: Collected,
  interruption: Interruption,
  startedAt: Date,
): Promise<JudgedRun> {
  const reportDir = resolve(options.reportDir);
  const destination = judged.interrupted ? `${reportDir}.interrupted` : reportDir;
  const reportsStarted = performance.now();
  const result = await writeReports(staged.dir, judged, staged.allure);
  await swapIn(staged.dir, destination);
  staged.swapped();
  const { harExchanges } = collected.collector;
  if (options.har !== undefined) {
    writeFileSync(options.har, renderHar(harExchanges, packageVersion().version));
    process.stdout.write(`conformance: HAR: ${harExchanges.length} exchanges in ${options.har}\n`);
  }
  const reportsMs = performance.now() - reportsStarted;
  process.stdout.write(renderClosing(result, destination, options.verbose));
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
      `conformance: timing: suites ${seconds(collected.suitesMs)}, reports ${seconds(reportsMs)} ` +
        `(${Math.round((100 * reportsMs) / totalMs)} %), whole run ${seconds(totalMs)}\n`,
    );
  return result;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
