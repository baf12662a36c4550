/**
 * Credentials that are not valid (§4.3 rule 2, §5.2.2, §7.2), each a form of the credential
 * dimension (spec/matrix/credentials.ts) built from the profile's accounts: an unknown token, the
 * user's token in another form or beside another user's id, another user's token beside the
 * user's id, a wrong Basic password (also right after a success with the right one).
 */
import type { ConformanceContext } from '../conformance-test.ts';
import {
  ACCESS_MATRIX_FORMS,
  type RequestCredentialForm,
} from '../../../spec/matrix/credentials.ts';
import { caseChanged, prefixed, suffixed } from '../credential-text.ts';
import { basicFor, tokenFor, type Auth } from './auth.ts';

/** Credentials of one form; `primer`, when set, must succeed right before they are sent. */
export interface CredentialForm extends Auth {
  form: RequestCredentialForm;
  /** The valid credentials the form is judged right after (a request with them succeeds first). */
  primer?: Auth;
}

/**
 * A token of the same length and alphabet as a valid one that differs from it in each of its last
 * four characters (a token that already ends in 0000 must not be sent back unchanged).
 */
export function unknownToken(valid: string): string {
  const tail = [...valid.slice(-4)].map((c) => (c === '0' ? '1' : '0')).join('');
  return `${valid.slice(0, -4)}${tail}`;
}

const LABELS: Record<RequestCredentialForm, string> = {
  'token-unknown': 'an unknown token',
  'token-case': "the user's token with the case of its letters changed",
  'token-prefixed': "the user's token with a character before it",
  'token-suffixed': "the user's token with a character after it",
  'token-with-other-user-id': "a token sent with another user's id",
  'other-user-token-with-own-id': "another user's token sent with the user's own id",
  'basic-wrong-password': 'a wrong Basic password',
  'basic-wrong-password-after-success':
    'a wrong Basic password right after a success with the right one',
  'basic-password-surrounded-by-whitespace':
    'the right Basic password with a space before and after it',
};

/** A value fetched once, on first use. */
function once<T>(fetch: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= fetch());
}

/**
 * The projectMember's credentials in each of `forms` (the other user is the nonMember), in order;
 * none for a form that cannot be built from them (a token without a letter has no other case).
 * Each account logs in once, whatever the forms.
 */
export async function credentialForms(
  ctx: ConformanceContext,
  forms: readonly RequestCredentialForm[],
): Promise<CredentialForm[]> {
  const memberToken = once(async () => (await tokenFor(ctx, 'projectMember')).token!);
  const otherToken = once(async () => (await tokenFor(ctx, 'nonMember')).token!);
  const all: CredentialForm[] = [];
  for (const form of forms) {
    const label = LABELS[form];
    const made = (headers: Record<string, string>, primer?: Auth) =>
      all.push({ form, label, headers, ...(primer ? { primer } : {}) });
    if (form === 'basic-password-surrounded-by-whitespace') {
      const { password } = ctx.target.accounts.projectMember;
      made(basicFor(ctx, 'projectMember', ` ${password} `).headers);
      continue;
    }
    if (form === 'basic-wrong-password' || form === 'basic-wrong-password-after-success') {
      const { password } = ctx.target.accounts.projectMember;
      const wrong = basicFor(ctx, 'projectMember', `${password}-wrong`);
      made(
        wrong.headers,
        form === 'basic-wrong-password' ? undefined : basicFor(ctx, 'projectMember'),
      );
      continue;
    }
    const member = await memberToken();
    const withToken = async (token: string, userId?: Promise<string>) =>
      made({ 'X-Auth-Token': token, 'X-Auth-UserId': (await userId) ?? member.userId });
    switch (form) {
      case 'token-unknown':
        await withToken(unknownToken(member.token));
        break;
      case 'token-case': {
        const other = caseChanged(member.token);
        if (other !== undefined) await withToken(other);
        break;
      }
      case 'token-prefixed':
        await withToken(prefixed(member.token));
        break;
      case 'token-suffixed':
        await withToken(suffixed(member.token));
        break;
      case 'token-with-other-user-id':
        await withToken(
          member.token,
          otherToken().then((t) => t.userId),
        );
        break;
      case 'other-user-token-with-own-id':
        await withToken((await otherToken()).token);
        break;
    }
  }
  return all;
}

/** The invalid credentials the access matrix sends on every route (spec/matrix/credentials.ts). */
export function invalidCredentials(ctx: ConformanceContext): Promise<CredentialForm[]> {
  return credentialForms(ctx, ACCESS_MATRIX_FORMS);
}
