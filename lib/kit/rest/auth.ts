/**
 * How a suite authenticates to the REST side (§5.2): anonymous, a token obtained for one of the
 * profile's accounts (X-Auth-Token + X-Auth-UserId, §5.2.4), or HTTP Basic (§5.2.6). Tokens and
 * passwords are registered as secrets of the test's transcript, so they never reach a report.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import type { Role } from '../../target/profile.ts';
import { BrokenFeature, excerpt, requireSuccess } from './broken.ts';
import { jsonObject } from '../clients/json-object.ts';
import type { Auth } from './auth-type.ts';

export type { Auth } from './auth-type.ts';

export const ANONYMOUS: Auth = { label: 'anonymous', headers: {} };

export async function tokenFor(ctx: ConformanceContext, role: Role): Promise<Auth> {
  const { username, password } = ctx.target.accounts[role];
  const answer = await ctx.http.send({
    method: 'POST',
    path: '/api/tokens',
    json: { username, password },
  });
  // The profile's accounts are checked before the run: a refusal here is the route's fault.
  const asked = { what: `POST /api/tokens for the ${role}`, rule: 'rest.tokens.create' };
  requireSuccess(answer, asked);
  const body = jsonObject(answer.text);
  const token = body?.['token'];
  const userId = body?.['user_id'];
  if (typeof token !== 'string' || (typeof userId !== 'string' && typeof userId !== 'number'))
    throw new BrokenFeature(
      `POST /api/tokens for the ${role} answered ${answer.status} without a token and user_id (§2.2; rest.tokens.fields): ${excerpt(answer)}`,
      'rest.tokens.fields',
    );
  ctx.transcript.secrets.add(token);
  return {
    label: `token of ${role}`,
    headers: { 'X-Auth-Token': token, 'X-Auth-UserId': String(userId) },
    token: { userId: String(userId), token },
  };
}

export function basicFor(ctx: ConformanceContext, role: Role, password?: string): Auth {
  const account = ctx.target.accounts[role];
  const secret = password ?? account.password;
  const encoded = Buffer.from(`${account.username}:${secret}`).toString('base64');
  ctx.transcript.secrets.add(encoded);
  return { label: `Basic of ${role}`, headers: { Authorization: `Basic ${encoded}` } };
}
