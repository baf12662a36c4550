import { expect, test } from 'vitest';
import type { TrafficExchange } from '../exchange.ts';
import { FileOrder } from './file-order.ts';

const at = (seq: number, startedMs: number, endedMs: number): TrafficExchange => ({
  seq,
  startedMs,
  endedMs,
  method: 'GET',
  url: 'http://127.0.0.1/api/projects',
  requestHeaders: {},
  requestBody: '',
  durationMs: endedMs - startedMs,
});

test('a start that ties with an earlier end (a millisecond apart) moves after it; others keep their times', () => {
  const order = new FileOrder();
  const first = order.place(at(1, 1000, 1002));
  expect(first).toMatchObject({ startedMs: 1000, endedMs: 1002 });
  // Began "before" the answer listed before it ended, by the HAR's rounding: after it.
  expect(order.place(at(2, 1001, 1001))).toMatchObject({ startedMs: 1002, endedMs: 1002 });
  // Overlapping by more than the rounding: concurrent, as recorded.
  const long = order.place(at(3, 1003, 1010));
  expect(order.place(at(4, 1005, 1006))).toMatchObject({ startedMs: 1005, endedMs: 1006 });
  expect(long.startedMs).toBe(1003);
  // Ties with the long one's end, listed after it.
  expect(order.place(at(5, 1009, 1012))).toMatchObject({ startedMs: 1010, endedMs: 1012 });
  // An end equal to the start already comes first.
  expect(order.place(at(6, 1012, 1013))).toMatchObject({ startedMs: 1012 });
});
