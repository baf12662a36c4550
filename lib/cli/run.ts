/**
 * `conformance run`: resolve the target (embedded reference server or --target URL), check it is
 * there, run the suites, judge the requirements, write the reports, print the summary.
 * Returns the exit code of design.md.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReferenceServer, type RunningServer } from '../../reference-server/listen.ts';
import { CATALOGUE } from '../requirements/index.ts';
import { applyExpectations, loadExpectations } from '../results/expectations.ts';
import type { RunResult, TestResult } from '../results/model.ts';
import { countRequirements, exitCode, judgeRequirements } from '../results/verdict.ts';
import { generateAllureReport } from '../report/allure.ts';
import { renderHtml } from '../report/html.ts';
import { renderJunit } from '../report/junit.ts';
import { renderSummaryJson } from '../report/summary-json.ts';
import { resolveProfile } from '../target/default-profile.ts';
import { loadProfileFile, type Profile } from '../target/profile.ts';
import type { RunOptions } from './args.ts';
import { checkReachable, probeTestControl } from './preflight.ts';
import { runSuites } from './run-suites.ts';
import { renderSummaryTable } from './summary-table.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REACHABILITY_DEADLINE_MS = 8000;

export async function run(options: RunOptions, argv: readonly string[]): Promise<0 | 1 | 2> {
  const startedAt = new Date();
  const profileFile = options.profile === undefined ? undefined : loadProfileFile(options.profile);
  const expected =
    options.expectations === undefined ? undefined : loadExpectations(options.expectations);
  let server: RunningServer | undefined;
  try {
    let baseUrl = options.target ?? profileFile?.baseUrl;
    if (baseUrl === undefined) {
      server = await startReferenceServer({ testControl: true });
      baseUrl = server.url;
    }
    const profile: Profile = resolveProfile(baseUrl, profileFile);
    await checkReachable(profile.baseUrl, Math.min(REACHABILITY_DEADLINE_MS, options.timeoutMs));
    if (profileFile?.capabilities?.testControl === undefined) {
      profile.capabilities.testControl = await probeTestControl(profile.baseUrl, options.timeoutMs);
    }
    const reportDir = resolve(options.reportDir);
    await rm(join(reportDir, 'allure-results'), { recursive: true, force: true });
    await rm(join(reportDir, 'allure-report'), { recursive: true, force: true });
    await mkdir(reportDir, { recursive: true });

    process.stdout.write(
      `conformance: target ${profile.baseUrl}${server ? ' (embedded reference server)' : ''}, seed ${options.seed}, ` +
        `test control ${profile.capabilities.testControl ? 'yes' : 'no'}\n`,
    );
    const collector = await runSuites(
      ROOT,
      { ...options, reportDir },
      {
        target: profile,
        seed: options.seed,
        runs: options.runs,
        timeoutMs: options.timeoutMs,
      },
    );

    let tests: TestResult[] = collector.tests;
    const harnessErrors = [...collector.harnessErrors];
    if (expected) {
      const applied = applyExpectations(tests, expected);
      tests = applied.tests;
      for (const entry of applied.unexpectedPasses)
        harnessErrors.push(
          `unexpected pass: '${entry}' is listed in ${options.expectations} but passed; remove it`,
        );
    }
    const requirements = judgeRequirements(CATALOGUE, tests);
    const result: RunResult = {
      target: profile.baseUrl,
      targetKind: server ? 'embedded' : 'external',
      startedAt: startedAt.toISOString(),
      durationMs: 0,
      seed: options.seed,
      runs: options.runs,
      capabilities: { ...profile.capabilities },
      command: reproduceCommand(argv, options.seed),
      totals: {
        pass: tests.filter((t) => t.status === 'pass').length,
        fail: tests.filter((t) => t.status === 'fail').length,
        skip: tests.filter((t) => t.status === 'skip').length,
        error: tests.filter((t) => t.status === 'error').length,
        'expected-fail': tests.filter((t) => t.status === 'expected-fail').length,
      },
      requirementTotals: countRequirements(requirements),
      requirements,
      tests,
      harnessErrors,
    };
    result.durationMs = Date.now() - startedAt.getTime();
    await writeReports(reportDir, result);
    const code = exitCode(result);
    printSummary(result, reportDir, code);
    return code;
  } finally {
    await server?.close();
  }
}

async function writeReports(reportDir: string, result: RunResult): Promise<void> {
  try {
    await generateAllureReport(reportDir);
  } catch (error) {
    result.harnessErrors.push(
      `Allure report not generated: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  await writeFile(join(reportDir, 'summary.json'), renderSummaryJson(result));
  await writeFile(join(reportDir, 'junit.xml'), renderJunit(result));
  await writeFile(join(reportDir, 'index.html'), renderHtml(result));
}

function printSummary(result: RunResult, reportDir: string, code: number): void {
  const t = result.totals;
  const shown = relative(process.cwd(), reportDir) || '.';
  process.stdout.write(
    `\n${renderSummaryTable(result)}\n\n` +
      `tests: ${t.pass} passed, ${t.fail} failed, ${t.error} errors, ${t.skip} skipped, ${t['expected-fail']} expected failures\n` +
      (result.harnessErrors.length
        ? `harness errors:\n  ${result.harnessErrors.join('\n  ')}\n`
        : '') +
      `reports: ${shown}/index.html, summary.json, junit.xml, allure-report/index.html\n` +
      `exit ${code}: ${code === 0 ? 'no MUST requirement failed' : code === 1 ? 'a MUST requirement failed' : 'the run could not judge every MUST requirement'}\n`,
  );
}

/** The command that replays this run (same options, same seed). */
function reproduceCommand(argv: readonly string[], seed: number): string {
  const args = argv.some((a) => a === '--seed' || a.startsWith('--seed='))
    ? argv
    : [...argv, '--seed', String(seed)];
  return ['npm run conformance --', ...args].join(' ');
}
