/**
 * Known failures (--expectations FILE): one requirement id or test id per line, '#' comments.
 * A failing test listed (by its id or one of its requirements) becomes 'expected-fail'; a listed
 * entry whose tests all pass is an unexpected pass, reported so the file can shrink.
 */
import { readFileSync } from 'node:fs';
import type { TestResult } from './model.ts';

export class ExpectationsError extends Error {}

export function loadExpectations(path: string): Set<string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ExpectationsError(`cannot read expectations ${path}: ${(error as Error).message}`);
  }
  return new Set(
    text
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

export interface AppliedExpectations {
  tests: TestResult[];
  unexpectedPasses: string[];
}

export function applyExpectations(
  tests: readonly TestResult[],
  expected: ReadonlySet<string>,
): AppliedExpectations {
  const listed = (t: TestResult) =>
    expected.has(t.id) || t.requirements.some((id) => expected.has(id));
  const out = tests.map((t) =>
    t.status === 'fail' && listed(t) ? { ...t, status: 'expected-fail' as const } : t,
  );
  const unexpectedPasses = [...expected].filter((entry) => {
    const concerned = tests.filter((t) => t.id === entry || t.requirements.includes(entry));
    return concerned.length > 0 && concerned.every((t) => t.status === 'pass');
  });
  return { tests: out, unexpectedPasses };
}
