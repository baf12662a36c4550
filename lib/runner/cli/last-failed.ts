/**
 * `--last-failed REPORT_DIR`: the tests that failed, errored or were blocked in that report (a
 * setup read-back's failure is no suite test: every run's setup reads it back again), as the suite files
 * and the exact test-name pattern that select them again (vitest matches a test's full name, its
 * describe blocks and its own name joined by spaces).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRootCause } from '../../kit/blocked.ts';
import type { RunResult, TestResult } from '../../run-result.ts';
import { UsageError } from './args.ts';

export interface Selection {
  suites: string[];
  grep: string;
  tests: number;
  /** The seed of that report's run: a property's counterexample comes back with it. */
  seed: number;
}

/** undefined: nothing failed or errored there. */
export function lastFailedSelection(reportDir: string): Selection | undefined {
  const file = reportDir.endsWith('.json') ? reportDir : join(reportDir, 'summary.json');
  if (!existsSync(file)) throw new UsageError(`--last-failed: no summary.json in ${reportDir}`);
  let run: RunResult;
  try {
    run = JSON.parse(readFileSync(file, 'utf8')) as RunResult;
  } catch (error) {
    throw new UsageError(`--last-failed: ${file} is not a summary: ${(error as Error).message}`);
  }
  if (run.kind === 'traffic' || run.traffic !== undefined)
    throw new UsageError(
      `--last-failed: ${file} is a traffic report (monitor, analyze): it holds no tests of the suites to run again`,
    );
  const failed = (run.tests ?? []).filter(
    (t) =>
      (t.status === 'fail' || t.status === 'error' || t.status === 'blocked') && !isRootCause(t),
  );
  if (failed.length === 0) return undefined;
  return { ...selectionOf(failed), seed: run.seed };
}

/** The suite files and the exact test-name pattern that select these tests again. */
export function selectionOf(tests: ReadonlyArray<Pick<TestResult, 'file' | 'name'>>): {
  suites: string[];
  grep: string;
  tests: number;
} {
  const names = [...new Set(tests.map((t) => escape(t.name.split(' > ').join(' '))))];
  return {
    suites: [...new Set(tests.map((t) => t.file))].sort(),
    grep: `^(?:${names.join('|')})$`,
    tests: tests.length,
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
