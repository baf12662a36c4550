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
  const [id, why] = Object.entries(WHY_MISSED)[0] ?? ['x', undefined];
  if (why === undefined) return expect(WHY_MISSED).toEqual({});
  expect(whyMissed(results([{ id, goal: 'G', value: 'v', met: false }])).join('\n')).toContain(why);
});
