/**
 * The server's clock: real time plus an offset that only test control may move
 * (docs/running-against-a-target.md, "Test control"): forward, or back by at most what it was
 * moved forward (never behind real time).
 */
export interface Clock {
  /** Milliseconds since the epoch, as the server sees it. */
  now(): number;
  advance(seconds: number): void;
}

export function systemClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance: (seconds) => {
      offsetMs = Math.max(0, offsetMs + seconds * 1000);
    },
  };
}
