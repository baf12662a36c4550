/**
 * The server's time as the traffic shows it: its own timestamps, moved on by the test-control
 * clock (design.md "Test control": POST /__conformance/clock {advanceSeconds} answered 204 moves
 * the server's clock). An advance whose exchange overlaps a moment may or may not have applied
 * then: the bounds take each side.
 */
import { CLOCK_PATH } from '../../../../spec/test-control.ts';
import type { ExchangeView } from '../../view.ts';

/** Advances kept: a run moves the clock a few times; older ones fold into a base. */
const ADVANCES_KEPT = 1000;

interface Advance {
  startedMs: number;
  endedMs: number;
  ms: number;
}

export class ServerClock {
  #advances: Advance[] = [];
  /** The advances folded once more than ADVANCES_KEPT were seen (all long past). */
  #folded = 0;
  #foldedUntil = Number.NEGATIVE_INFINITY;

  /** Notes an advance of the clock, when the exchange is one. */
  observe(view: ExchangeView): boolean {
    if (view.method !== 'POST' || view.url.pathname !== CLOCK_PATH) return false;
    if (view.exchange.status !== 204) return true;
    const json = view.requestJson();
    const seconds =
      'value' in json
        ? (json.value as { advanceSeconds?: unknown } | null)?.advanceSeconds
        : undefined;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return true;
    const { startedMs, endedMs } = view.exchange;
    this.#advances.push({ startedMs, endedMs, ms: seconds * 1000 });
    if (this.#advances.length > ADVANCES_KEPT) {
      const oldest = this.#advances.shift()!;
      this.#folded += oldest.ms;
      this.#foldedUntil = Math.max(this.#foldedUntil, oldest.endedMs);
    }
    return true;
  }

  /**
   * The earliest server time at traffic time `ms`: forward advances answered before count, and
   * every move back begun before (a run sets the clock back by a negative advance when it ends).
   */
  earliest(ms: number): number {
    return ms + this.#sum((a) => (a.ms >= 0 ? a.endedMs <= ms : a.startedMs < ms), ms);
  }

  /** The latest server time at traffic time `ms`: forward advances begun before, moves back answered before. */
  latest(ms: number): number {
    return ms + this.#sum((a) => (a.ms >= 0 ? a.startedMs < ms : a.endedMs <= ms), ms);
  }

  #sum(applies: (a: Advance) => boolean, ms: number): number {
    let total = ms >= this.#foldedUntil ? this.#folded : 0;
    for (const advance of this.#advances) if (applies(advance)) total += advance.ms;
    return total;
  }
}
