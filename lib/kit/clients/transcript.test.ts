import { describe, expect, test } from 'vitest';
import { Transcript, type Exchange } from './transcript.ts';

const exchange = (url: string): Exchange => ({
  method: 'GET',
  url,
  requestHeaders: {},
  requestBody: '',
  status: 200,
  durationMs: 1,
});

function transcriptOf(n: number): Transcript {
  const t = new Transcript();
  for (let i = 0; i < n; i++) t.record(exchange(`http://h/${i}`));
  return t;
}

describe('the exchange a failure judged', () => {
  test('the answer read last when the first assertion failed; later reads and failures do not move it', () => {
    const t = transcriptOf(3);
    t.markRead(0);
    t.noteFailure();
    t.markRead(2);
    t.noteFailure();
    expect(t.judged()).toBe(0);
  });

  test('in a property, the last run that failed (the counterexample), even when later runs passed', () => {
    const t = transcriptOf(6);
    t.newAttempt();
    t.markRead(1);
    t.noteFailure();
    t.newAttempt();
    t.markRead(3);
    t.noteFailure();
    t.newAttempt();
    t.markRead(5); // a shrink candidate that passed
    expect(t.judged()).toBe(3);
  });

  test('no answer (a harness error): the exchange that got none, the last, not the answer read before', () => {
    const t = transcriptOf(3);
    t.markRead(1);
    t.noteNoAnswer();
    expect(t.judged()).toBe(2);
  });

  test('no failure: the answer read last; nothing read: the last exchange; none: undefined', () => {
    const t = transcriptOf(3);
    expect(t.judged()).toBe(2);
    t.markRead(1);
    expect(t.judged()).toBe(1);
    expect(new Transcript().judged()).toBeUndefined();
  });
});
