import { describe, expect, test } from 'vitest';
import type { Requirement } from '../../requirements/index.ts';
import { assembleRun } from './assemble.ts';
import { MergeError, mergeRuns } from './merge.ts';
import type { RunResult, SuitesRun, TestResult, TestStatus } from '../../run-result.ts';

const catalogue: Requirement[] = [
  { id: 'a', section: '§8', level: 'MUST', text: 'a' },
  { id: 'b', section: '§8', level: 'MUST', text: 'b' },
  { id: 'c', section: '§8', level: 'MUST', text: 'c' },
];
const t = (name: string, status: TestStatus, requirements: string[]): TestResult => ({
  id: `suites/${name}.test.ts::${name}`,
  file: `suites/${name}.test.ts`,
  name,
  status,
  requirements,
  durationMs: 1,
});
function share(shard: string | undefined, tests: TestResult[], extra: Partial<SuitesRun> = {}) {
  const run = assembleRun(
    {
      target: 'http://candidate:8080',
      targetKind: 'external',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1000,
      seed: 7,
      runs: 100,
      capabilities: { testControl: true },
      command: `npm run conformance -- --target http://candidate:8080${shard ? ` --shard ${shard}` : ''}`,
      ...(shard ? { shard } : {}),
    },
    catalogue,
    tests,
    [],
  );
  return { source: `reports/shard-${shard ?? 'all'}`, run: { ...run, ...extra } };
}
const statuses = (run: RunResult) => run.requirements.map((r) => `${r.id}:${r.status}`);

describe('mergeRuns', () => {
  test('a requirement checked in two shares takes the worst of both; every test is kept', () => {
    const merged = mergeRuns(
      [
        share('1/2', [t('one', 'pass', ['a', 'b'])]),
        share('2/2', [t('two', 'fail', ['b']), t('three', 'skip', ['a'])]),
      ],
      catalogue,
    );
    expect(statuses(merged)).toEqual(['a:skip', 'b:fail', 'c:not-covered']);
    expect(merged.requirements[1]?.tests.map((x) => x.status)).toEqual(['pass', 'fail']);
    expect(merged.tests).toHaveLength(3);
    expect(merged.totals).toEqual({
      pass: 1,
      observed: 0,
      fail: 1,
      skip: 1,
      error: 0,
      'expected-fail': 0,
      blocked: 0,
    });
    expect(merged.exitCode).toBe(1);
    expect(merged.mergedFrom?.map((m) => m.shard)).toEqual(['1/2', '2/2']);
    expect(merged.command).toBe('npm run conformance -- --target http://candidate:8080');
  });

  test('the shares pass together only when each passed', () => {
    const merged = mergeRuns(
      [share('2/2', [t('two', 'pass', ['b'])]), share('1/2', [t('one', 'pass', ['a'])])],
      catalogue,
    );
    expect(statuses(merged)).toEqual(['a:pass', 'b:pass', 'c:not-covered']);
    expect(merged.exitCode).toBe(0);
  });

  test("a share's harness error stays in the merged run, naming the share (exit 2)", () => {
    const merged = mergeRuns(
      [
        share('1/2', [t('one', 'pass', ['a'])]),
        share('2/2', [t('two', 'pass', ['b'])], {
          harnessErrors: [{ message: 'suites/x: did not load', count: 1 }],
        }),
      ],
      catalogue,
    );
    expect(merged.harnessErrors).toEqual([
      { message: '[shard 2/2] suites/x: did not load', count: 1 },
    ]);
    expect(merged.exitCode).toBe(2);
  });

  test('refuses a missing or repeated share, mixed splits, overlaps, other targets', () => {
    const one = share('1/3', [t('one', 'pass', ['a'])]);
    const two = share('2/3', [t('two', 'pass', ['b'])]);
    const three = share('3/3', [t('three', 'pass', ['c'])]);
    expect(() => mergeRuns([one, two], catalogue)).toThrow(/shard 3\/3 is missing/);
    expect(() => mergeRuns([one, two, three, two], catalogue)).toThrow(/shard 2\/3 is given twice/);
    expect(() => mergeRuns([one, share('2/2', [])], catalogue)).toThrow(MergeError);
    expect(() => mergeRuns([one, two, three, share(undefined, [])], catalogue)).toThrow(
      /not a --shard run/,
    );
    expect(() =>
      mergeRuns(
        [share(undefined, [t('x', 'pass', ['a'])]), share(undefined, [t('x', 'pass', ['a'])])],
        catalogue,
      ),
    ).toThrow(/is in both/);
    const elsewhere = share('3/3', [], { target: 'http://other' });
    expect(() => mergeRuns([one, two, elsewhere], catalogue)).toThrow(/different targets/);
    expect(() => mergeRuns([one, two, three], catalogue.slice(0, 2))).toThrow(
      /another requirement catalogue/,
    );
  });

  test('known failures are judged over every share: no share alone can call an entry an unexpected pass', () => {
    const merged = mergeRuns(
      [
        share('1/2', [t('one', 'pass', ['a'])]),
        share('2/2', [t('two', 'fail', ['a']), t('three', 'pass', ['b'])]),
      ],
      catalogue,
      { file: 'known.txt', entries: ['a', 'b'] },
    );
    expect(statuses(merged)).toEqual(['a:expected-fail', 'b:pass', 'c:not-covered']);
    expect(merged.expectations?.unexpectedPasses).toEqual(['b']);
    expect(merged.exitCode).toBe(2);
  });
});
