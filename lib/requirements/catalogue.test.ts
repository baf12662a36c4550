import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SOAP_FAULT_MEANINGS, SOAP_OPERATIONS } from '../../spec/soap-operations.ts';
import { CATALOGUE } from '../../spec/requirements/catalogue.ts';
import { isFaultPairId } from '../../spec/requirements/soap-rows.ts';
import { INFO_REVIEW } from './info-review.ts';

const TABLES_DIR = join(import.meta.dirname, '../../spec/requirements/tables');
const TABLES_TEXT = readdirSync(TABLES_DIR)
  .map((file) => readFileSync(join(TABLES_DIR, file), 'utf8'))
  .join('\n');

const textOf = (id: string) => CATALOGUE.find((r) => r.id === id)?.text;

describe('the catalogue tables', () => {
  test('every id but the §7.1 pairs (made from spec/soap-operations.ts) is written out as a key in tables/, so that grep finds it', () => {
    const missing = CATALOGUE.filter(
      (r) => !isFaultPairId(r.id) && !TABLES_TEXT.includes(`'${r.id}':`),
    ).map((r) => r.id);
    expect(missing).toEqual([]);
  });

  test('each §4.2 parts and output row is the row of the operation its id names', () => {
    for (const op of SOAP_OPERATIONS) {
      const parts = op.inputs.map(([name, type]) => `${name}:${type.replace('xsd:', '')}`);
      expect(textOf(`soap.${op.name}.parts`)).toBe(
        `${op.name} takes the parts ${parts.join(', ')}, in that order.`,
      );
      expect(textOf(`soap.${op.name}.output`)).toMatch(new RegExp(`^${op.name} answers with `));
    }
  });

  test('each §7.1 row is the row of the operation and code its id names', () => {
    const rows = CATALOGUE.filter((r) => isFaultPairId(r.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const [, name, , code] = r.id.split('.');
      expect(r.text, r.id).toMatch(new RegExp(`^${name} answers fault ${code} \\(.+\\)\\.$`));
      if (code !== '3203') expect(r.text, r.id).toContain(SOAP_FAULT_MEANINGS[Number(code)]);
    }
  });
});

describe('the review of the INFO requirements (info-review.ts)', () => {
  const levelOf = (id: string) => CATALOGUE.find((r) => r.id === id)?.level;

  test('every id an entry names is a MUST of the catalogue, and an entry names at least one', () => {
    for (const [id, review] of Object.entries(INFO_REVIEW)) {
      const named = 'split' in review ? review.split : 'fixedBy' in review ? review.fixedBy : [];
      if ('split' in review || 'fixedBy' in review) expect(named.length, id).toBeGreaterThan(0);
      for (const must of named) expect(levelOf(must), `${id} names ${must}`).toBe('MUST');
    }
  });

  test('every entry says why, citing its section', () => {
    for (const [id, review] of Object.entries(INFO_REVIEW)) {
      const why =
        'open' in review
          ? review.open
          : 'unobservable' in review
            ? review.unobservable
            : review.why;
      expect(why, id).toMatch(/§\d/);
    }
  });
});
