import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { whyMissed, type BenchResults } from './report.ts';
import { WHY_MISSED } from './why-missed.ts';

const results = (goals: BenchResults['goals']) => ({ goals }) as BenchResults;

test('a run that met every goal explains nothing', () => {
  expect(whyMissed(results([{ id: 'a', goal: 'A', value: '1', met: true }]))).toEqual([]);
});

test('each missed goal is listed, and one without an entry says it is not explained', () => {
  const lines = whyMissed(
    results([
      { id: 'no-such-goal-id', goal: 'G ≤ 1', value: '2', met: false },
      { id: 'reported', goal: 'R', value: '3' },
      { id: 'met', goal: 'M', value: '4', met: true },
    ]),
  ).join('\n');
  expect(lines).toContain('**G ≤ 1** (2): not explained yet');
  expect(lines).not.toContain('**R**');
  expect(lines).not.toContain('**M**');
});

test('an explained missed goal shows its explanation', () => {
  const lines = whyMissed(results([{ id: 'g', goal: 'G', value: 'v', met: false }]), {
    g: 'because of X',
  });
  expect(lines.join('\n')).toContain('**G** (v): because of X');
});

test('every reason written is for a goal the bench sets (a misspelt id would never show)', () => {
  const ids = new Set(
    (
      JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8')) as BenchResults
    ).goals.map((g) => g.id),
  );
  expect(Object.keys(WHY_MISSED).filter((id) => !ids.has(id))).toEqual([]);
});
