/**
 * lib/soap/operations.ts transcribes the §4.2 and §7.1 tables once, for the suites, the catalogue
 * and the reference server alike. This test reads the specification itself and compares, so a
 * transcription slip cannot pass unseen on both sides.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SOAP_OPERATIONS } from '../lib/soap/operations.ts';
import { ROOT } from './support/cli.ts';

const SPEC = join(ROOT, '../shared/spec/interfaces.md');
const MISSING = existsSync(SPEC)
  ? undefined
  : `the specification is not at ${SPEC} (shared/ beside the checkout)`;

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

describe.skipIf(MISSING)(
  `the transcribed SOAP tables match the specification${MISSING ? ` (skipped: ${MISSING})` : ''}`,
  () => {
    const spec = MISSING ? '' : readFileSync(SPEC, 'utf8');
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
      expect(ours.sort((a, b) => a.name!.localeCompare(b.name!))).toEqual(
        fromSpec.sort((a, b) => a.name!.localeCompare(b.name!)),
      );
    });

    test('§7.1: the codes of each operation', () => {
      const rows = tableRows(spec, 'Codes per operation:');
      const fromSpec = Object.fromEntries(
        rows.map(([op, codes]) => [op, codes!.split(',').map((c) => Number(c.trim()))]),
      );
      const ours = Object.fromEntries(
        SOAP_OPERATIONS.filter((op) => op.faults).map((op) => [op.name, [...op.faults!]]),
      );
      expect(ours).toEqual(fromSpec);
    });
  },
);
