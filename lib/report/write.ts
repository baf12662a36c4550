/** Writes every report of a run result into a directory: Allure HTML, summary.json, junit, index. */
import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunResult } from '../results/model.ts';
import { exitCode, judgeVerdict } from '../results/verdict.ts';
import { allureReportName, generateAllureReport } from './allure.ts';
import { alignAllureStatuses, writeAllureGlobals } from './allure-statuses.ts';
import type { StartedAllure } from './allure-process.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderSummaryJson } from './summary-json.ts';

/**
 * `reportDir/allure-results/` must be in place; a failed Allure generation is a harness error.
 * `ahead`: Allure's generator started while the suites ran (allure-process.ts).
 */
export async function writeReports(
  reportDir: string,
  result: RunResult,
  ahead?: StartedAllure,
): Promise<void> {
  const allureResults = join(reportDir, 'allure-results');
  // No test ran (an empty share of a --shard run): there is nothing for Allure to show.
  const nothing = !existsSync(allureResults) || readdirSync(allureResults).length === 0;
  try {
    if (!nothing) {
      await alignAllureStatuses(allureResults, result.tests);
      await writeAllureGlobals(allureResults, result.harnessErrors);
      await generateAllureReport(reportDir, allureReportName(result), ahead);
    }
  } catch (error) {
    result.harnessErrors.push({
      message: `Allure report not generated: ${(error as Error).message.split('\n')[0]}`,
      count: 1,
    });
    result.exitCode = exitCode(result);
    result.verdict = judgeVerdict(result);
  }
  await writeFile(join(reportDir, 'summary.json'), renderSummaryJson(result));
  await writeFile(join(reportDir, 'junit.xml'), renderJunit(result));
  await writeFile(join(reportDir, 'index.html'), renderHtml(result));
}
