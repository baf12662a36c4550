import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { budgetOf, ledgerPath, QuotaLedger } from './quota-ledger.ts';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 10, minutes)).toISOString();
const now = new Date(Date.UTC(2026, 10, 23, 11, 0));

describe('budgetOf', () => {
  test('counts the calls of the last hour only', () => {
    const budget = budgetOf(
      [
        { at: at(0), count: 4, run: 'a' }, // exactly an hour ago: out of the window
        { at: at(20), count: 3, run: 'b' },
        { at: at(50), count: 2, run: 'c' },
      ],
      10,
      now,
    );
    expect({ used: budget.used, left: budget.left }).toEqual({ used: 5, left: 5 });
  });

  test('tells when the needed calls fit: now, when old entries leave the window, or never', () => {
    const budget = budgetOf(
      [
        { at: at(20), count: 6, run: 'a' },
        { at: at(50), count: 4, run: 'b' },
      ],
      10,
      now,
    );
    expect(budget.left).toBe(0);
    expect(budget.fitsAt(0)).toBe('now');
    expect(budget.fitsAt(6)).toEqual(new Date(Date.UTC(2026, 10, 23, 11, 20)));
    expect(budget.fitsAt(7)).toEqual(new Date(Date.UTC(2026, 10, 23, 11, 50)));
    expect(budget.fitsAt(11)).toBe('never');
  });
});

describe('QuotaLedger', () => {
  test('records per target, reads back, and drops entries older than the window', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'sub', 'ledger.json');
    const ledger = new QuotaLedger(file);
    ledger.record('http://a/', { at: at(0), count: 3, run: 'r1' }, new Date(at(1)));
    ledger.record('http://b', { at: at(5), count: 2, run: 'r2' }, new Date(at(6)));
    expect(ledger.entries('http://a')).toEqual([{ at: at(0), count: 3, run: 'r1' }]);
    ledger.record(
      'http://b',
      { at: at(30), count: 1, run: 'r3' },
      new Date(Date.UTC(2026, 10, 23, 11, 1)),
    );
    expect(ledger.entries('http://a'), 'older than an hour at the last write').toEqual([]);
    expect(ledger.budget('http://b', 10, now).used).toBe(3);
  });

  test('a damaged file is forgotten, not fatal', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'ledger.json');
    writeFileSync(file, '{not json');
    const ledger = new QuotaLedger(file);
    expect(ledger.entries('http://a')).toEqual([]);
    ledger.record('http://a', { at: now.toISOString(), count: 1, run: 'r' }, now);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      'http://a': [{ at: now.toISOString(), count: 1, run: 'r' }],
    });
  });

  test('lives under the cache directory unless the environment names the file', () => {
    expect(ledgerPath({ SOAP_REST_CONFORMANCE_LEDGER: '/x/l.json' })).toBe('/x/l.json');
    expect(ledgerPath({ XDG_CACHE_HOME: '/c' })).toBe('/c/soap-rest-conformance/quota-ledger.json');
  });
});
