/**
 * Who is calling (§5.2): a token (X-Auth-Token with X-Auth-UserId, §5.2.4), HTTP Basic (§5.2.6), or
 * nobody. Credentials that are sent but invalid are refused with 401 whatever the resource, even
 * one readable anonymously (§4.3 rule 2, §7.2; the real system answers 401, docs/real-system.md).
 */
import type { IncomingMessage } from 'node:http';
import type { ServerState } from '../server-state.ts';
import type { User } from '../domain/users.ts';
import { RestError } from './rest-error.ts';

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="Restricted API"' };

export function authenticate(state: ServerState, req: IncomingMessage): User | undefined {
  let user: User | undefined;
  // Read before verify, which forgets an expired token.
  const expired = state.tokens.expired(header(req, 'x-auth-token')?.trim() ?? '');
  try {
    user = tokenUser(state, req) ?? basicUser(state, req);
  } catch (error) {
    throw asServerError(state, error, expired);
  }
  if (user?.status === 'suspended') throw new RestError(403, 'the account is suspended');
  return user;
}

/**
 * Variant invalid-credentials-500: §5.2.2's 'server error' for invalid credentials, taken
 * literally; an expired token keeps its 401 (§5.2.5).
 */
function asServerError(state: ServerState, error: unknown, expiredToken: boolean): unknown {
  if (!(error instanceof RestError) || error.status !== 401 || expiredToken) return error;
  if (!state.variants.on('invalid-credentials-500')) return error;
  return new RestError(500, 'invalid credentials');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function tokenUser(state: ServerState, req: IncomingMessage): User | undefined {
  const token = header(req, 'x-auth-token');
  const userId = header(req, 'x-auth-userid');
  if (token === undefined && userId === undefined) return undefined;
  // The real system treats a lone header as anonymous; a clear refusal serves clients better.
  if (token === undefined || userId === undefined)
    throw new RestError(401, 'X-Auth-Token and X-Auth-UserId must be sent together');
  const id = state.tokens.verify(userId.trim(), token.trim());
  const user = id === undefined ? undefined : state.users.byIdOf(id);
  if (!user)
    throw new RestError(401, 'Invalid Token (unknown, expired, or not the token of this user id)');
  return user;
}

function basicUser(state: ServerState, req: IncomingMessage): User | undefined {
  const authorization = header(req, 'authorization');
  if (authorization === undefined) return undefined;
  const [scheme = '', encoded = ''] = authorization.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() !== 'basic')
    throw new RestError(
      401,
      `unsupported authorization scheme ${scheme}; use Basic or a token`,
      BASIC_CHALLENGE,
    );
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user =
    colon < 0
      ? undefined
      : state.users.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1));
  if (!user) throw new RestError(401, 'Basic Authentication Required', BASIC_CHALLENGE);
  return user;
}
