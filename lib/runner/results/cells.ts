/** The coverage matrix judged: each cell of spec/matrix takes the status of the tests naming it. */
import type { MatrixCell } from '../../../spec/matrix/index.ts';
import type { CellResult, TestResult, TestStatus } from '../../run-result.ts';

/** Worst first: a cell any of whose tests failed has failed. */
const ORDER: readonly TestStatus[] = [
  'fail',
  'error',
  'blocked',
  'expected-fail',
  'pass',
  'observed',
  'skip',
];

export const NOT_JUDGED_REASON = 'no test of this run judged it';

export function judgeCells(
  matrix: readonly MatrixCell[],
  tests: readonly TestResult[],
): CellResult[] {
  const byCell = new Map<string, TestResult[]>();
  for (const test of tests)
    for (const id of test.cells ?? []) byCell.set(id, [...(byCell.get(id) ?? []), test]);
  return matrix.map((cell) => {
    const judging = byCell.get(cell.id) ?? [];
    const base = { id: cell.id, dimension: cell.dimension, tests: judging.map((t) => t.id) };
    const status = ORDER.find((s) => judging.some((t) => t.status === s));
    if (status === undefined) return { ...base, status: 'not-run', reason: NOT_JUDGED_REASON };
    // skip: the first skipped test's reason; blocked: the requirement it is blocked on.
    const skipped = judging.find((t) => t.status === status);
    return (status === 'skip' || status === 'blocked') && skipped?.message
      ? { ...base, status, reason: skipped.message }
      : { ...base, status };
  });
}
