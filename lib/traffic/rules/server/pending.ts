/**
 * A finding that a later exchange may still explain away. Exchanges overlap: a write that began
 * after the judged request, but before its answer ended, may have changed what it saw (one PUT
 * of several racing on one Etag wins and the others rightly get 412). The traffic is in the order
 * the requests began, so once an exchange begins after the judged one ended, no other can overlap
 * it: the finding is then confirmed, unless an exchange seen meanwhile cleared it.
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { FindingDetails, Verdicts } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';

export interface PendingFinding {
  requirement: string;
  details: FindingDetails;
  /** The exchange judged: the finding waits until traffic begins after its answer ended. */
  judged: TrafficExchange;
  /** Whether an exchange that began before the judged answer ended explains the finding away. */
  clearedBy: (view: ExchangeView) => boolean;
}

/**
 * At most this many findings wait at once. Past it the oldest is let go unjudged: every exchange
 * since began before its answer ended, so a racing write may still explain it, and a finding the
 * traffic does not prove is no failure.
 */
const WAITING_CAP = 256;

export class PendingFindings {
  #waiting: PendingFinding[] = [];

  add(finding: PendingFinding): void {
    this.#waiting.push(finding);
    if (this.#waiting.length > WAITING_CAP) this.#waiting.shift();
  }

  /** Call first on each exchange: confirms what it cannot clear, drops what it clears. */
  settle(view: ExchangeView, verdicts: Verdicts): void {
    if (this.#waiting.length === 0) return;
    const start = view.exchange.startedMs;
    const still: PendingFinding[] = [];
    for (const finding of this.#waiting) {
      if (start > finding.judged.endedMs) verdicts.fail(finding.requirement, finding.details);
      else if (!finding.clearedBy(view)) still.push(finding);
    }
    this.#waiting = still;
  }

  /**
   * The traffic ended: every exchange that began before a judged answer ended has been seen, and
   * none cleared what still waits, so it is confirmed.
   */
  end(verdicts: Verdicts): void {
    for (const finding of this.#waiting) verdicts.fail(finding.requirement, finding.details);
    this.#waiting = [];
  }
}
