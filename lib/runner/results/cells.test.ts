import { describe, expect, test } from 'vitest';
import type { MatrixCell } from '../../../spec/matrix/index.ts';
import { judgeCells, NOT_JUDGED_REASON } from './cells.ts';
import type { TestResult } from '../../run-result.ts';

const cell = (id: string): MatrixCell => ({
  id,
  dimension: 'access',
  sections: ['§5.2'],
  expected: 'x',
});
const result = (id: string, status: TestResult['status'], cells: string[], message?: string) =>
  ({
    id,
    file: 'f',
    name: id,
    status,
    requirements: [],
    durationMs: 0,
    cells,
    ...(message ? { message } : {}),
  }) satisfies TestResult;

describe('judgeCells', () => {
  test('a cell takes the worst status of its tests; one no test names is not-run', () => {
    const cells = judgeCells(
      [cell('a'), cell('b'), cell('c'), cell('d')],
      [
        result('t1', 'pass', ['a', 'b']),
        result('t2', 'fail', ['b']),
        result('t3', 'skip', ['c'], 'needs test control'),
      ],
    );
    expect(cells.map((c) => [c.id, c.status, c.reason, c.tests])).toEqual([
      ['a', 'pass', undefined, ['t1']],
      ['b', 'fail', undefined, ['t1', 't2']],
      ['c', 'skip', 'needs test control', ['t3']],
      ['d', 'not-run', NOT_JUDGED_REASON, []],
    ]);
  });
});
