/** The tests that keep their transcript and reproduce script by default: those that did not pass. */
import { expect, test } from 'vitest';
import type { TestResult, TestStatus } from '../../run-result.ts';
import { withEvidenceOfFailuresOnly } from './evidence.ts';

const STATUSES: TestStatus[] = [
  'pass',
  'observed',
  'fail',
  'skip',
  'error',
  'expected-fail',
  'blocked',
];

test('pass and skip lose their transcript, reproduce script and judged exchange; the rest keep them', () => {
  const tests: TestResult[] = STATUSES.map((status) => ({
    id: `s.test.ts::${status}`,
    file: 's.test.ts',
    name: status,
    status,
    requirements: ['rest.tokens.create'],
    durationMs: 1,
    transcript: 'POST /api/tokens',
    reproduce: 'curl -X POST',
    judgedExchange: 0,
  }));
  const kept = withEvidenceOfFailuresOnly(tests);
  expect(kept.filter((t) => t.transcript !== undefined).map((t) => t.status)).toEqual([
    'observed',
    'fail',
    'error',
    'expected-fail',
    'blocked',
  ]);
  for (const t of kept.filter((t) => t.status === 'pass' || t.status === 'skip'))
    expect(Object.keys(t)).not.toEqual(expect.arrayContaining(['reproduce']));
  expect(kept.find((t) => t.status === 'skip')).not.toHaveProperty('judgedExchange');
  // The input is left as it was.
  expect(tests.every((t) => t.transcript !== undefined)).toBe(true);
});
