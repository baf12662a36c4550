/**
 * The one place a run is judged, of either kind (a run of the suites, traffic judged): its exit
 * code and its verdict, from its requirements, harness errors and expectations (verdict.ts).
 * Every writer (index.html, junit.xml, Allure, the terminal, compare) reads what this put in the
 * run; none judges again.
 */
import type { HarnessErrorEntry, Judged, JudgedRun, RunResult } from '../../run-result.ts';
import { exitCode, judgeVerdict } from './verdict.ts';

/** README.md, "Exit codes": a run stopped by a signal exits 130. */
const INTERRUPTED: JudgedRun['exitCode'] = 130;

/**
 * `interruptedBy`: the signal that stopped the run; what ran is reported, with no verdict (the
 * requirements it did not reach are not-run).
 */
export function judgeRun<Run extends RunResult>(run: Run, interruptedBy?: string): Judged<Run> {
  // Traffic is judged when the recording ends or monitor stops: it is never interrupted.
  if (interruptedBy === undefined || run.kind === 'traffic')
    return { ...run, exitCode: exitCode(run), verdict: judgeVerdict(run) };
  // A run of the suites (traffic returned above), stopped by a signal.
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
  } as Judged<Run>;
}

/**
 * The run with a harness error that happened while its reports were written (Allure), judged
 * again: the error is part of the verdict. An interrupted run keeps its: it has none.
 */
export function withHarnessError<Run extends RunResult>(
  run: Judged<Run>,
  entry: HarnessErrorEntry,
): Judged<Run> {
  const harnessErrors = [...run.harnessErrors, entry];
  if (run.interrupted) return { ...run, harnessErrors } as Judged<Run>;
  return judgeRun({ ...run, harnessErrors });
}

/** A run read back from its summary.json (merge, compare): as it was judged, else judged now. */
export function judgedAsWritten(run: RunResult): JudgedRun {
  if (run.verdict !== undefined && run.exitCode !== undefined)
    return { ...run, verdict: run.verdict, exitCode: run.exitCode };
  return judgeRun(run);
}
