/**
 * Moves the target's clock (test control: docs/running-against-a-target.md, "Test control"),
 * recorded in the transcript. Every advance that took effect (noteClockMove) is added to the run's count, over
 * every thread that is handed it (RunSettings.clockMoved), so that the run sets the clock back by
 * as much when it ends (restoreClock): the target is left as found.
 */
import { HarnessError } from '../clients/harness-error.ts';
import { CLOCK_PATH } from '../../../spec/test-control.ts';

/**
 * What a clock move is sent with: the run's HTTP client (lib/kit/clients/http.ts), named by what
 * it does here only, as that client imports this file (noteClockMove).
 */
interface ClockRequests {
  send(req: { method: 'POST'; path: string; json: unknown }): Promise<{ status: number }>;
}

/** An hour and a second: the addProject quota window (§8) starts afresh. */
export const NEW_HOUR_SECONDS = 3601;

const MOVED = Symbol.for('soap-rest-conformance.clock-moved');
const movedSlot = globalThis as { [MOVED]?: Int32Array | undefined };

/** The run's count of seconds the clock was moved, shared by the threads it is handed to. */
export function newClockMoves(): SharedArrayBuffer {
  return new SharedArrayBuffer(4);
}

/** Adds this thread's advances to the run's count (undefined: not counted). */
export function countClockMoves(shared: SharedArrayBuffer | undefined): void {
  movedSlot[MOVED] = shared === undefined ? undefined : new Int32Array(shared);
}

/** The seconds this run moved the target's clock forward, every thread's. */
export function clockMoved(): number {
  const counter = movedSlot[MOVED];
  return counter === undefined ? 0 : Atomics.load(counter, 0);
}

export async function advanceClock(http: ClockRequests, seconds: number): Promise<void> {
  const answer = await http.send({
    method: 'POST',
    path: CLOCK_PATH,
    json: { advanceSeconds: seconds },
  });
  if (answer.status !== 204)
    throw new HarnessError(`test control: POST ${CLOCK_PATH} answered ${answer.status}, not 204`);
}

/**
 * Counts an advance the target took (any request of the run's HTTP client, lib/kit/clients/http.ts:
 * the suites that judge the clock send their own).
 */
export function noteClockMove(method: string, url: string, body: string, status: number): void {
  const counter = movedSlot[MOVED];
  if (counter === undefined || method !== 'POST' || status !== 204) return;
  if (!new URL(url).pathname.endsWith(CLOCK_PATH)) return;
  let seconds: unknown;
  try {
    seconds = (JSON.parse(body) as { advanceSeconds?: unknown } | null)?.advanceSeconds;
  } catch {
    return;
  }
  if (typeof seconds === 'number' && Number.isFinite(seconds))
    Atomics.add(counter, 0, Math.round(seconds));
}

/**
 * Sets the clock back by what the run moved it: `{"advanceSeconds": -n}`. Returns undefined when
 * done (or nothing was moved), else why not.
 */
export async function restoreClock(http: ClockRequests): Promise<string | undefined> {
  const moved = clockMoved();
  if (moved === 0) return undefined;
  try {
    const answer = await http.send({
      method: 'POST',
      path: CLOCK_PATH,
      json: { advanceSeconds: -moved },
    });
    if (answer.status !== 204)
      return `POST ${CLOCK_PATH} {"advanceSeconds": ${-moved}} answered ${answer.status}, not 204`;
  } catch (error) {
    return `POST ${CLOCK_PATH} {"advanceSeconds": ${-moved}}: ${(error as Error).message}`;
  }
  // The count is now 0: the set-back was counted as any advance.
  return undefined;
}
