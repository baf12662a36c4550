import { describe, expect, test } from 'vitest';
import type { TestResult } from '../../run-result.ts';
import { judgeReplay } from './replay.ts';

const result = (fields: Partial<TestResult>): TestResult => ({
  id: 'suites/rest/x.test.ts::t',
  file: 'suites/rest/x.test.ts',
  name: 't',
  status: 'fail',
  requirements: ['rest.concurrency.if-match-stale'],
  durationMs: 1,
  ...fields,
});

describe('judgeReplay: FIXED only when the check itself passes again', () => {
  const before = result({
    message: 'PUT /artifacts/101 with a stale If-match: expected 412, got 200',
    expected: '412',
    actual: '200',
  });

  test('the rerun test passes: FIXED', () => {
    expect(judgeReplay(before, result({ status: 'pass' }))).toEqual({ kind: 'FIXED' });
  });

  test('it fails as before, on another artifact and Etag: STILL FAILING', () => {
    const now = result({ ...before, message: before.message!.replace('101', '117') });
    const etag = (value: string) =>
      result({ ...before, message: `PUT with If-match "${value}": expected 200 to be 412` });
    expect(judgeReplay(etag('a5886f21fcb5'), etag('5e01603443fb')).kind).toBe('STILL FAILING');
    expect(judgeReplay(before, now)).toEqual({ kind: 'STILL FAILING', now: now.message });
  });

  test('it fails otherwise: CHANGED, with both messages', () => {
    const now = result({
      message: 'PUT /artifacts/117 with a stale If-match: expected 412, got 404',
      expected: '412',
      actual: '404',
    });
    expect(judgeReplay(before, now)).toEqual({
      kind: 'CHANGED',
      was: before.message,
      now: now.message,
    });
  });

  test('a setup read-back that failed and is not in the rerun held this time: FIXED', () => {
    const cause = result({ file: '(setup)', id: '(setup)::soap.addProjectMember.effect' });
    expect(judgeReplay(cause, undefined)).toEqual({ kind: 'FIXED' });
    expect(judgeReplay(cause, { ...cause }).kind).toBe('STILL FAILING');
  });

  test('skipped or missing in the rerun: NOT REPLAYED, with why', () => {
    expect(judgeReplay(before, result({ status: 'skip', message: 'needs test control' }))).toEqual({
      kind: 'NOT REPLAYED',
      why: 'skip: needs test control',
    });
    expect(judgeReplay(before, undefined).kind).toBe('NOT REPLAYED');
  });
});
