/** Reads a run's summary.json (given as the file or its report directory) for merge and compare. */
import { collapseHarnessErrors } from '../results/harness-errors.ts';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { HarnessErrorEntry, RunResult } from '../../run-result.ts';
import { UsageError } from './args.ts';

export interface SummaryFile {
  /** The report directory. */
  dir: string;
  path: string;
  run: RunResult;
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
  return { dir: path.replace(/[\\/]?summary\.json$/, '') || '.', path, run: r as RunResult };
}
