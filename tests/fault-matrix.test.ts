/**
 * The fault dimension of the coverage matrix (spec/matrix/faults.ts) against the tables it is
 * derived from: every §7.1 pair has its callers, the permission code is the one §7.1 gives, and an
 * unordered pair accepts both codes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FAULT_CELLS, permissionCode } from '../spec/matrix/faults.ts';
import { SOAP_OPERATIONS } from '../spec/soap-operations.ts';
import { ROOT } from './support/cli.ts';

const SPEC = join(ROOT, 'spec/interfaces.md');

const cellsOf = (op: string, code: number | 'refused') =>
  FAULT_CELLS.filter((c) => c.op === op && c.code === code).map((c) => c.actor);

describe('the fault cells (§7.1 × §5.1)', () => {
  test('every (operation, code) pair of §7.1 has at least one caller, and no cell names another pair', () => {
    const pairs = SOAP_OPERATIONS.flatMap((op) =>
      (op.faults ?? []).map((code) => `${op.name} ${code}`),
    );
    for (const pair of pairs) {
      const [op, code] = pair.split(' ');
      expect(cellsOf(op!, Number(code)).length, `callers of ${pair}`).toBeGreaterThan(0);
    }
    const named = new Set(
      FAULT_CELLS.filter((c) => c.code !== 'refused').map((c) => `${c.op} ${c.code}`),
    );
    expect([...named].sort()).toEqual([...new Set(pairs)].sort());
  });

  test('on every operation on a project, 3000 by its admin and a site admin, the permission code by the three callers without rights', () => {
    for (const op of SOAP_OPERATIONS.filter((o) => o.faults?.includes(3000))) {
      expect(cellsOf(op.name, 3000).sort(), `${op.name} 3000`).toEqual([
        'project-admin',
        'site-admin',
      ]);
      const denied = permissionCode(op.name);
      expect(denied, `permission code of ${op.name}`).toBeDefined();
      expect(cellsOf(op.name, denied!), `${op.name} ${denied}`).toEqual(
        expect.arrayContaining(['project-member', 'outsider', 'other-project-admin']),
      );
    }
  });

  test('the generic-user operations (codes not shown): a refusal by each caller without rights', () => {
    for (const op of SOAP_OPERATIONS.filter((o) => !o.faults))
      expect(cellsOf(op.name, 'refused').sort(), op.name).toEqual([
        'other-project-admin',
        'outsider',
        'project-member',
      ]);
  });

  test('an argument code by a caller without rights accepts the argument code and the permission code', () => {
    const unordered = FAULT_CELLS.filter((c) => c.either);
    expect(unordered.length).toBeGreaterThan(0);
    for (const cell of unordered)
      expect([...cell.either!].sort(), cell.id).toEqual(
        [cell.code as number, permissionCode(cell.op)!].sort(),
      );
  });

  test('the permission code is 3203 exactly where §7.1 says 3203 means permission denied', () => {
    const text = readFileSync(SPEC, 'utf8');
    const listed = text
      .match(/permission denied \(need to be project admin\) for ([^;]+);/)![1]!
      .split(/,\s*/)
      .map((op) => op.trim());
    const ours = SOAP_OPERATIONS.filter((o) => permissionCode(o.name) === 3203).map((o) => o.name);
    expect(ours.sort()).toEqual(listed.sort());
  });
});
