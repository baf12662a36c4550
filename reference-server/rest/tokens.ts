/**
 * §5.2.3: POST /api/tokens exchanges a username and password for a token (200, §4.3 and §2.2);
 * DELETE /api/tokens/<token> and DELETE /api/tokens revoke one or all of the caller's tokens (the
 * real system's routes; rest.routes.complete-list).
 */
import { readRequestBody, reply, type RestContext } from './context.ts';
import { requireUser } from './lookups.ts';
import { RestError } from './rest-error.ts';

export async function createToken(ctx: RestContext): Promise<void> {
  const { username, password } = credentialsOf(await readRequestBody(ctx));
  const user = ctx.state.users.authenticate(username, password);
  // Not shown in the spec; the real system answers 401 (docs/real-system.md).
  if (!user) throw new RestError(401, 'Invalid Password Or User Name');
  const token = ctx.state.tokens.issue(user.id);
  // §2.2: user_id is a string; uri has the form /api/tokens/<token>.
  reply(ctx, 200, { user_id: String(user.id), token, uri: `/api/tokens/${token}` });
}

export function deleteToken(ctx: RestContext): void {
  const user = requireUser(ctx);
  if (!ctx.state.tokens.revoke(user.id, ctx.params['token'] ?? ''))
    throw new RestError(400, 'invalid token: not a current token of the authenticated user');
  ctx.res.writeHead(204).end();
}

export function deleteAllTokens(ctx: RestContext): void {
  ctx.state.tokens.revokeAll(requireUser(ctx).id);
  ctx.res.writeHead(204).end();
}

function credentialsOf(value: unknown): { username: string; password: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RestError(400, 'the body must be a JSON object with username and password');
  const { username, password } = value as Record<string, unknown>;
  if (typeof username !== 'string' || typeof password !== 'string')
    throw new RestError(400, 'username and password must be strings');
  return { username, password };
}
