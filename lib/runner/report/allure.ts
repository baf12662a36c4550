/**
 * Allure's single-file HTML report (allure 3 "awesome" plugin, offline) from allure-results/.
 * The plugin hard-codes a Google Analytics block: it is stripped; its
 * embedded app and data are gzipped (allure-pack.ts).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgedRun } from '../../run-result.ts';
import { TREE_LABELS, TREE_SORT } from './allure-enrich.ts';
import { packAllureSingleFile } from './allure-pack.ts';
import { runAllure, type StartedAllure } from './allure-process.ts';
import { VERDICT_BADGE } from './html-style.ts';

/**
 * The report's name carries the verdict and the exit code, as index.html's badge: Allure's own
 * counts see tests, not requirements (an INFO observation passes, a skip is no failure).
 */
export function allureReportName(run: JudgedRun): string {
  return `Conformance: ${VERDICT_BADGE[run.verdict.kind].label} (exit ${run.exitCode})`;
}

export async function generateAllureReport(
  reportDir: string,
  name = 'Conformance',
  ahead?: StartedAllure,
): Promise<string> {
  const output = join(reportDir, 'allure-report');
  const config = join(reportDir, 'allurerc.mjs');
  await writeFile(
    config,
    `export default ${JSON.stringify({
      name,
      output,
      plugins: {
        awesome: {
          options: {
            singleFile: true,
            reportLanguage: 'en',
            // One node per test, under its section (allure-enrich.ts).
            groupBy: [...TREE_LABELS],
            // Sections in specification order, §1 first (TREE_SORT).
            defaultSortBy: TREE_SORT,
          },
        },
      },
    })};\n`,
  );
  try {
    await runAllure(
      ['generate', '--config', config, join(reportDir, 'allure-results')],
      reportDir,
      ahead,
    );
  } finally {
    await rm(config, { force: true });
  }
  const index = join(output, 'index.html');
  // Bytes as latin1, one character each, not decoded and encoded again (a full run's is large):
  // the patterns are ASCII, and no byte of a multi-byte UTF-8 character is ASCII.
  const html = (await readFile(index)).toString('latin1');
  await writeFile(index, Buffer.from(packAllureSingleFile(stripAnalytics(html)), 'latin1'));
  return index;
}

export function stripAnalytics(html: string): string {
  return html
    .replace(/<script async src="https:\/\/www\.googletagmanager\.com[^"]*"><\/script>/g, '')
    .replace(/<script>\s*window\.dataLayer[\s\S]*?<\/script>/g, '');
}
