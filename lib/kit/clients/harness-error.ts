/**
 * The harness could not judge: the target did not answer (refused, reset, timed out). Reported as
 * status 'error', never as a conformance failure (docs/reading-the-report.md, "Statuses").
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
}
