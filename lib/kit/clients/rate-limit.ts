/**
 * `--rate-limit N/s`: every request of the run, from any thread (the suite workers and the main
 * thread's preflight and provisioning), takes the next free slot of one shared schedule, slots
 * 1000/N ms apart, so that no second holds more than N requests. The schedule is a
 * SharedArrayBuffer that the CLI makes and vitest hands to each worker (RunSettings).
 */
import { asyncPart } from './async-part.ts';
import { HarnessError } from './harness-error.ts';

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

/**
 * A counter of a run's requests, over every thread that is handed it (RunSettings), and beside it
 * whether the run was interrupted (stopTestRequests).
 */
export function newRequestCounter(): SharedArrayBuffer {
  return new SharedArrayBuffer(8);
}

/**
 * The run was interrupted (Ctrl-C): from now on, in every thread, the tests' own requests stop
 * (lib/kit/cleanup/in-flight.ts); their cleanups' go on. vitest's cancel does not reach a worker
 * that starts a suite file after it, whose tests would then run to their end (under a rate limit,
 * for many seconds after the Ctrl-C).
 */
export function stopTestRequests(): void {
  const counter = counterSlot[COUNTER];
  if (counter === undefined || counter.length < 2) return;
  // The slots the tests' waiting requests held are given back: the schedule starts again after
  // the last request sent, and every request waiting takes its slot again (awaitTurn).
  const limit = slot[SLOT];
  if (limit !== undefined) {
    const after = Atomics.load(limit.schedule, 1) + limit.intervalUs;
    const now = nowUs();
    Atomics.store(limit.schedule, 0, after > now ? after : now);
  }
  Atomics.store(counter, 1, 1);
  Atomics.notify(counter, 1);
}

/** Whether the run was interrupted (stopTestRequests), in any thread. */
export function testRequestsStopped(): boolean {
  const counter = counterSlot[COUNTER];
  return counter !== undefined && counter.length >= 2 && Atomics.load(counter, 1) === 1;
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

/** The shared schedule of one run: the time of its next free slot, and of the last one used. */
export function newRateSchedule(): SharedArrayBuffer {
  return new SharedArrayBuffer(16);
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

/**
 * Marks the requests of a test's own client (lib/kit/cleanup/in-flight.ts): once the run is
 * interrupted they stop, even while they wait for their slot; the others (cleanups, provisioning)
 * go on.
 */
const testRequest = asyncPart<true>('test request');

/** Sends `send` as a request of a test: it stops when the run is interrupted. */
export function asTestRequest<T>(send: () => Promise<T>): Promise<T> {
  return testRequest.run(true, send);
}

/** Why a test's request was not sent: the run was interrupted (the collector: not run). */
export const STOPPED_BY_INTERRUPTION =
  'the run was interrupted: this test stops here, and its cleanup runs';

/**
 * Resolves when this request's slot comes; every request of a run passes here once. A test's
 * request rejects once the run is interrupted, even while it waits: the slots it held are given
 * to the requests that go on (the cleanups), which take theirs again (stopTestRequests).
 */
export async function awaitTurn(): Promise<void> {
  const stoppable = testRequest.get() === true;
  if (stoppable && testRequestsStopped()) throw new HarnessError(STOPPED_BY_INTERRUPTION);
  const limit = slot[SLOT];
  if (limit !== undefined) await slotOf(limit, stoppable);
  const counter = counterSlot[COUNTER];
  if (counter !== undefined) Atomics.add(counter, 0, 1);
}

async function slotOf(limit: Limit, stoppable: boolean): Promise<void> {
  const { schedule, intervalUs } = limit;
  for (;;) {
    const stoppedBefore = testRequestsStopped();
    const next = Atomics.load(schedule, 0);
    const now = nowUs();
    const at = next > now ? next : now;
    if (Atomics.compareExchange(schedule, 0, next, at + intervalUs) !== next) continue;
    const waitMs = Number(at - now) / 1000;
    if (waitMs > 0 && (await stoppedWhileWaiting(waitMs, stoppedBefore))) {
      if (stoppable) throw new HarnessError(STOPPED_BY_INTERRUPTION);
      continue; // a slot of the schedule given back (stopTestRequests)
    }
    // Never before the slot (a timer fires late, never early; Atomics' timeout is not bound so).
    const early = Number(at - nowUs()) / 1000;
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    sent(schedule, at);
    return;
  }
}

/** Atomics.waitAsync (Node 16 on; in TypeScript's lib from es2024, this project's is es2022). */
interface WithWaitAsync {
  waitAsync(
    array: Int32Array,
    index: number,
    value: number,
    timeoutMs: number,
  ):
    | { async: false; value: 'not-equal' | 'timed-out' }
    | { async: true; value: Promise<'ok' | 'timed-out'> };
}

/** Waits `ms`; true when the run was interrupted meanwhile (and was not before). */
async function stoppedWhileWaiting(ms: number, stoppedBefore: boolean): Promise<boolean> {
  const counter = counterSlot[COUNTER];
  if (stoppedBefore || counter === undefined || counter.length < 2) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return false;
  }
  const waited = (Atomics as unknown as WithWaitAsync).waitAsync(counter, 1, 0, ms);
  if (!waited.async) return waited.value === 'not-equal';
  // A wait of Atomics keeps no process alive: a run whose requests all wait would end (exit 13).
  const alive = setTimeout(() => undefined, ms + 100);
  try {
    return (await waited.value) !== 'timed-out';
  } finally {
    clearTimeout(alive);
  }
}

/** The latest slot a request went out in (schedule[1]): where a schedule given back starts. */
function sent(schedule: BigInt64Array, at: bigint): void {
  for (;;) {
    const last = Atomics.load(schedule, 1);
    if (last >= at || Atomics.compareExchange(schedule, 1, last, at) === last) return;
  }
}
