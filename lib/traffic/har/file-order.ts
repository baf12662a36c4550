/**
 * HAR times are written to the millisecond (startedDateTime cut to it, time rounded), so an answer
 * that ended before the next request began can read as ending up to a millisecond after that
 * request began. The rules ask exactly that question (was the version an answer showed still the
 * current one when a PUT began, §4.4; was a request sent after a 401 came, §5.2.5), and would find
 * nothing proven where `monitor`, reading the clock as the bytes pass, finds the order. Times that
 * tie so are ordered as the file lists the entries (the order the requests began): a request
 * whose start ties with the end of an answer listed before it began after that answer ended.
 */
import type { TrafficExchange } from '../exchange.ts';

/** Two instants this close are one to a HAR's clock: the file's order decides. */
export const HAR_TIE_MS = 1;
/** Ends remembered for the next starts (those of the exchanges still possibly under way). */
const ENDS_KEPT = 1_000;

export class FileOrder {
  /** The ends of the exchanges placed, those a later start may still tie with. */
  #ends: number[] = [];

  /** The exchange, its start moved after every end listed before it that it ties with. */
  place(exchange: TrafficExchange): TrafficExchange {
    const start = exchange.startedMs;
    let after = start;
    for (const end of this.#ends) if (end > after && end - start <= HAR_TIE_MS) after = end;
    this.#ends = this.#ends.filter((end) => end + HAR_TIE_MS >= start);
    this.#ends.push(exchange.endedMs);
    if (this.#ends.length > ENDS_KEPT) this.#ends.shift();
    if (after === start) return exchange;
    return { ...exchange, startedMs: after, endedMs: Math.max(exchange.endedMs, after) };
  }
}
