/**
 * Which tests keep their evidence in the reports: the wire transcript and the reproduce script of
 * each test that did not pass or skip (fail, error, blocked, observed, expected-fail), whose
 * reports explain them with it. Those of passing and skipped tests explain nothing and would be
 * most of a full run's reports: dropped unless --keep-transcripts (tests/report-size.test.ts).
 */
import type { TestResult } from '../../run-result.ts';

export function keepsEvidence(t: Pick<TestResult, 'status'>): boolean {
  return t.status !== 'pass' && t.status !== 'skip';
}

/** The tests, those that passed or skipped without their transcript and reproduce script. */
export function withEvidenceOfFailuresOnly(tests: readonly TestResult[]): TestResult[] {
  return tests.map((t) => {
    if (keepsEvidence(t)) return t;
    const { exchanges: _e, transcript: _t, reproduce: _r, judgedExchange: _j, ...rest } = t;
    return rest;
  });
}
