import { afterEach, expect, test } from 'vitest';
import { awaitTurn, limitRate, newRateSchedule } from './rate-limit.ts';

afterEach(() => limitRate(undefined));

test('the k-th request never goes before k × 1000/N ms (timers may fire late, never early)', async () => {
  limitRate(20, newRateSchedule());
  const started = performance.now();
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    await awaitTurn();
    times.push(performance.now() - started);
  }
  times.forEach((t, k) => expect(t, `request ${k}`).toBeGreaterThanOrEqual(k * 50 - 2));
});
