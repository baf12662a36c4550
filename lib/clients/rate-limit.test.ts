import { afterEach, expect, test } from 'vitest';
import { awaitTurn, limitRate, newRateSchedule } from './rate-limit.ts';

afterEach(() => limitRate(undefined));

test('requests are spaced 1000/N ms apart', async () => {
  limitRate(20, newRateSchedule());
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    await awaitTurn();
    times.push(performance.now());
  }
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  // 50 ms apart, timers may fire a little late but never early.
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(48);
});
