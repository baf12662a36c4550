/**
 * The one place a run is judged: its exit code and its verdict, from its requirements, harness
 * errors and expectations (verdict.ts). Every writer (index.html, junit.xml, Allure, the terminal,
 * compare) reads what this put in the run; none judges again.
 */
import type { HarnessErrorEntry, JudgedRun, RunResult } from '../../run-result.ts';
import { exitCode, judgeVerdict } from './verdict.ts';

/** README.md, "Exit codes": a run stopped by a signal exits 130. */
const INTERRUPTED: JudgedRun['exitCode'] = 130;

/**
 * `interruptedBy`: the signal that stopped the run; what ran is reported, with no verdict (the
 * requirements it did not reach are not-run).
 */
export function judgeRun(run: RunResult, interruptedBy?: string): JudgedRun {
  if (interruptedBy === undefined)
    return { ...run, exitCode: exitCode(run), verdict: judgeVerdict(run) };
  return {
    ...run,
    exitCode: INTERRUPTED,
    verdict: {
      kind: 'interrupted',
      text:
        `Interrupted (${interruptedBy}) after ${run.tests.length} tests: no verdict. ` +
        `The requirements that were not reached are not-run.`,
      needTestControl: [],
    },
    interrupted: true,
  };
}

/**
 * The run with a harness error that happened while its reports were written (Allure), judged
 * again: the error is part of the verdict. An interrupted run keeps its: it has none.
 */
export function withHarnessError(run: JudgedRun, entry: HarnessErrorEntry): JudgedRun {
  const harnessErrors = [...run.harnessErrors, entry];
  if (run.interrupted) return { ...run, harnessErrors };
  return judgeRun({ ...run, harnessErrors });
}

/** A run read back from its summary.json (merge, compare): as it was judged, else judged now. */
export function judgedAsWritten(run: RunResult): JudgedRun {
  if (run.verdict !== undefined && run.exitCode !== undefined)
    return { ...run, verdict: run.verdict, exitCode: run.exitCode };
  return judgeRun(run);
}
