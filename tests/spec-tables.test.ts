/**
 * spec/ transcribes the §4.2, §7.1 and §8 tables once, for the suites, the catalogue and the
 * reference server alike. This test reads the specification itself and compares, so a
 * transcription slip cannot pass unseen on both sides.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LIMITS, PAGINATION_HEADERS } from '../spec/limits.ts';
import { SOAP_FAULT_MEANINGS, SOAP_OPERATIONS } from '../spec/soap-operations.ts';
import { FAULT_SCENARIOS } from '../suites/soap/fault-scenarios.ts';
import { ROOT } from './support/cli.ts';

const SPEC = join(ROOT, 'spec/interfaces.md');

function tableRows(text: string, heading: string): string[][] {
  const start = text.indexOf(heading);
  const lines = text.slice(start).split('\n').slice(1);
  const rows: string[][] = [];
  for (const line of lines) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2);
}

/** A two-column table as a record: first cell → second. */
function tableRecord(text: string, heading: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of tableRows(text, heading)) record[key!] = value!;
  return record;
}

describe('the transcribed tables match the specification (spec/interfaces.md)', () => {
  const spec = readFileSync(SPEC, 'utf8');
  const typeOf = (t: string) =>
    ({ string: 'xsd:string', int: 'xsd:int', boolean: 'xsd:boolean' })[t] ?? `tns:${t}`;

  test('§4.2: the 14 operations, their parts in order and their outputs', () => {
    const rows = tableRows(spec, '### 4.2 SOAP operations');
    expect(rows).toHaveLength(14);
    const fromSpec = rows.map(([, name, inputs, output]) => ({
      name,
      inputs: inputs!
        .split(',')
        .map((p) => p.trim().split(':'))
        .map(([n, t]) => [n, typeOf(t!)]),
      output: output === 'no output part' ? null : typeOf(output!),
    }));
    const ours = SOAP_OPERATIONS.map(({ name, inputs, output }) => ({
      name,
      inputs: inputs.map(([n, t]) => [n, t]),
      output,
    }));
    expect(ours.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      fromSpec.sort((a, b) => a.name!.localeCompare(b.name!)),
    );
  });

  test('§7.1: the codes of each operation', () => {
    const rows = tableRows(spec, 'Codes per operation:');
    const fromSpec = Object.fromEntries(
      rows.map(([op, codes]): [string, number[]] => [
        op!,
        codes!.split(',').map((c) => Number(c.trim())),
      ]),
    );
    const ours = Object.fromEntries(
      SOAP_OPERATIONS.filter((op) => op.faults).map((op) => [op.name, [...op.faults!]]),
    );
    expect(ours).toEqual(fromSpec);
  });

  test('§7.1: the meaning of each code (3203 by operation, 4000 shortened)', () => {
    const fromSpec = tableRecord(spec, '### 7.1 SOAP error codes');
    expect(Object.keys(SOAP_FAULT_MEANINGS).sort()).toEqual(Object.keys(fromSpec).sort());
    for (const [code, meaning] of Object.entries(SOAP_FAULT_MEANINGS)) {
      if (code === '3203' || code === '4000') continue;
      expect(meaning, `code ${code}`).toBe(fromSpec[code]);
    }
  });

  test('§7.1: the shared fault scenarios of the suites (suites/soap/fault-scenarios.ts)', () => {
    const rows = tableRecord(spec, '### 7.1 SOAP error codes');
    const denied = rows['3203']!.match(
      /permission denied \(need to be project admin\) for ([^;]+);/,
    );
    const by3203 = denied![1]!.split(/,\s*/).map((op) => op.trim());
    const withUnknownProject = SOAP_OPERATIONS.filter((op) => op.faults?.includes(3000));
    const expected = [
      ...withUnknownProject.flatMap((op) => {
        const code = by3203.includes(op.name) ? 3203 : 3201;
        return [
          `${op.name} 3000 unknown-project`,
          `${op.name} ${code} non-admin`,
          `${op.name} ${code} foreign-admin`,
        ];
      }),
      'addProject 3001 invalid-session',
    ];
    const ours = FAULT_SCENARIOS.map((r) => `${r.op} ${r.code} ${r.scenario}`);
    expect(ours.sort()).toEqual(expected.sort());
  });

  test('§8: token lifetime, page sizes and the pagination headers', () => {
    const rows = tableRecord(spec, '## 8. Limits');
    expect(rows['Token lifetime']).toBe(`${LIMITS.tokenLifetimeHours} hours`);
    expect(rows['Page size of paginated collections']).toBe(
      `${LIMITS.pageSizes.slice(0, -1).join(', ')} or ${LIMITS.pageSizes.at(-1)} depending on the route`,
    );
    const section = spec.slice(spec.indexOf('## 8. Limits'), spec.indexOf('## 9.'));
    for (const header of Object.values(PAGINATION_HEADERS)) expect(section).toContain(header);
  });
});
