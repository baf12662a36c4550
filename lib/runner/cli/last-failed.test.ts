import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { rootCauseFailure } from '../../kit/blocked.ts';
import type { TestResult } from '../../run-result.ts';
import { lastFailedSelection } from './last-failed.ts';

const suiteTest = (name: string, status: TestResult['status']): TestResult => ({
  id: `suites/rest/auth.test.ts::auth > ${name}`,
  file: 'suites/rest/auth.test.ts',
  name: `auth > ${name}`,
  status,
  requirements: ['rest.auth.basic'],
  durationMs: 1,
});

test('--last-failed selects the blocked tests again, never the setup read-back (no suite file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'last-failed-'));
  const cause = rootCauseFailure([
    { requirement: 'soap.addProjectMember.effect', fact: 'bob is a member', evidence: '3203' },
  ]);
  const tests = [cause, suiteTest('basic (x)', 'blocked'), suiteTest('anonymous', 'pass')];
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ tests }));
  expect(lastFailedSelection(dir)).toEqual({
    suites: ['suites/rest/auth.test.ts'],
    grep: '^(?:auth basic \\(x\\))$',
    tests: 1,
  });
});

test('--last-failed of a traffic report is refused: its tests are no tests of the suites', () => {
  const dir = mkdtempSync(join(tmpdir(), 'last-failed-'));
  const failed = { ...suiteTest('x', 'fail'), file: 'traffic/server' };
  for (const summary of [
    { kind: 'traffic', traffic: { exchanges: 1 }, tests: [failed] },
    { seed: 0, traffic: { exchanges: 1 }, tests: [failed] },
  ]) {
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
    expect(() => lastFailedSelection(dir)).toThrow(/is a traffic report \(monitor, analyze\)/);
  }
});
