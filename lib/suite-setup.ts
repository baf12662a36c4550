/**
 * Runs in every suite worker before the suites: one fast-check seed and budget for the run, the
 * transport and the rate limit of the run; no suite runs without the shared projects
 * (lib/fixtures/global-setup.ts).
 */
import fc from 'fast-check';
import { chai, inject } from 'vitest';
import { limitRate } from './clients/rate-limit.ts';
import { Transcript } from './clients/transcript.ts';
import { configureTransport } from './clients/transport.ts';
import './provided.ts';

// A failed assertion (every vitest matcher ends in chai's assert) marks the exchange it judged:
// the answer the test read last (Transcript.noteFailure). Tests of a file run one at a time.
// eslint-disable-next-line @typescript-eslint/unbound-method -- applied to each assertion below
const assert = chai.Assertion.prototype.assert;
chai.Assertion.prototype.assert = function (this: Chai.AssertionStatic, ...args: unknown[]) {
  try {
    return (assert as (...a: unknown[]) => unknown).apply(this, args);
  } catch (error) {
    Transcript.current?.noteFailure();
    throw error;
  }
} as typeof assert;

const { seed, runs, rateLimit, transport } = inject('settings');
configureTransport(transport ?? {});
limitRate(rateLimit?.perSecond, rateLimit?.schedule);
// The failing assertion's message goes into the report with the counterexample.
fc.configureGlobal({ seed, numRuns: runs, includeErrorInReport: true });

const fixturesError = inject('fixturesError');
if (fixturesError) throw new Error(fixturesError);
