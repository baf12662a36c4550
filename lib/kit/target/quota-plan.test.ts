import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultProfile } from '../../target/default-profile.ts';
import { QuotaLedger } from './quota-ledger.ts';
import { addProjectSuiteCalls, planQuota, QuotaRefused } from './quota-plan.ts';

const URL_ = 'http://t.example';
const now = new Date(2026, 10, 23, 10, 30);
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

function ledgerWith(...entries: Array<[minutesAgo: number, count: number]>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'l.json');
  const ledger = new QuotaLedger(file);
  for (const [m, count] of entries)
    ledger.record(URL_, { at: minutesAgo(m), count, run: 'r' }, now);
  return file;
}

describe('planQuota', () => {
  test('with test control: no ledger, no budget (the clock opens a new hour)', () => {
    const profile = {
      ...defaultProfile(URL_),
      capabilities: { testControl: true, failNext: true },
    };
    expect(planQuota(profile, [], ledgerWith([1, 10]), now)).toEqual({});
  });

  test('enough left: the add-project budget is what the ledger leaves after the shared projects', () => {
    const file = ledgerWith([50, 1]);
    const plan = planQuota({ ...defaultProfile(URL_), projectQuotaPerHour: 20 }, [], file, now);
    expect(plan).toEqual({ settings: { ledger: file, usedBefore: 1, addProjectBudget: 14 } });
  });

  test('the shared projects fit, not every add-project test: a note with when all fit', () => {
    const profile = { ...defaultProfile(URL_), projectQuotaPerHour: 12 };
    const plan = planQuota(profile, [], ledgerWith([50, 5]), now);
    expect(plan.settings?.addProjectBudget).toBe(2);
    expect(plan.note).toMatch(
      /leaves 7 of 12 .* soap\/add-project gets 2 of the 7 .* \(at 10:40 local time for all of them/,
    );
    const tight = planQuota(defaultProfile(URL_), [], ledgerWith([50, 3]), now);
    expect(tight.note).toMatch(/never in one hour of projectQuotaPerHour 10 \(`prepare`/);
  });

  test('without soap/add-project in the selection it needs only the shared projects', () => {
    const plan = planQuota(defaultProfile(URL_), ['rest/'], ledgerWith([50, 5]), now);
    expect(plan.note).toBeUndefined();
    expect(plan.settings?.addProjectBudget).toBe(0);
  });

  test('not even the shared projects fit: refused, saying what it needs, what is left and what to do', () => {
    const file = ledgerWith([50, 4], [20, 4]);
    let message = '';
    try {
      planQuota(defaultProfile(URL_), [], file, now);
    } catch (error) {
      expect(error).toBeInstanceOf(QuotaRefused);
      message = (error as Error).message;
    }
    expect(message).toContain('needs 5 addProject call(s) for the shared projects and up to 7');
    expect(message).toContain(`counts 8 of the profile's 10 per hour used on ${URL_}`);
    expect(message).toContain('2 left');
    // The 4 made 50 minutes ago leave the window at 10:40; 5 + 7 never fit in one hour of 10.
    expect(message).toMatch(/Wait until 10:40 local time, or name existing projects/);
    expect(message).toContain('prepare --target');
    expect(message.split('\n')).toHaveLength(1);
  });

  test('the add-project suite counts fail-next tests only when the target has fail-next', () => {
    expect(addProjectSuiteCalls({ testControl: false, failNext: false })).toBe(7);
    expect(addProjectSuiteCalls({ testControl: false, failNext: true })).toBe(9);
  });
});
