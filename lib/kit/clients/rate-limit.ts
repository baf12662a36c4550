/**
 * `--rate-limit N/s`: every request of the run, from any thread (the suite workers and the main
 * thread's preflight and provisioning), takes the next free slot of one shared schedule, slots
 * 1000/N ms apart, so that no second holds more than N requests. The schedule is a
 * SharedArrayBuffer that the CLI makes and vitest hands to each worker (RunSettings).
 */
/** The wall-clock time in microseconds, the same scale in every thread. */
const nowUs = () => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));

/**
 * On globalThis: vitest's globalSetup (the provisioning, in the main thread) loads this module
 * again through its own module runner, and must share the main thread's limit.
 */
interface Limit {
  schedule: BigInt64Array;
  intervalUs: bigint;
}
const SLOT = Symbol.for('soap-rest-conformance.rate-limit');
const slot = globalThis as { [SLOT]?: Limit | undefined };
const COUNTER = Symbol.for('soap-rest-conformance.request-counter');
const counterSlot = globalThis as { [COUNTER]?: Int32Array | undefined };

/** A counter of a run's requests, over every thread that is handed it (RunSettings). */
export function newRequestCounter(): SharedArrayBuffer {
  return new SharedArrayBuffer(4);
}

/** Counts this thread's requests on the run's counter (undefined: no counting). */
export function countRequests(shared: SharedArrayBuffer | undefined): void {
  counterSlot[COUNTER] = shared === undefined ? undefined : new Int32Array(shared);
}

/** The requests counted so far, every thread's. */
export function requestsCounted(): number {
  const counter = counterSlot[COUNTER];
  return counter === undefined ? 0 : Atomics.load(counter, 0);
}

/** The shared schedule of one run: the time of its next free slot. */
export function newRateSchedule(): SharedArrayBuffer {
  return new SharedArrayBuffer(8);
}

/** N requests a second at most, over every thread sharing `shared`; undefined: no limit. */
export function limitRate(perSecond: number | undefined, shared?: SharedArrayBuffer): void {
  slot[SLOT] =
    perSecond === undefined || shared === undefined
      ? undefined
      : {
          schedule: new BigInt64Array(shared),
          intervalUs: BigInt(Math.round(1_000_000 / perSecond)),
        };
}

/**
 * The requests that wait for their slot now, over every thread, and when the last of them is sent
 * (the run's terminal says it: lib/runner/cli/collector.ts); undefined without --rate-limit.
 */
export function rateBacklog(): { perSecond: number; queued: number; lastInMs: number } | undefined {
  const limit = slot[SLOT];
  if (limit === undefined) return undefined;
  const aheadUs = Atomics.load(limit.schedule, 0) - nowUs();
  const ahead = aheadUs > 0n ? Number(aheadUs) : 0;
  const interval = Number(limit.intervalUs);
  return {
    perSecond: 1_000_000 / interval,
    queued: Math.ceil(ahead / interval),
    lastInMs: Math.max(0, ahead - interval) / 1000,
  };
}

/** Resolves when this request's slot comes; every request of a run passes here once. */
export async function awaitTurn(): Promise<void> {
  const counter = counterSlot[COUNTER];
  if (counter !== undefined) Atomics.add(counter, 0, 1);
  const limit = slot[SLOT];
  if (limit === undefined) return;
  const { schedule, intervalUs } = limit;
  for (;;) {
    const next = Atomics.load(schedule, 0);
    const now = nowUs();
    const at = next > now ? next : now;
    if (Atomics.compareExchange(schedule, 0, next, at + intervalUs) !== next) continue;
    const waitMs = Number(at - now) / 1000;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    return;
  }
}
