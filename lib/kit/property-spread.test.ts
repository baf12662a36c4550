import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lanes, shareSeed, splitRuns, spreadProperty } from './property-spread.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('splitRuns', () => {
  test('the runs split as evenly as it goes; the first share keeps the run seed', () => {
    expect(splitRuns(['a', 'b'], 7, 20)).toEqual([
      { place: 'a', seed: 7, numRuns: 10 },
      { place: 'b', seed: shareSeed(7, 1), numRuns: 10 },
    ]);
    expect(splitRuns(['a', 'b', 'c'], 7, 5).map((s) => s.numRuns)).toEqual([2, 2, 1]);
    expect(splitRuns(['a', 'b'], 7, 1).map((s) => s.place)).toEqual(['a']);
  });

  test('no place to run on is an error, never a property that passes without a run', () => {
    expect(() => splitRuns([], 7, 20)).toThrow(/no place/);
  });

  test('lanes number the shares of a property that changes no state', () => {
    expect(lanes(4)).toEqual([1, 2, 3, 4]);
    expect(splitRuns(lanes(4), 7, 100).map((s) => s.numRuns)).toEqual([25, 25, 25, 25]);
  });

  test('the derived seeds are 32-bit integers, distinct, and the same for the same run seed', () => {
    const seeds = [0, 1, 2, 3].map((i) => shareSeed(-5, i));
    expect(new Set(seeds).size).toBe(4);
    for (const seed of seeds) expect(seed).toBe(seed | 0);
    expect([0, 1, 2, 3].map((i) => shareSeed(-5, i))).toEqual(seeds);
  });
});

describe('spreadProperty', () => {
  const run = (plugins: fc.Parameters<unknown>['plugins'] = []) => ({
    seed: 42,
    numRuns: 20,
    includeErrorInReport: true,
    plugins,
  });

  test('every share runs its runs on its own place, the shares at the same time', async () => {
    const calls: Record<string, number> = { a: 0, b: 0 };
    let inFlight = 0;
    let overlapped = false;
    await spreadProperty(
      ['a', 'b'],
      run(),
      (place) =>
        fc.asyncProperty(fc.nat(), async () => {
          calls[place]! += 1;
          inFlight += 1;
          overlapped ||= inFlight > 1;
          await tick();
          inFlight -= 1;
        }),
      (place) => place,
    );
    expect(calls).toEqual({ a: 10, b: 10 });
    expect(overlapped, 'the shares overlapped').toBe(true);
  });

  test("a failing share: shrunk by fast-check, its counterexample run again alone (the run's attempt hook), reported with the share and the run seed", async () => {
    const failing = async () => {
      const seen: Array<[string, number[]]> = [];
      let attempts = 0;
      let message = '';
      try {
        await spreadProperty(
          ['a', 'b'],
          run([fc.beforeEach(() => void (attempts += 1))]),
          (place) =>
            fc.asyncProperty(fc.array(fc.nat(100)), async (xs) => {
              seen.push([place, xs]);
              await tick();
              expect(place === 'b' && xs.filter((x) => x > 50).length >= 2).toBe(false);
            }),
          (place) => `place ${place}`,
        );
      } catch (error) {
        message = (error as Error).message;
      }
      return { seen, attempts, message };
    };
    const { seen, attempts, message } = await failing();
    expect(message).toMatch(/^share 2 of 2 \(10 of the 20 runs, on place b, seed derived from/);
    expect(message).toContain("the run's seed 42");
    expect(message).toContain(`seed: ${shareSeed(42, 1)}`);
    expect(message).toContain('Counterexample: [[51,51]]');
    expect(seen.at(-1), 'the last run: the counterexample, on its place').toEqual(['b', [51, 51]]);
    expect(attempts, 'the attempt hook: the replay alone').toBe(1);
    const report = (m: string) => m.split('\n').slice(0, 5).join('\n');
    expect(report((await failing()).message), 'the same run seed, the same report').toBe(
      report(message),
    );
  });

  test('a model-based property (fc.commands): the replay runs the shrunk command sequence', async () => {
    let ran: string[] = [];
    class Add implements fc.AsyncCommand<{ n: number }, { n: number; place: string }> {
      constructor(readonly k: number) {}
      check = () => true;
      async run(m: { n: number }, r: { n: number; place: string }) {
        ran.push(this.toString());
        await tick();
        r.n += r.place === 'b' && this.k > 7 ? 2 : 1;
        m.n += 1;
        expect(r.n, this.toString()).toBe(m.n);
      }
      toString = () => `add(${this.k})`;
    }
    let message = '';
    await spreadProperty(
      ['a', 'b'],
      run(),
      (place) =>
        fc.asyncProperty(fc.commands([fc.nat(10).map((k) => new Add(k))]), async (cmds) => {
          ran = [];
          await fc.asyncModelRun(() => ({ model: { n: 0 }, real: { n: 0, place } }), cmds);
        }),
      (place) => place,
    ).catch((error: Error) => (message = error.message));
    const shown = /Counterexample: \[(.*?) \/\*/.exec(message)?.[1];
    expect(shown, message).toMatch(/^add\((8|9|10)\)$/);
    expect(ran.join(','), 'the last run: the counterexample').toBe(shown);
  });
});
