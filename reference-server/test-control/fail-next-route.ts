/**
 * docs/running-against-a-target.md, "Test control": POST /__conformance/fail-next {"operation",
 * "failure", "sessionKey"?}
 * → 204; the next call of that operation (made with that session key, when one is given) fails as
 * the named internal failure would, changing nothing. An unknown operation or failure → 400.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  FAIL_NEXT_FAILURES,
  type FailNextOperation,
  type FailNextRequest,
} from '../../spec/test-control.ts';
import type { ArmedFailures } from '../domain/armed-failures.ts';
import { readBody, send, sendJson } from '../http-io.ts';

export { FAIL_NEXT_PATH } from '../../spec/test-control.ts';

export async function armFailure(
  armed: ArmedFailures,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, '', { Allow: 'POST' });
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse((await readBody(req)).toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    /* refused below */
  }
  const request = validRequest(body);
  if (typeof request === 'string') return sendJson(res, 400, { error: request });
  armed.arm(request);
  send(res, 204, '');
}

function validRequest(body: Record<string, unknown>): FailNextRequest | string {
  const { operation, failure, sessionKey } = body;
  if (typeof operation !== 'string' || !Object.hasOwn(FAIL_NEXT_FAILURES, operation))
    return `operation must be one of ${Object.keys(FAIL_NEXT_FAILURES).join(', ')}`;
  const failures: readonly string[] = FAIL_NEXT_FAILURES[operation as FailNextOperation];
  if (typeof failure !== 'string' || !failures.includes(failure))
    return `failure of ${operation} must be one of ${failures.join(', ')}`;
  if (sessionKey !== undefined && typeof sessionKey !== 'string')
    return 'sessionKey, when given, must be a string';
  return {
    operation: operation as FailNextOperation,
    failure: failure as FailNextRequest['failure'],
    ...(sessionKey === undefined ? {} : { sessionKey }),
  };
}
