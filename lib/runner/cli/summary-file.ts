/** Reads a run's summary.json (given as the file or its report directory) for merge and compare. */
import { collapseHarnessErrors } from '../results/harness-errors.ts';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HarnessErrorEntry, JudgedRun, RunResult } from '../../run-result.ts';
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
    run: judgedAsWritten(r as RunResult),
  };
}
