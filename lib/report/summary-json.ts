/** summary.json: the machine-readable result (design.md). */
import type { RunResult } from '../results/model.ts';

export function renderSummaryJson(run: RunResult): string {
  const { tests, ...rest } = run;
  return `${JSON.stringify(
    {
      ...rest,
      tests: tests.map(({ transcript: _transcript, ...test }) => test),
    },
    null,
    2,
  )}\n`;
}
