import { expect, test } from 'vitest';
import type { ExchangeView } from '../../view.ts';
import { ServerClock } from './server-clock.ts';

const advance = (seconds: number, startedMs: number, endedMs: number) =>
  ({
    method: 'POST',
    url: new URL('http://t/__conformance/clock'),
    exchange: { status: 204, startedMs, endedMs },
    requestJson: () => ({ value: { advanceSeconds: seconds } }),
  }) as unknown as ExchangeView;

test('an advance forward, then one back (a run setting the clock back): the bounds take each side', () => {
  const clock = new ServerClock();
  clock.observe(advance(100, 1000, 1010));
  clock.observe(advance(-100, 5000, 5010));
  // Before either, between them, after both.
  expect([clock.earliest(500), clock.latest(500)]).toEqual([500, 500]);
  expect([clock.earliest(3000), clock.latest(3000)]).toEqual([103_000, 103_000]);
  expect([clock.earliest(9000), clock.latest(9000)]).toEqual([9000, 9000]);
  // While the set-back is in flight the server's time is either.
  expect([clock.earliest(5005), clock.latest(5005)]).toEqual([5005, 105_005]);
  // While the advance is in flight, the same.
  expect([clock.earliest(1005), clock.latest(1005)]).toEqual([1005, 101_005]);
});
