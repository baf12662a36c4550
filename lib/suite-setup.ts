/**
 * Runs in every suite worker before the suites: one fast-check seed and budget for the run; no
 * suite runs without the shared projects (lib/fixtures/global-setup.ts).
 */
import fc from 'fast-check';
import { inject } from 'vitest';
import './provided.ts';

const { seed, runs } = inject('settings');
// The failing assertion's message goes into the report with the counterexample.
fc.configureGlobal({ seed, numRuns: runs, includeErrorInReport: true });

const fixturesError = inject('fixturesError');
if (fixturesError) throw new Error(fixturesError);
