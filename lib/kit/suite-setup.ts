/**
 * Runs in every suite worker before the suites: one fast-check seed and budget for the run, the
 * transport and the rate limit of the run; no suite runs without the shared projects
 * (lib/kit/fixtures/global-setup.ts).
 */
import fc from 'fast-check';
import { chai, inject } from 'vitest';
import { countRequests, limitRate } from './clients/rate-limit.ts';
import { countClockMoves } from './target/clock.ts';
import { Transcript } from './clients/transcript.ts';
import { Judging } from './judging.ts';
import { configureTransport, freshConnections } from './clients/transport.ts';
import './provided.ts';

// A failed assertion (every vitest matcher ends in chai's assert) marks the exchange it judged:
// the answer the test read last (Transcript.noteFailure), in the transcript of the test whose
// body made the assertion (Transcript.current: the tests of a file may run side by side).
// chai is loaded once per worker, and a worker runs several files (lib/kit/fresh-modules.ts): each
// file wraps chai's own assert, kept on the prototype, for its own Transcript.
const ORIGINAL = Symbol.for('soap-rest-conformance.chai-assert');
const prototype = chai.Assertion.prototype as typeof chai.Assertion.prototype & {
  [ORIGINAL]?: typeof chai.Assertion.prototype.assert;
};
// eslint-disable-next-line @typescript-eslint/unbound-method -- applied to each assertion below
const assert = (prototype[ORIGINAL] ??= prototype.assert);
prototype.assert = function (this: Chai.AssertionStatic, ...args: unknown[]) {
  try {
    return (assert as (...a: unknown[]) => unknown).apply(this, args);
  } catch (error) {
    Transcript.current()?.noteFailure();
    // The requirement it judged (lib/kit/judging.ts): a soft one is a failure now, the test goes on.
    const judging = Judging.current();
    if (chai.util.flag(this, 'soft') === true) judging?.failedSoftly(error as Error);
    else judging?.stamp(error);
    throw error;
  }
} as typeof assert;

const { seed, runs, rateLimit, requestCounter, clockMoved, transport } = inject('settings');
configureTransport(transport ?? {});
// Each file on connections of its own, as in a worker of its own.
freshConnections();
limitRate(rateLimit?.perSecond, rateLimit?.schedule);
countRequests(requestCounter);
countClockMoves(clockMoved);
// The failed check is kept as the report's cause: its requirement is data (lib/kit/judging.ts).
fc.configureGlobal({ seed, numRuns: runs, includeErrorInReport: false });

const fixturesError = inject('fixturesError');
if (fixturesError) throw new Error(fixturesError);
