/** Reads a run's summary.json (given as the file or its report directory) for merge and compare. */
import { collapseHarnessErrors } from '../results/harness-errors.ts';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  HarnessErrorEntry,
  JudgedRun,
  RunResult,
  SuitesRun,
  TrafficRun,
} from '../../run-result.ts';
import { requirement } from '../../requirements/index.ts';
import { judgedAsWritten } from '../results/judge.ts';
import { observedIfInfo } from '../results/verdict.ts';
import { UsageError } from './args.ts';

export interface SummaryFile {
  /** The report directory. */
  dir: string;
  path: string;
  /** As it was judged (an older summary without its verdict: judged on reading). */
  run: JudgedRun;
}

export function readSummary(given: string): SummaryFile {
  let path = given;
  try {
    if (statSync(given).isDirectory()) path = join(given, 'summary.json');
  } catch {
    throw new UsageError(`${given}: no such file or directory`);
  }
  let run: unknown;
  try {
    run = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path}: not a readable JSON file (${(error as Error).message})`);
  }
  const r = run as Partial<RunResult> | null;
  if (
    typeof r !== 'object' ||
    r === null ||
    typeof r.target !== 'string' ||
    !Array.isArray(r.requirements) ||
    !Array.isArray(r.tests) ||
    !Array.isArray(r.harnessErrors)
  )
    throw new UsageError(`${path}: not the summary.json of a conformance run`);
  // A summary may hold its harness errors as plain lines (written before they were collapsed).
  r.harnessErrors = collapseHarnessErrors(
    (r.harnessErrors as ReadonlyArray<HarnessErrorEntry | string>).map((e) =>
      typeof e === 'string' ? { message: e, count: 1 } : e,
    ),
  );
  // Written when an INFO failure could be 'fail': its tests get the status a run gives them now.
  r.tests = r.tests.map((t) => observedIfInfo(t, (id) => requirement(id)?.level));
  return {
    dir: path.replace(/[\\/]?summary\.json$/, '') || '.',
    path,
    run: judgedAsWritten(ofItsKind(r)),
  };
}

/**
 * A summary written before the kind was kept: traffic when it holds `traffic`, else a run of the
 * suites. Such a traffic summary also held a seed, runs and capabilities that meant nothing
 * (0, 0, none): they are dropped.
 */
function ofItsKind(written: Partial<RunResult>): RunResult {
  if (written.kind !== undefined) return written as RunResult;
  if (written.traffic === undefined) return { ...written, kind: 'suites' } as SuitesRun;
  const { seed: _seed, runs: _runs, capabilities: _capabilities, ...traffic } = written;
  return { ...traffic, kind: 'traffic' } as TrafficRun;
}
