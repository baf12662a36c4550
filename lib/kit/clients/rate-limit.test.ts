import { afterEach, describe, expect, test } from 'vitest';
import {
  asTestRequest,
  awaitTurn,
  countRequests,
  limitRate,
  newRateSchedule,
  newRequestCounter,
  requestsCounted,
  STOPPED_BY_INTERRUPTION,
  stopTestRequests,
} from './rate-limit.ts';

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

test("the same with the run's shared counter (the wait an interruption can cut short)", async () => {
  limitRate(20, newRateSchedule());
  countRequests(newRequestCounter());
  const started = performance.now();
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    await awaitTurn();
    times.push(performance.now() - started);
  }
  countRequests(undefined);
  times.forEach((t, k) => expect(t, `request ${k}`).toBeGreaterThanOrEqual(k * 50 - 2));
});

describe('an interrupted run (Ctrl-C): the tests stop at once, the cleanups go on at the rate', () => {
  afterEach(() => countRequests(undefined));

  test("a test's request waiting for its slot rejects at once; a cleanup's takes a slot given back", async () => {
    limitRate(5, newRateSchedule());
    countRequests(newRequestCounter());
    await awaitTurn(); // the first slot: now
    const started = performance.now();
    // Ten requests of tests queued: 2 s of slots at 5/s.
    const tests = Array.from({ length: 10 }, () =>
      asTestRequest(() => awaitTurn()).then(
        () => 'sent',
        (error: Error) => error.message,
      ),
    );
    const cleanup = awaitTurn().then(() => performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stopTestRequests();
    const ended = await Promise.all(tests);
    expect(performance.now() - started).toBeLessThan(500);
    expect(ended.filter((e) => e === STOPPED_BY_INTERRUPTION).length).toBeGreaterThanOrEqual(9);
    // Its slot was the eleventh (2.2 s); given back, it goes one interval after the last sent.
    const cleanupAt = await cleanup;
    expect(cleanupAt).toBeLessThan(600);
    expect(cleanupAt).toBeGreaterThanOrEqual(150 - 2);
    expect(requestsCounted()).toBeLessThanOrEqual(3);
    // After the stop, a test's request is refused before any wait.
    await expect(asTestRequest(() => awaitTurn())).rejects.toThrow(STOPPED_BY_INTERRUPTION);
  });
});
