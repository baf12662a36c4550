/** The server's clock: real time plus an offset that only test control may move (design.md). */
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
      offsetMs += seconds * 1000;
    },
  };
}
