/**
 * Writes every report of a run result into a directory: Allure HTML, summary.json, junit, index,
 * and the reproduce script of each failure (reproduce-files.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Judged, JudgedRun, RunResult } from '../../run-result.ts';
import { withHarnessError } from '../results/judge.ts';
import { allureReportName, generateAllureReport } from './allure.ts';
import { allureHtmlWanted } from './allure-html-wanted.ts';
import { alignAllureStatuses, writeAllureGlobals, writeRootCauses } from './allure-statuses.ts';
import type { StartedAllure } from './allure-process.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderSummaryJson } from './summary-json.ts';
import { writeReproduceFiles } from './reproduce-files.ts';

/**
 * `reportDir/allure-results/` must be in place; a failed Allure generation is a harness error.
 * `ahead`: Allure's generator started while the suites ran (allure-process.ts). Returns the run as
 * the reports say it: with that harness error, when there was one.
 */
export async function writeReports<Run extends RunResult>(
  reportDir: string,
  result: Judged<Run>,
  ahead?: StartedAllure,
): Promise<Judged<Run>> {
  const allureResults = join(reportDir, 'allure-results');
  // No test ran (an empty share of a --shard run): there is nothing for Allure to show.
  const nothing = !existsSync(allureResults) || readdirSync(allureResults).length === 0;
  let generated: Promise<unknown> = Promise.resolve(undefined);
  if (!nothing) {
    try {
      await alignAllureStatuses(allureResults, result.tests);
      await writeRootCauses(allureResults, result.tests);
      await writeAllureGlobals(allureResults, result.harnessErrors);
      // Allure generates in a process of its own while the other reports are written.
      if (allureHtmlWanted())
        generated = generateAllureReport(reportDir, allureReportName(result), ahead).then(
          () => undefined,
          (error: unknown) => error,
        );
    } catch (error) {
      generated = Promise.resolve(error);
    }
  }
  await writeOwnReports(reportDir, result);
  const failure = await generated;
  if (failure === undefined) return result;
  const judged = withHarnessError(result, {
    message: `Allure report not generated: ${(failure as Error).message.split('\n')[0]}`,
    count: 1,
  });
  // Written again: the harness error is part of their verdict.
  await writeOwnReports(reportDir, judged);
  return judged;
}

async function writeOwnReports(reportDir: string, result: JudgedRun): Promise<void> {
  await writeFile(join(reportDir, 'summary.json'), renderSummaryJson(result));
  await writeFile(join(reportDir, 'junit.xml'), renderJunit(result));
  await writeFile(join(reportDir, 'index.html'), renderHtml(result));
  await writeReproduceFiles(reportDir, result.tests);
}
