/** §5.2.3: POST /api/tokens exchanges a username and password for a token. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DomainState } from '../domain/state.ts';
import { readBody, sendJson, sendRestError } from '../http-io.ts';

export async function createToken(
  state: DomainState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const credentials = parseCredentials(await readBody(req));
  if (typeof credentials === 'string')
    return sendRestError(res, 400, `Bad Request: ${credentials}`);
  const user = state.users.authenticate(credentials.username, credentials.password);
  // Not shown in the spec; the real system answers 401 (tuleap-facts B.1).
  if (!user) return sendRestError(res, 401, 'Unauthorized: Invalid Password Or User Name');
  const token = state.tokens.issue(user.id);
  // §2.2: user_id is a string; uri has the form /api/tokens/<token>. Status 200 as §4.3 states.
  sendJson(res, 200, { user_id: String(user.id), token, uri: `/api/tokens/${token}` });
}

function parseCredentials(body: Buffer): { username: string; password: string } | string {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return 'body is not valid JSON';
  }
  if (typeof value !== 'object' || value === null) return 'body must be a JSON object';
  const { username, password } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string') {
    return 'username and password must be strings';
  }
  return { username, password };
}
