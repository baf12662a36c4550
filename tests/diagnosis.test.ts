/**
 * What self-validation says of a planted fault's run (tests/support/diagnosis.ts): caught, exact,
 * the extra and missing requirements, the errors; and that no report shows a stack frame.
 */
import { describe, expect, test } from 'vitest';
import type { RunResult, TestResult } from '../lib/run-result.ts';
import { diagnose, filesWithStackFrames, inexactLine } from './support/diagnosis.ts';

const requirement = (id: string, status: string, level = 'MUST') =>
  ({
    id,
    section: '§7.1',
    level,
    text: id,
    status,
    tests: [],
  }) as RunResult['requirements'][number];
const test1 = (status: TestResult['status'], extra: Partial<TestResult> = {}): TestResult => ({
  id: `f::${status}`,
  file: 'f',
  name: status,
  status,
  requirements: ['a'],
  durationMs: 1,
  ...extra,
});
const run = (tests: TestResult[] = [test1('fail')]) => ({
  requirements: [
    requirement('a', 'fail'),
    requirement('b', 'blocked'),
    requirement('c', 'pass'),
    requirement('i', 'fail', 'INFO'),
  ],
  tests,
  harnessErrors: [],
});

describe('the diagnosis of a planted fault', () => {
  test('exact: the failing MUST requirements are the declared ones, exit 1, no error', () => {
    expect(diagnose(['a'], run(), 1)).toMatchObject({ caught: true, exact: true });
  });

  test('one declaration changed: what it names and no longer fails, and what fails beyond it', () => {
    const d = diagnose(['c'], run(), 1);
    expect(d).toMatchObject({ caught: false, exact: false, extra: ['a'], missing: ['c'] });
    expect(inexactLine('f1', d)).toBe('f1: extra [a] missing [c]');
    expect(diagnose(['a', 'b'], run(), 1)).toMatchObject({ exact: false, missing: ['b'] });
  });

  test('an error under a planted fault, or an exit code other than 1, is never exact', () => {
    const errored = diagnose(
      ['a'],
      run([test1('fail'), test1('error', { message: 'could not judge: x' })]),
      1,
    );
    expect(errored).toMatchObject({
      caught: true,
      exact: false,
      errors: ['f::error: could not judge: x'],
    });
    expect(diagnose(['a'], run(), 2)).toMatchObject({ exact: false, exitCode: 2 });
  });

  test('a failed check that named no requirement of its test is listed', () => {
    const d = diagnose(
      ['a'],
      run([
        test1('fail', {
          requirements: ['a', 'b'],
          failures: [{ requirement: 'a', message: 'm', unattributed: true }],
        }),
      ]),
      1,
    );
    expect(d.unattributed).toEqual(['f::fail [a, b]']);
  });
});

describe('stack frames in the reports', () => {
  test('a frame line is found, with the file that shows it; prose is not', () => {
    expect(
      filesWithStackFrames({
        'summary.json': '{"message": "expected fault 3203, got true"}',
        'junit.xml': 'AssertionError: x\n    at expectFault (/w/lib/kit/soap/expect.ts:20:5)\n',
        'index.html': 'at the end of the run: 3 tests',
      }),
    ).toEqual(['junit.xml: at expectFault (/w/lib/kit/soap/expect.ts:20:5)']);
  });
});
