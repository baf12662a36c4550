/**
 * An interrupted run restores what its tests in flight changed (docs/what-the-suites-assume.md,
 * "Cleanup"). vitest's cancel
 * rejects a running test at once while its body goes on, and would then end the worker, the
 * test's cleanup unrun. So, once the run is interrupted, the test's own requests stop (its body
 * ends at once) and the runner waits, in an onTestFinished hook, for the cleanup, which runs on a
 * client of its own.
 */
import type { TestContext } from 'vitest';
import { HarnessError } from '../clients/harness-error.ts';
import type { HttpClient } from '../clients/http.ts';
import {
  asTestRequest,
  STOPPED_BY_INTERRUPTION,
  testRequestsStopped,
} from '../clients/rate-limit.ts';

export { STOPPED_BY_INTERRUPTION };

/** Long enough for a cleanup through a slow link; the run is waiting for it, not judging. */
const CLEANUP_AFTER_INTERRUPTION_MS = 120_000;

const cleanedUp = new WeakMap<TestContext, () => void>();

/** vitest's cancel aborts the tests it reaches; the run's flag reaches every thread (rate-limit.ts). */
function interrupted(context: TestContext): boolean {
  return context.signal.aborted || testRequestsStopped();
}

/** The test's client, stopped by an interruption; the runner then waits for the cleanup. */
export function untilCleanedUp(http: HttpClient, context: TestContext): HttpClient {
  const send = http.send.bind(http);
  http.send = (request) =>
    interrupted(context)
      ? Promise.reject(new HarnessError(STOPPED_BY_INTERRUPTION))
      : asTestRequest(() => send(request));
  const done = new Promise<void>((resolve) => cleanedUp.set(context, resolve));
  context.onTestFinished(
    () => (interrupted(context) ? done : undefined),
    CLEANUP_AFTER_INTERRUPTION_MS,
  );
  return http;
}

/** The test's cleanup is over (done or failed). */
export function cleanupOver(context: TestContext): void {
  cleanedUp.get(context)?.();
}
