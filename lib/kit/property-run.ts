/**
 * fast-check parameters of a property in a suite: the run's seed (printed in the report, replayed
 * with --seed), the run's number of runs capped for expensive properties, the failed check kept
 * as the report's cause (lib/kit/failure-words.ts words it beside the counterexample), and each run of the predicate
 * told to the test's transcript (its judged exchange is the counterexample's). Passed explicitly to fc.assert:
 * fc.configureGlobal in lib/kit/suite-setup.ts does not reach the suite files' fast-check instance.
 */
import fc from 'fast-check';
import { inject } from 'vitest';
import { Transcript } from './clients/transcript.ts';
import './provided.ts';

export function propertyRun(
  maxRuns: number,
): fc.Parameters<unknown> & { seed: number; numRuns: number } {
  const { seed, runs } = inject('settings');
  return {
    seed,
    numRuns: Math.min(runs, maxRuns),
    // The failed check is kept as the report's cause (data: lib/kit/judging.ts), not in its text.
    includeErrorInReport: false,
    // Each run of the predicate: the exchange a failure judged is the counterexample's.
    plugins: [fc.beforeEach(() => Transcript.current()?.newAttempt())],
  };
}
