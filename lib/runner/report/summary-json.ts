/**
 * summary.json: the machine-readable result (docs/reading-the-report.md, "The files"). Wire
 * transcripts are kept, as plain text,
 * for the tests that did not pass or skip (what a reader and `merge` need to explain them),
 * dropped for the rest.
 */
import type { RunResult, TestResult } from '../../run-result.ts';
import { keepsEvidence } from './evidence.ts';
import { transcriptText } from './transcript-text.ts';

export function renderSummaryJson(run: RunResult): string {
  // `kind` first, a traffic judgement's `traffic` next to last, the tests last.
  const { kind, tests, traffic, ...rest } = run;
  const ordered = {
    kind,
    ...rest,
    ...(traffic === undefined ? {} : { traffic }),
    tests: tests.map(summaryTest),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** The test with its exchanges as text, last; without them when it passed or skipped. */
function summaryTest(test: TestResult): object {
  const { exchanges: _exchanges, transcript: _text, ...rest } = test;
  const transcript = keepsEvidence(test) ? transcriptText(test) : undefined;
  return transcript === undefined ? rest : { ...rest, transcript };
}
