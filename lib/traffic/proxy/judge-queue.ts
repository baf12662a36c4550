/**
 * The judging, off the forwarding path: exchanges wait in a bounded queue and are judged in
 * slices of the event loop's idle time (setImmediate), so that a byte to forward never waits for
 * more than one slice. When the judge falls behind and the queue is full, an exchange is counted
 * as unjudgeable rather than kept: memory stays bounded whatever the traffic.
 */
import type { TrafficExchange } from '../exchange.ts';
import type { TrafficJudge } from '../judge.ts';
import type { ExchangeSink, TappedExchange } from './connection-tap.ts';

export interface QueueLimits {
  /** Exchanges waiting at most. */
  exchanges: number;
  /** Body bytes waiting at most. */
  bytes: number;
  /** Judging time per slice before the event loop gets the hand back, in ms. */
  sliceMs: number;
}

export const DEFAULT_LIMITS: QueueLimits = { exchanges: 2000, bytes: 64 * 1024 * 1024, sliceMs: 2 };

export class JudgeQueue implements ExchangeSink {
  readonly #waiting: Array<TappedExchange | undefined> = [];
  #head = 0;
  #bytes = 0;
  #scheduled = false;
  #settled = 0;
  #dropped = 0;

  constructor(
    private readonly judge: TrafficJudge,
    private readonly limits: QueueLimits = DEFAULT_LIMITS,
  ) {}

  /** Exchanges judged or counted unjudgeable so far. */
  get settled(): number {
    return this.#settled;
  }

  /** Exchanges counted unjudgeable because the queue was full. */
  get dropped(): number {
    return this.#dropped;
  }

  exchange(exchange: TappedExchange): void {
    const size = exchange.bytes;
    const waiting = this.#waiting.length - this.#head;
    if (waiting >= this.limits.exchanges || this.#bytes + size > this.limits.bytes) {
      this.#dropped += 1;
      return this.unjudgeable(exchange.seq, 'not judged: the judge fell behind the traffic');
    }
    this.#waiting.push(exchange);
    this.#bytes += size;
    this.#schedule();
  }

  unjudgeable(seq: number, reason: string): void {
    this.judge.unjudgeable(seq, reason);
    this.#settle();
  }

  /** Judges every exchange still waiting, now. */
  drain(): void {
    while (this.#head < this.#waiting.length) this.#judgeNext();
    this.#compact();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const until = performance.now() + this.limits.sliceMs;
      while (this.#head < this.#waiting.length && performance.now() < until) this.#judgeNext();
      this.#compact();
      if (this.#head < this.#waiting.length) this.#schedule();
    });
  }

  #judgeNext(): void {
    const tapped = this.#waiting[this.#head]!;
    this.#waiting[this.#head] = undefined;
    this.#head += 1;
    this.#bytes -= tapped.bytes;
    let exchange;
    try {
      exchange = tapped.build();
    } catch (error) {
      exchange = `the monitor could not read it: ${(error as Error).message}`;
    }
    if (typeof exchange === 'string') this.judge.unjudgeable(tapped.seq, exchange);
    else this.#observe(exchange);
    this.#settle();
  }

  /**
   * The judge keeps a rule's fault as a rule error of the run. A fault of the judge itself makes
   * the exchange unjudgeable instead of escaping into the event loop, where it would stop the
   * proxy (the judge has then counted the exchange twice: a count off by one beats a dead proxy).
   */
  #observe(exchange: TrafficExchange): void {
    try {
      this.judge.observe(exchange);
    } catch (error) {
      this.judge.unjudgeable(exchange.seq, `the judge failed on it: ${(error as Error).message}`);
    }
  }

  #compact(): void {
    if (this.#head === this.#waiting.length) {
      this.#waiting.length = 0;
      this.#head = 0;
    } else if (this.#head > 1024) {
      this.#waiting.splice(0, this.#head);
      this.#head = 0;
    }
  }

  #settle(): void {
    this.#settled += 1;
  }
}
