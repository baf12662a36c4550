/**
 * Test control (docs/running-against-a-target.md): POST /__conformance/clock {"advanceSeconds": n}
 * → 204. A negative n sets the clock back (a run undoes its own advances when it ends), never
 * behind real time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock.ts';
import { readBody, send, sendJson } from '../http-io.ts';

export { CLOCK_PATH } from '../../spec/test-control.ts';

export async function advanceClock(
  clock: Clock,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, '', { Allow: 'POST' });
  let seconds: unknown;
  try {
    seconds = (JSON.parse((await readBody(req)).toString('utf8')) as { advanceSeconds?: unknown })
      .advanceSeconds;
  } catch {
    seconds = undefined;
  }
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    return sendJson(res, 400, { error: 'advanceSeconds must be a finite number' });
  }
  clock.advance(seconds);
  send(res, 204, '');
}
