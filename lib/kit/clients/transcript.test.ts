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

describe('the transcript of the running test (Transcript.current)', () => {
  test('two bodies recording side by side each find their own, after every await', async () => {
    const [a, b] = [transcriptOf(2), transcriptOf(3)];
    const seen: Array<[string, Transcript | undefined]> = [];
    const body = (name: string, waits: number[]) => async () => {
      for (const ms of waits) {
        await new Promise((resolve) => setTimeout(resolve, ms));
        seen.push([name, Transcript.current()]);
      }
    };
    await Promise.all([a.recording(body('a', [5, 1, 5])), b.recording(body('b', [1, 5, 1]))]);
    expect(seen.filter(([name]) => name === 'a').map(([, t]) => t)).toEqual([a, a, a]);
    expect(seen.filter(([name]) => name === 'b').map(([, t]) => t)).toEqual([b, b, b]);
    expect(Transcript.current()).toBeUndefined();
  });

  test("a failure noted in one body marks that body's transcript, not the other's", async () => {
    const [a, b] = [transcriptOf(2), transcriptOf(2)];
    a.markRead(0);
    b.markRead(0);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
    await Promise.all([
      a.recording(async () => {
        await pause();
        Transcript.current()?.noteFailure();
      }),
      b.recording(pause),
    ]);
    a.markRead(1);
    b.markRead(1);
    expect(a.judged()).toBe(0);
    expect(b.judged()).toBe(1);
  });
});
