/**
 * Coverage by construction (CONTRIBUTING.md, "The coverage matrix"): every cell of the matrix in
 * spec/matrix is judged by a
 * test of a full run, like the requirement catalogue's coverage. A cell the reference server
 * cannot show is never silently absent: it is skipped with the reason, or it fails this test.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { DIMENSIONS, MATRIX } from '../spec/matrix/index.ts';
import type { CellResult } from '../lib/run-result.ts';
import { sharedRun } from './support/shared-runs.ts';

/** The cells no test judged, by dimension: the message lists what is missing. */
export function missingCells(cells: readonly CellResult[]): string[] {
  return cells.filter((c) => c.status === 'not-run').map((c) => c.id);
}

describe('the coverage matrix (spec/matrix)', () => {
  test('cell ids are unique and start with their dimension', () => {
    const ids = MATRIX.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const cell of MATRIX) expect(cell.id.startsWith(`${cell.dimension} `), cell.id).toBe(true);
  });

  test('every dimension the specification quantifies has its cells', () => {
    for (const dimension of DIMENSIONS)
      expect(
        MATRIX.filter((c) => c.dimension === dimension).length,
        `cells of dimension ${dimension}`,
      ).toBeGreaterThan(0);
  });
});

describe('every cell is judged by a full run', () => {
  let cells: CellResult[];
  beforeAll(async () => {
    cells = (await sharedRun('embedded-seed-42')).summary().cells ?? [];
  });

  test('summary.json lists every cell of the matrix', () => {
    expect(cells.map((c) => c.id)).toEqual(MATRIX.map((c) => c.id));
  });

  test('no cell is without a check (the missing cells are listed)', () => {
    expect(
      missingCells(cells),
      'cells no test judges: a test in suites/ names each it judges (conformanceTest(ids, title, body, { cells: [faultCell(op, code, actor)] }), spec/matrix/)',
    ).toEqual([]);
  });

  test('on the reference server with test control every cell a test judges passes', () => {
    expect(
      cells
        .filter((c) => c.status !== 'pass' && c.status !== 'not-run')
        .map((c) => `${c.id}: ${c.status}`),
    ).toEqual([]);
  });
});
