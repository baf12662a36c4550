/**
 * Credentials that are not valid (§4.3 rule 2, §5.2.2, §7.2), each built from the profile's
 * accounts: an unknown token, a token sent with another user's id, a wrong Basic password.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import { basicFor, tokenFor, type Auth } from './auth.ts';

/**
 * A token of the same length and alphabet as a valid one that differs from it in each of its last
 * four characters (a token that already ends in 0000 must not be sent back unchanged).
 */
export function unknownToken(valid: string): string {
  const tail = [...valid.slice(-4)].map((c) => (c === '0' ? '1' : '0')).join('');
  return `${valid.slice(0, -4)}${tail}`;
}

export async function invalidCredentials(ctx: ConformanceContext): Promise<Auth[]> {
  const member = await tokenFor(ctx, 'projectMember');
  const other = await tokenFor(ctx, 'nonMember');
  const token = member.token!;
  return [
    {
      label: 'an unknown token',
      headers: { 'X-Auth-Token': unknownToken(token.token), 'X-Auth-UserId': token.userId },
    },
    {
      label: "a token sent with another user's id",
      headers: { ...member.headers, 'X-Auth-UserId': other.token!.userId },
    },
    basicFor(ctx, 'projectMember', `${ctx.target.accounts.projectMember.password}-wrong`),
  ].map((auth) => ({
    ...auth,
    label: auth.label.startsWith('Basic') ? 'a wrong Basic password' : auth.label,
  }));
}
