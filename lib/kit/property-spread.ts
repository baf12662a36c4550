/**
 * A property whose every run changes the state of one project (the model-based membership
 * properties), spread over several such projects: its runs (lib/kit/property-run.ts) split into one
 * share per project, the shares run concurrently (through a slow link one chain of
 * hundreds of requests bounds the whole run). Each share is fast-check's own (its runs, its
 * shrinking), with a seed derived from the run's, so that --seed replays every share.
 * When shares fail, the first one's shrunk counterexample is run once more, alone, so that the
 * test's transcript judges its exchange (concurrent shares interleave theirs), and it is reported
 * as fc.assert reports it, with the share named.
 * A property that changes no state (a refusal checked on a shared project) has no place to give:
 * its shares run on `lanes(n)`, places that only number them.
 */
import fc from 'fast-check';
import { HarnessError } from './clients/harness-error.ts';

export interface Share<P> {
  place: P;
  seed: number;
  numRuns: number;
}

/** The seed of share `index`: the run's seed for the first, the others a 32-bit golden-ratio step apart. */
export function shareSeed(seed: number, index: number): number {
  return (seed + Math.imul(index, 0x9e3779b9)) | 0;
}

/** Places for a property whose runs change no state: only the shares' numbers (1 to n). */
export function lanes(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** `numRuns` split over the places as evenly as it goes (a place left with none has no share). */
export function splitRuns<P>(places: readonly P[], seed: number, numRuns: number): Array<Share<P>> {
  // No place (a target listing nothing to run on) must not pass as a property that held.
  if (places.length === 0) throw new HarnessError('a spread property has no place to run on');
  const each = Math.floor(numRuns / places.length);
  return places
    .map((place, i) => ({
      place,
      seed: shareSeed(seed, i),
      numRuns: each + (i < numRuns % places.length ? 1 : 0),
    }))
    .filter((share) => share.numRuns > 0);
}

/**
 * Checks `property` on each place for its share of `run`'s runs (propertyRun's parameters: the
 * run's seed and number of runs); throws as fc.assert does, the share named, when one fails.
 */
export async function spreadProperty<P, Ts extends [unknown, ...unknown[]]>(
  places: readonly P[],
  run: fc.Parameters<unknown> & { seed: number; numRuns: number },
  property: (place: P) => fc.IAsyncPropertyWithHooks<Ts>,
  describe: (place: P) => string,
): Promise<void> {
  const shares = splitRuns(places, run.seed, run.numRuns);
  // Without the transcript's attempts (plugins): concurrent shares interleave them.
  const { plugins: _attempts, ...concurrent } = run;
  const results = await Promise.all(
    shares.map((share) =>
      fc.check(property(share.place), {
        ...concurrent,
        seed: share.seed,
        numRuns: share.numRuns,
      }),
    ),
  );
  const index = results.findIndex((details) => details.failed);
  if (index < 0) return;
  const [share, failed] = [shares[index]!, results[index]!];
  // The counterexample alone, as an example (fc.commands' shrinks are not replayed by path); once,
  // not shrunk again. Whatever it answers, the report is the shares' own.
  await fc
    .check(property(share.place), {
      ...run,
      examples: [failed.counterexample!],
      numRuns: 1,
      endOnFailure: true,
    })
    .catch(() => undefined);
  // The failed check as the cause: its requirement and scope are data (lib/kit/judging.ts).
  throw new Error(
    `share ${index + 1} of ${shares.length} (${share.numRuns} of the ${run.numRuns} runs, on ` +
      `${describe(share.place)}, seed derived from the run's seed ${run.seed})\n` +
      fc.defaultReportMessage(failed),
    { cause: failed.errorInstance },
  );
}
