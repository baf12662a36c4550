/** design.md, test control: POST /__conformance/clock {"advanceSeconds": n} → 204. */
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
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    return sendJson(res, 400, { error: 'advanceSeconds must be a finite number ≥ 0' });
  }
  clock.advance(seconds);
  send(res, 204, '');
}
