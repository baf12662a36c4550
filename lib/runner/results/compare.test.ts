import { describe, expect, test } from 'vitest';
import type { Requirement } from '../../requirements/index.ts';
import { renderCompareHtml } from '../report/compare-html.ts';
import { assembleRun } from './assemble.ts';
import { compareRuns } from './compare.ts';
import type { JudgedRun, RunResult, TestResult, TestStatus } from '../../run-result.ts';
import { judgedAsWritten } from './judge.ts';

const catalogue: Requirement[] = [
  { id: 'rest.b', section: '§4.3', level: 'MUST', text: 'b' },
  { id: 'soap.a', section: '§4.2', level: 'MUST', text: 'a <&>' },
  { id: 'rest.c', section: '§4.3', level: 'INFO', text: 'c' },
];
const t = (status: TestStatus, requirement: string): TestResult => ({
  id: `f::${requirement}`,
  file: 'f',
  name: requirement,
  status,
  requirements: [requirement],
  durationMs: 1,
});
const runOf = (target: string, tests: TestResult[], reqs = catalogue) =>
  assembleRun(
    {
      target,
      targetKind: 'external',
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
      seed: 1,
      runs: 1,
      capabilities: {},
      command: 'c',
    },
    reqs,
    tests,
    [],
  );

describe('compareRuns', () => {
  const comparison = compareRuns([
    {
      source: 'x/summary.json',
      run: runOf('http://x', [t('pass', 'soap.a'), t('pass', 'rest.b')]),
    },
    {
      source: 'y/summary.json',
      run: runOf('http://y', [t('pass', 'soap.a'), t('fail', 'rest.b')]),
    },
    {
      source: 'z/summary.json',
      label: 'old',
      run: runOf('http://x', [t('pass', 'soap.a')], catalogue.slice(1)),
    },
  ]);

  test('one row per requirement, by section, one status per implementation', () => {
    expect(comparison.implementations.map((i) => i.label)).toEqual(['http://x', 'http://y', 'old']);
    expect(comparison.requirements.map((r) => [r.id, ...Object.values(r.statuses)])).toEqual([
      ['soap.a', 'pass', 'pass', 'pass'],
      ['rest.b', 'pass', 'fail', 'absent'],
      ['rest.c', 'not-covered', 'not-covered', 'not-covered'],
    ]);
  });

  test('marks exactly the rows whose statuses differ', () => {
    expect(comparison.requirements.filter((r) => r.differs).map((r) => r.id)).toEqual(['rest.b']);
    expect(comparison.differing).toBe(1);
  });

  test('two runs of one target get distinct column names', () => {
    const twice = compareRuns([
      { source: 'a', run: runOf('http://x', []) },
      { source: 'b', run: runOf('http://x', []) },
    ]);
    expect(twice.implementations.map((i) => i.label)).toEqual(['http://x', 'http://x (2)']);
  });

  test('the HTML highlights differing rows, escapes text and loads nothing', () => {
    const html = renderCompareHtml(comparison, ['x/index.html', undefined, undefined]);
    expect(html).toMatch(/<tr id="req-rest\.b" class="diff">/);
    expect(html).toMatch(/<tr id="req-soap\.a" class="same">/);
    expect(html).toContain('a &lt;&amp;&gt;');
    expect(html).toContain('href="x/index.html#req-rest.b"');
    expect(html).not.toMatch(/<script|<link|src=|@import/);
  });
});

describe('compare: INFO never shows a failure', () => {
  test('an INFO requirement is observed, also from a summary written when INFO could fail', () => {
    const now = runOf('http://now', [
      t('pass', 'soap.a'),
      t('pass', 'rest.b'),
      t('observed', 'rest.c'),
    ]);
    const older = runOf('http://older', [t('pass', 'soap.a'), t('pass', 'rest.b')]);
    // What an older summary.json said of the INFO requirement, and without the newer fields.
    const { verdict, ...olderWithout } = older;
    void verdict;
    olderWithout.requirements = olderWithout.requirements.map((r) =>
      r.id === 'rest.c' ? { ...r, status: 'fail' } : r,
    );
    const { observed, ...oldTotals } = olderWithout.requirementTotals;
    void observed;
    const comparison = compareRuns([
      { source: 'now/summary.json', run: now },
      {
        source: 'older/summary.json',
        // Read back as compare reads a summary.json (summary-file.ts): judged, having no verdict.
        run: judgedAsWritten({
          ...olderWithout,
          requirementTotals: oldTotals as RunResult['requirementTotals'],
        }),
      },
    ]);
    const row = comparison.requirements.find((r) => r.id === 'rest.c')!;
    expect(Object.values(row.statuses)).toEqual(['observed', 'observed']);
    expect(row.differs).toBe(false);
    expect(
      comparison.implementations.map((i) => [i.verdictKind, i.requirementTotals.observed]),
    ).toEqual([
      ['conforming', 1],
      ['conforming', 0],
    ]);
    const html = renderCompareHtml(comparison, [undefined, undefined]);
    expect(html).toContain(
      '<td data-status="observed"><span class="badge s-observed">observed</span></td>',
    );
    expect(html).toMatch(/\.s-observed\{background:#0969da\}/);
  });
});

describe('compare: columns named by the user, never by an ephemeral port', () => {
  const embedded = (label?: string): JudgedRun => ({
    ...runOf('http://127.0.0.1:43117', []),
    targetKind: 'embedded',
    ...(label === undefined ? {} : { label }),
  });

  test('--label, else the profile label, else "reference server" for the embedded one, else the URL', () => {
    const comparison = compareRuns([
      { source: 'a', run: embedded() },
      { source: 'b', run: { ...runOf('http://t:8080', []), label: 'Tuleap 16' } },
      { source: 'c', label: 'mine', run: { ...runOf('http://u', []), label: 'theirs' } },
      { source: 'd', run: runOf('http://v:9000', []) },
    ]);
    expect(comparison.implementations.map((i) => [i.label, i.labelFrom])).toEqual([
      ['reference server', 'embedded'],
      ['Tuleap 16', 'profile'],
      ['mine', 'option'],
      ['http://v:9000', 'url'],
    ]);
    expect(JSON.stringify(comparison.requirements)).not.toContain('43117');
  });

  test('INFO observations side by side: what each target answered', () => {
    const observing = (target: string, seen: string) => {
      const run = runOf(target, [t('pass', 'soap.a'), t('pass', 'rest.b'), t('pass', 'rest.c')]);
      run.requirements = run.requirements.map((r) =>
        r.id === 'rest.c' || r.id === 'rest.b' ? { ...r, observations: [seen] } : r,
      );
      return run;
    };
    const comparison = compareRuns([
      { source: 'a', label: 'one', run: observing('http://a', 'OPTIONS → 200 <Allow>') },
      { source: 'b', label: 'two', run: runOf('http://b', [t('pass', 'rest.c')]) },
    ]);
    const info = comparison.requirements.find((r) => r.id === 'rest.c')!;
    expect(info.observations).toEqual({ one: ['OPTIONS → 200 <Allow>'], two: [] });
    // A MUST requirement's notes are not what compare sets side by side.
    expect(comparison.requirements.find((r) => r.id === 'rest.b')!.observations).toBeUndefined();
    const html = renderCompareHtml(comparison, [undefined, undefined]);
    expect(html).toContain(
      '<tr class="seen" data-observations="rest.c"><td></td><td colspan="2">What each answered</td><td><ul><li>OPTIONS → 200 &lt;Allow&gt;</li></ul></td><td><span class="text">nothing observed</span></td></tr>',
    );
  });
});

test('a blocked requirement is its own column of the totals and its own badge; its root cause fails', () => {
  const blocked: TestResult = {
    ...t('blocked', 'rest.b'),
    message: 'not judged: depends on soap.a, which failed',
    blockedBy: { requirement: 'soap.a', fact: 'the member was added', evidence: '3203' },
  };
  const comparison = compareRuns([
    { source: 'x', run: runOf('http://x', [t('pass', 'soap.a'), t('pass', 'rest.b')]) },
    { source: 'y', run: runOf('http://y', [blocked]) },
  ]);
  const row = (id: string) => comparison.requirements.find((r) => r.id === id)?.statuses;
  expect(row('rest.b')).toEqual({ 'http://x': 'pass', 'http://y': 'blocked' });
  expect(row('soap.a')).toEqual({ 'http://x': 'pass', 'http://y': 'fail' });
  expect(comparison.implementations[1]?.requirementTotals.blocked).toBe(1);
  expect(renderCompareHtml(comparison, [undefined, undefined])).toContain(
    '<span class="badge s-blocked">blocked</span>',
  );
});
