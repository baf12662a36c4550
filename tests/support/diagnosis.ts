/**
 * What a run against a planted fault says of it (docs/reading-the-report.md, "One bug, one failing requirement"): caught when one of
 * the requirements it breaks failed; exact when the failing MUST requirements are exactly those,
 * with no harness error ("could not judge") and exit 1.
 */
import type { RunResult } from '../../lib/run-result.ts';

export interface Diagnosis {
  caught: boolean;
  exact: boolean;
  /** Failing MUST requirements the fault does not declare it breaks. */
  extra: string[];
  /** Requirements it declares it breaks that did not fail. */
  missing: string[];
  /** Tests the harness could not judge, and the run's own problems, in a line each. */
  errors: string[];
  /** Failed checks that named no requirement of their test (lib/kit/judging.ts). */
  unattributed: string[];
  exitCode: number;
}

export function diagnose(
  breaks: readonly string[],
  run: Pick<RunResult, 'requirements' | 'tests' | 'harnessErrors'>,
  exitCode: number,
): Diagnosis {
  const failing = run.requirements
    .filter((r) => r.level === 'MUST' && r.status === 'fail')
    .map((r) => r.id);
  const extra = failing.filter((id) => !breaks.includes(id));
  const missing = breaks.filter((id) => !failing.includes(id));
  const errors = [
    ...run.tests
      .filter((t) => t.status === 'error')
      .map((t) => `${t.id}: ${(t.message ?? '').split('\n')[0]!.slice(0, 200)}`),
    ...run.harnessErrors.map((h) => `harness error: ${h.message.split('\n')[0]!.slice(0, 200)}`),
  ];
  const unattributed = [
    ...new Set(
      run.tests
        .filter((t) => t.failures?.some((f) => f.unattributed))
        .map((t) => `${t.id} [${t.requirements.join(', ')}]`),
    ),
  ];
  return {
    caught: breaks.some((id) => failing.includes(id)),
    exact: extra.length === 0 && missing.length === 0 && errors.length === 0 && exitCode === 1,
    extra,
    missing,
    errors,
    unattributed,
    exitCode,
  };
}

/** One line of an inexact diagnosis: what failed beyond the declaration, what did not, the errors. */
export function inexactLine(fault: string, d: Diagnosis): string {
  return [
    `${fault}:`,
    d.extra.length ? `extra [${d.extra.join(', ')}]` : '',
    d.missing.length ? `missing [${d.missing.join(', ')}]` : '',
    d.errors.length ? `${d.errors.length} error(s), the first: ${d.errors[0]}` : '',
    d.exitCode === 1 ? '' : `exit ${d.exitCode}`,
    d.unattributed.length ? `unattributed checks in ${d.unattributed.join('; ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A line of a stack trace ("    at fn (file:1:2)"): what no report may show (docs/self-validation.md, "Planted faults"). */
const FRAME = /^\s+at \S.*:\d+:\d+\)?$/m;

/** The report files of a run (summary.json, junit.xml, index.html) that hold a stack frame. */
export function filesWithStackFrames(files: Readonly<Record<string, string>>): string[] {
  return Object.entries(files)
    .filter(([, text]) => FRAME.test(text))
    .map(([name, text]) => `${name}: ${FRAME.exec(text)![0].trim()}`);
}
