/**
 * §8 addProject quota, platform-wide, over a one-hour window on the server clock (tuleap-facts
 * A.6): each call is recorded first; it fails when the earlier calls of the last hour reach the limit.
 */
import type { Clock } from './clock.ts';

const WINDOW_MS = 60 * 60 * 1000;

export class Quota {
  private calls: number[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly perHour: number,
  ) {}

  /** Records a call; true when it is within the quota. */
  take(): boolean {
    const now = this.clock.now();
    // A call made while the clock was ahead, once it is set back, is in no hour yet: dropped.
    this.calls = this.calls.filter((at) => at > now - WINDOW_MS && at <= now);
    const earlier = this.calls.length;
    this.calls.push(now);
    return earlier < this.perHour;
  }
}
