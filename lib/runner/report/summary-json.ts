/**
 * summary.json: the machine-readable result (design.md). Wire transcripts are kept for the tests
 * that did not pass or skip (what a reader and `merge` need to explain them), dropped for the rest.
 */
import type { RunResult } from '../../run-result.ts';
import { keepsEvidence } from './evidence.ts';

export function renderSummaryJson(run: RunResult): string {
  const { tests, ...rest } = run;
  return `${JSON.stringify(
    {
      ...rest,
      tests: tests.map(({ transcript, ...test }) =>
        transcript !== undefined && keepsEvidence(test) ? { ...test, transcript } : test,
      ),
    },
    null,
    2,
  )}\n`;
}
