/**
 * fast-check parameters of a property in a suite: the run's seed (printed in the report, replayed
 * with --seed), the run's number of runs capped for expensive properties, and the failing
 * assertion's message in the report next to the counterexample. Passed explicitly to fc.assert:
 * fc.configureGlobal in lib/suite-setup.ts does not reach the suite files' fast-check instance.
 */
import type fc from 'fast-check';
import { inject } from 'vitest';
import './provided.ts';

export function propertyRun(maxRuns: number): fc.Parameters<unknown> {
  const { seed, runs } = inject('settings');
  return { seed, numRuns: Math.min(runs, maxRuns), includeErrorInReport: true };
}
