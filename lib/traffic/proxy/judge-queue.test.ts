/**
 * The judging waits in a bounded queue, off the forwarding path: nothing is judged in the call
 * that hands an exchange over, and when the queue is full an exchange is counted unjudgeable
 * instead of kept.
 */
import { expect, test } from 'vitest';
import type { TrafficExchange } from '../exchange.ts';
import { TrafficJudge } from '../judge.ts';
import type { RuleFactory } from '../rule.ts';
import type { TappedExchange } from './connection-tap.ts';
import { JudgeQueue } from './judge-queue.ts';

function tapped(seq: number, bytes = 10): TappedExchange {
  const exchange: TrafficExchange = {
    seq,
    method: 'GET',
    url: `http://h/api/projects/${seq}`,
    requestHeaders: {},
    requestBody: '',
    status: 200,
    responseHeaders: {},
    responseBody: '{}',
    startedMs: 0,
    endedMs: 0,
    durationMs: 0,
  };
  return { seq, bytes, build: () => exchange };
}

/** A rule that passes a requirement for each exchange it sees, noting the order. */
function counting(seen: number[]): RuleFactory {
  return () => ({
    requirements: ['rest.pagination.headers'],
    observe: (view, verdicts) => {
      seen.push(view.exchange.seq);
      verdicts.pass('rest.pagination.headers', [view.exchange]);
    },
  });
}

test('an exchange is judged later, in order, not in the call that hands it over', async () => {
  const seen: number[] = [];
  const queue = new JudgeQueue(new TrafficJudge([counting(seen)], () => true));
  for (let seq = 1; seq <= 5; seq += 1) queue.exchange(tapped(seq));
  expect(seen).toEqual([]);
  await new Promise((r) => setImmediate(r));
  expect(seen).toEqual([1, 2, 3, 4, 5]);
  expect(queue.settled).toBe(5);
});

test('a full queue counts the exchange unjudgeable, by count and by bytes', () => {
  const seen: number[] = [];
  const judge = new TrafficJudge([counting(seen)], () => true);
  const queue = new JudgeQueue(judge, { exchanges: 3, bytes: 100, sliceMs: 1 });
  for (let seq = 1; seq <= 5; seq += 1) queue.exchange(tapped(seq));
  queue.exchange(tapped(6, 1000));
  expect(queue.dropped).toBe(3);
  queue.drain();
  expect(seen).toEqual([1, 2, 3]);
  const outcome = judge.outcome();
  expect(outcome.exchanges).toBe(6);
  expect(outcome.unjudgeable.kept.map((u) => u.seq)).toEqual([4, 5, 6]);
  expect(outcome.unjudgeable.kept[0]!.reason).toMatch(/judge fell behind/);
});

test('an exchange that cannot be built is unjudgeable with why', () => {
  const judge = new TrafficJudge([], () => true);
  const queue = new JudgeQueue(judge);
  queue.exchange({ seq: 7, bytes: 0, build: () => 'the request target is not a URL' });
  queue.drain();
  expect(judge.outcome().unjudgeable.kept).toEqual([
    { seq: 7, reason: 'the request target is not a URL' },
  ]);
});
