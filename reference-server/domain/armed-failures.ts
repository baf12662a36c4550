/**
 * Test control's fail-next (docs/running-against-a-target.md, "Test control"): failures armed for
 * the next call of an operation, taken by
 * the domain at the step where the real failure would happen. A failure scoped to a session key is
 * taken only by a call made with that key.
 */
import type { FailNextFailure, FailNextRequest } from '../../spec/test-control.ts';

export class ArmedFailures {
  private armed: FailNextRequest[] = [];

  arm(request: FailNextRequest): void {
    this.armed.push(request);
  }

  /** The failure armed for this call, disarmed as it is taken; undefined when none. */
  take(operation: FailNextRequest['operation'], sessionKey: string): FailNextFailure | undefined {
    const index = this.armed.findIndex(
      (a) =>
        a.operation === operation && (a.sessionKey === undefined || a.sessionKey === sessionKey),
    );
    if (index < 0) return undefined;
    const [taken] = this.armed.splice(index, 1);
    return taken?.failure;
  }
}
