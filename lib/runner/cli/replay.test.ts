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

describe('judgeReplay: a date is masked like ids and Etags', () => {
  const lastModified = (before: string, after: string) =>
    result({
      requirements: ['rest.concurrency.last-modified-version'],
      message: `Last-Modified after an update 1100 ms later (before: ${before}): expected '${after}' not to be '${before}'`,
      expected: before,
      actual: after,
    });

  test('HTTP-dates of another day, month and weekday (message, expected, actual): STILL FAILING', () => {
    const report = lastModified('Sun, 29 Nov 2026 04:13:21 GMT', 'Sun, 29 Nov 2026 04:13:21 GMT');
    const now = lastModified('Tue, 01 Dec 2026 17:02:09 GMT', 'Tue, 01 Dec 2026 17:02:09 GMT');
    expect(judgeReplay(report, now).kind).toBe('STILL FAILING');
    // The obsolete forms a recipient must accept (RFC 9110 §5.6.7), and a Unix time.
    const rfc850 = lastModified('Sunday, 29-Nov-26 04:13:21 GMT', 'Sunday, 29-Nov-26 04:13:21 GMT');
    const later = lastModified('Monday, 30-Nov-26 08:00:00 GMT', 'Monday, 30-Nov-26 08:00:00 GMT');
    expect(judgeReplay(rfc850, later).kind).toBe('STILL FAILING');
    const asctime = lastModified('Sun Nov 29 04:13:21 2026', 'Sun Nov 29 04:13:21 2026');
    const next = lastModified('Wed Dec  2 10:00:00 2026', 'Wed Dec  2 10:00:00 2026');
    expect(judgeReplay(asctime, next).kind).toBe('STILL FAILING');
    expect(
      judgeReplay(
        lastModified('1796012001', '1796012001'),
        lastModified('1796100000', '1796100000'),
      ).kind,
    ).toBe('STILL FAILING');
  });

  test('ISO timestamps in a body and in headers (token expiry, Date, Expires): STILL FAILING', () => {
    const answer = (at: string, expires: string, http: string) =>
      result({
        message: `POST /tokens answered a token that expires at ${expires}, issued at ${at}`,
        expected: 'a token that expires 24 h after it is issued',
        actual: `{"token":"t","issued_at":"${at}","expires_at":"${expires}"} Date: ${http}; Expires: ${http}`,
      });
    const report = answer(
      '2026-11-29T04:13:21Z',
      '2026-11-29T04:13:21.123+01:00',
      'Sun, 29 Nov 2026 04:13:21 GMT',
    );
    const now = answer(
      '2026-12-01T17:02:09Z',
      '2026-12-01T17:02:09.500+01:00',
      'Tue, 01 Dec 2026 17:02:09 GMT',
    );
    expect(judgeReplay(report, now).kind).toBe('STILL FAILING');
  });

  test('a failure that now names no date, or another status, is still CHANGED', () => {
    const report = lastModified('Sun, 29 Nov 2026 04:13:21 GMT', 'Sun, 29 Nov 2026 04:13:21 GMT');
    const none = result({ ...report, actual: 'no such header' });
    expect(judgeReplay(report, none).kind).toBe('CHANGED');
    const before = result({
      message: 'PUT answered 412 at 2026-11-29T04:13:21Z',
      expected: '412',
      actual: '200',
    });
    const now = result({
      message: 'PUT answered 412 at 2026-12-01T01:00:00Z',
      expected: '412',
      actual: '404',
    });
    expect(judgeReplay(before, now).kind).toBe('CHANGED');
  });
});
