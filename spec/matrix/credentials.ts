/**
 * §4.3 rule 2, §5.2, §7.2 (REST) and §5.1, §7.1 (SOAP): nothing but the exact credentials the spec
 * names authenticates. Each form of credentials that is not exactly them is one cell: a valid
 * token, password or session key sent in another form, or beside what is not its own.
 *
 * What stays the same credential is not a form: HTTP strips the whitespace around a header's value
 * (RFC 9110 §5.5), so " token " in X-Auth-Token IS the token. Inside a SOAP element the whitespace
 * is part of the xsd:string value (§2.1: session keys are strings), so " key " is another key.
 */
import { cellId, type MatrixCell } from './types.ts';
import type { Privacy } from './access.ts';

/**
 * Credentials sent with a request (§5.2.4 token headers, §5.2.6 Basic), each built from the
 * projectMember's valid ones:
 * - token-unknown: a token of the same length and alphabet that no user was given;
 * - token-case: the user's token with the case of its letters changed;
 * - token-prefixed / token-suffixed: the user's token with a character before / after it;
 * - token-with-other-user-id: the user's token with another user's id;
 * - other-user-token-with-own-id: another user's token with the user's own id;
 * - basic-wrong-password: the right username with a wrong password;
 * - basic-wrong-password-after-success: the same, right after a request that succeeded with the
 *   right password (a server that remembers a success for a while must still refuse it);
 * - basic-password-surrounded-by-whitespace: the right password with a space before and after it,
 *   inside the Base64 of the header, which HTTP does not strip.
 */
export const REQUEST_CREDENTIAL_FORMS = [
  'token-unknown',
  'token-case',
  'token-prefixed',
  'token-suffixed',
  'token-with-other-user-id',
  'other-user-token-with-own-id',
  'basic-wrong-password',
  'basic-wrong-password-after-success',
  'basic-password-surrounded-by-whitespace',
] as const;

export type RequestCredentialForm = (typeof REQUEST_CREDENTIAL_FORMS)[number];

/**
 * The forms the access matrix's actor 'invalid-credentials' sends on every route (spec/matrix/
 * access.ts): one of each kind (a token, a user id, a password); the others are judged here, on a
 * project of each privacy.
 */
export const ACCESS_MATRIX_FORMS: readonly RequestCredentialForm[] = [
  'token-unknown',
  'token-with-other-user-id',
  'basic-wrong-password',
];

/**
 * POST /api/tokens (§5.2.3) with the right username and a password that is not the right one: a
 * wrong one right after the same username logged in with the right one, or the right one with a
 * space before and after it inside the JSON string. No token (§5.2.2, §7.2).
 */
export const LOGIN_CREDENTIAL_FORMS = [
  'login-wrong-password-after-success',
  'login-password-surrounded-by-whitespace',
] as const;

export type LoginCredentialForm = (typeof LOGIN_CREDENTIAL_FORMS)[number];

/**
 * A SOAP session key (§5.1.1) in another form, built from the project admin's valid key: its
 * letters' case changed, a character before it, a character after it, whitespace around it inside
 * the element. The call must fail with a fault (§5.1.2; 3001 'Invalid session', §7.1) and change
 * nothing.
 */
export const SESSION_KEY_FORMS = [
  'key-case',
  'key-prefixed',
  'key-suffixed',
  'key-surrounded-by-whitespace',
] as const;

export type SessionKeyForm = (typeof SESSION_KEY_FORMS)[number];

export type CredentialCell = MatrixCell & { dimension: 'credential' } & (
    | { interface: 'rest'; form: RequestCredentialForm; privacy: Privacy }
    | { interface: 'rest'; form: LoginCredentialForm }
    | { interface: 'soap'; form: SessionKeyForm }
  );

const REQUEST_EXPECTED: Record<Privacy, string> = {
  public:
    'not a success (the status is observed) on the public project, which is readable anonymously',
  private:
    "not a success (the status is observed) on the private project, which the user's valid credentials read",
};

export function requestCredentialCellId(form: RequestCredentialForm, privacy: Privacy): string {
  return cellId('credential', 'rest', form, privacy);
}

export function loginCredentialCellId(form: LoginCredentialForm): string {
  return cellId('credential', 'rest', form);
}

export function sessionKeyCellId(form: SessionKeyForm): string {
  return cellId('credential', 'soap', form);
}

export const CREDENTIAL_CELLS: readonly CredentialCell[] = [
  ...REQUEST_CREDENTIAL_FORMS.flatMap((form) =>
    (['public', 'private'] as const).map((privacy): CredentialCell => ({
      id: requestCredentialCellId(form, privacy),
      dimension: 'credential',
      sections: ['§4.3 rule 2', '§5.2.2', privacy === 'private' ? '§5.2.1' : '§5.2', '§7.2'],
      expected: REQUEST_EXPECTED[privacy],
      interface: 'rest',
      form,
      privacy,
    })),
  ),
  ...LOGIN_CREDENTIAL_FORMS.map((form): CredentialCell => ({
    id: loginCredentialCellId(form),
    dimension: 'credential',
    sections: ['§5.2.2', '§5.2.3', '§7.2'],
    expected: 'POST /api/tokens gives no token (not a success, status observed)',
    interface: 'rest',
    form,
  })),
  ...SESSION_KEY_FORMS.map((form): CredentialCell => ({
    id: sessionKeyCellId(form),
    dimension: 'credential',
    sections: ['§2.1', '§5.1', '§7.1'],
    expected: 'the call on the project is refused with a fault (3001 observed) and changes nothing',
    interface: 'soap',
    form,
  })),
];
