/**
 * The pieces of the planted faults that let credentials other than the exact ones authenticate
 * (rest.ts, soap.ts; spec/matrix/credentials.ts names the forms): a token or session key read in
 * another form, a token trusted for any user id, a success remembered for a while. The correct
 * server never uses them.
 */
import type { IncomingMessage } from 'node:http';
import type { ProjectAdminDeps } from '../domain/project-admin.ts';
import type { User, Users } from '../domain/users.ts';
import type { ServerState } from '../server-state.ts';
import { SOAP_OPERATIONS } from '../../spec/soap-operations.ts';
import type { OperationRewrites } from './declaration.ts';
import { overriding } from './rest-rewrites.ts';

/** How long a remembered success lets the wrong password in: a minute on the server clock. */
export const REMEMBERED_MS = 60_000;

/** The length of the reference server's tokens and session keys (32 hex digits). */
export const KEY_LENGTH = 32;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The token pair sent, trimmed as HTTP reads a header (RFC 9110 §5.5); undefined when not both. */
function tokenPair(req: IncomingMessage): { token: string; userId: string } | undefined {
  const token = header(req, 'x-auth-token')?.trim();
  const userId = header(req, 'x-auth-userid')?.trim();
  return token === undefined || userId === undefined ? undefined : { token, userId };
}

/**
 * A request hook: when the token sent is no valid token of the user id, the token `read` makes of
 * it, if that one is, is used instead (the faulty server compares tokens in that form).
 */
export function tokenReadAs(read: (token: string) => string) {
  return (state: ServerState, req: IncomingMessage): void => {
    const pair = tokenPair(req);
    if (!pair || state.tokens.verify(pair.userId, pair.token) !== undefined) return;
    const seen = read(pair.token);
    if (state.tokens.verify(pair.userId, seen) !== undefined) req.headers['x-auth-token'] = seen;
  };
}

/** Per server (its users), a token of each user that the faulty server stands in with. */
const standIns = new WeakMap<Users, Map<number, string>>();

/**
 * A request hook: a token valid for any user authenticates the call as the user the
 * X-Auth-UserId names (the faulty server checks that the token is one it gave, not whose it is).
 */
export function anyUserIdTrusted(state: ServerState, req: IncomingMessage): void {
  const pair = tokenPair(req);
  if (!pair || state.tokens.verify(pair.userId, pair.token) !== undefined) return;
  const isToken = state.users
    .all()
    .some((u) => state.tokens.verify(String(u.id), pair.token) !== undefined);
  const named = /^\d+$/.test(pair.userId) ? state.users.byIdOf(Number(pair.userId)) : undefined;
  if (!isToken || !named) return;
  const tokens = standIns.get(state.users) ?? new Map<number, string>();
  standIns.set(state.users, tokens);
  let standIn = tokens.get(named.id);
  if (standIn === undefined || state.tokens.verify(String(named.id), standIn) === undefined) {
    standIn = state.tokens.issue(named.id);
    tokens.set(named.id, standIn);
  }
  req.headers['x-auth-token'] = standIn;
}

/** Per server (its users), each username's last success: what was sent, and when. */
const basicSuccesses = new WeakMap<Users, Map<string, { authorization: string; at: number }>>();

/**
 * A request hook: a Basic header that names a username whose right password succeeded less than
 * REMEMBERED_MS ago is read as that success, whatever its password (a credential cache keyed by
 * the username alone).
 */
export function basicRemembered(state: ServerState, req: IncomingMessage): void {
  const authorization = header(req, 'authorization');
  const encoded =
    authorization === undefined ? undefined : /^\s*basic\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (authorization === undefined || encoded === undefined) return;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return;
  const username = decoded.slice(0, colon);
  const successes =
    basicSuccesses.get(state.users) ?? new Map<string, { authorization: string; at: number }>();
  basicSuccesses.set(state.users, successes);
  const now = state.clock.now();
  if (state.users.authenticate(username, decoded.slice(colon + 1))) {
    successes.set(username, { authorization, at: now });
    return;
  }
  const last = successes.get(username);
  if (last && now - last.at < REMEMBERED_MS) req.headers.authorization = last.authorization;
}

/** Per server (its users), each username's last successful login, when. */
const logins = new WeakMap<Users, Map<string, number>>();

/**
 * The users as POST /api/tokens sees them: a username that logged in with the right password less
 * than REMEMBERED_MS ago logs in again with any password.
 */
export function loginRemembered(state: ServerState): ServerState {
  const { users, clock } = state;
  const last = logins.get(users) ?? new Map<string, number>();
  logins.set(users, last);
  const authenticate = (username: string, password: string): User | undefined => {
    const user = users.authenticate(username, password);
    const now = clock.now();
    if (user) {
      last.set(username, now);
      return user;
    }
    const at = last.get(username);
    return at !== undefined && now - at < REMEMBERED_MS ? users.byUsername(username) : undefined;
  };
  return { ...state, users: overriding(users, { authenticate }) };
}

/**
 * Every operation with its session keys (the first part; addProject's second too) read in the
 * form `read` makes of them when the key sent is no live session and that form is one.
 */
export function sessionKeysReadAs(read: (key: string) => string): OperationRewrites {
  const keyOf = (deps: ProjectAdminDeps, key: unknown): unknown => {
    if (typeof key !== 'string' || deps.sessions.userOf(key) !== undefined) return key;
    const seen = read(key);
    return deps.sessions.userOf(seen) === undefined ? key : seen;
  };
  type Rewrite = (
    deps: ProjectAdminDeps,
    call: (...a: unknown[]) => unknown,
    ...a: unknown[]
  ) => unknown;
  const rewrite: Rewrite = (deps, call, first, ...rest) => call(keyOf(deps, first), ...rest);
  const addProject: Rewrite = (deps, call, first, second, ...rest) =>
    call(keyOf(deps, first), keyOf(deps, second), ...rest);
  return Object.fromEntries(
    SOAP_OPERATIONS.map((op) => [op.name, op.name === 'addProject' ? addProject : rewrite]),
  );
}

/**
 * A request hook: the password of a Basic header is trimmed before it is checked (the faulty
 * server cleans the input it decoded; HTTP strips the header's own whitespace, not the Base64's).
 */
export function basicPasswordTrimmed(_state: ServerState, req: IncomingMessage): void {
  const authorization = header(req, 'authorization');
  const encoded =
    authorization === undefined ? undefined : /^\s*basic\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (encoded === undefined) return;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return;
  const trimmed = `${decoded.slice(0, colon)}:${decoded.slice(colon + 1).trim()}`;
  req.headers.authorization = `Basic ${Buffer.from(trimmed).toString('base64')}`;
}

/** The users as POST /api/tokens sees them: the password is trimmed before it is checked. */
export function loginPasswordTrimmed(state: ServerState): ServerState {
  const { users } = state;
  const authenticate = (username: string, password: string): User | undefined =>
    users.authenticate(username, password.trim());
  return { ...state, users: overriding(users, { authenticate }) };
}
