/**
 * The harness could not judge: the target did not answer (refused, reset, timed out). Reported as
 * status 'error', never as a conformance failure (style.md 5).
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
}
