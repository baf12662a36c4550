/** Runs in every suite worker before the suites: one fast-check seed and budget for the run. */
import fc from 'fast-check';
import { inject } from 'vitest';
import './provided.ts';

const { seed, runs } = inject('settings');
fc.configureGlobal({ seed, numRuns: runs });
