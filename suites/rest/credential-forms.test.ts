/**
 * §4.3 rule 2, §5.2.2, §7.2: nothing but the exact credentials of §5.2 authenticates. Each form of
 * the credential dimension (spec/matrix/credentials.ts) is sent on the public project, readable
 * anonymously, and on the private one, which the projectMember's valid credentials read: neither
 * may be a success. A wrong password is also sent right after a success with the right one, to
 * POST /api/tokens and with Basic: a server that remembers a success for a while is caught.
 */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { jsonObject } from '../../lib/kit/clients/json-object.ts';
import { memberOf } from '../../lib/kit/fixtures/membership.ts';
import { tokenFor } from '../../lib/kit/rest/auth.ts';
import { credentialForms } from '../../lib/kit/rest/invalid-credentials.ts';
import { get, is2xx } from '../../lib/kit/rest/requests.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import type { Privacy } from '../../spec/matrix/access.ts';
import {
  LOGIN_CREDENTIAL_FORMS,
  loginCredentialCellId,
  REQUEST_CREDENTIAL_FORMS,
  requestCredentialCellId,
  type LoginCredentialForm,
  type RequestCredentialForm,
} from '../../spec/matrix/credentials.ts';

/**
 * The rules a success breaks: on the private project it is also served to credentials that are
 * no member's (§5.2.1), as the access matrix judges its actor 'invalid-credentials'.
 */
const RULES: Record<Privacy, RequirementId[]> = {
  public: ['rest.auth.invalid-credentials-fail'],
  private: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
};

async function judgeForm(ctx: ConformanceContext, form: RequestCredentialForm, privacy: Privacy) {
  if (privacy === 'private') await memberOf(ctx, 'privateProject');
  const project = inject('fixtures')[privacy === 'public' ? 'publicProject' : 'privateProject'];
  const path = `/api/projects/${project.id}`;
  const forms = await credentialForms(ctx, [form]);
  if (forms.length === 0)
    ctx.skip("the projectMember's token has no letter: its case cannot be changed");
  for (const auth of forms) {
    if (auth.primer) {
      // The premise: the right password is a success there (§5.2.6); a failure blocks the cell.
      ctx.judging('rest.auth.basic');
      expect(
        (await get(ctx, path, auth.primer)).status,
        `GET ${path} with ${auth.primer.label}`,
      ).toBe(200);
    }
    const answer = await get(ctx, path, auth);
    ctx.judging(RULES[privacy]);
    ctx.expect
      .soft(
        is2xx(answer.status),
        `GET ${path} (the ${privacy} project) with ${auth.label}: status ${answer.status} must not be a success`,
      )
      .toBe(false);
    ctx.observe(`GET ${path} with ${auth.label} → ${answer.status}`);
  }
}

const LOGIN_LABELS: Record<LoginCredentialForm, string> = {
  'login-wrong-password-after-success': 'a wrong password right after a successful login',
  'login-password-surrounded-by-whitespace': 'the right password with a space before and after it',
};

/** POST /api/tokens for the projectMember with a password that is not theirs: no token. */
async function judgeLogin(ctx: ConformanceContext, form: LoginCredentialForm) {
  const { username, password } = ctx.target.accounts.projectMember;
  let sent = ` ${password} `;
  if (form === 'login-wrong-password-after-success') {
    // The premise: the right password gives a token (a refusal is rest.tokens.create's failure).
    await tokenFor(ctx, 'projectMember');
    sent = `${password}-wrong`;
  }
  ctx.transcript.secrets.add(sent);
  const answer = await ctx.http.send({
    method: 'POST',
    path: '/api/tokens',
    json: { username, password: sent },
  });
  const token = jsonObject(answer.text)?.['token'];
  const what = `POST /api/tokens for ${username} with ${LOGIN_LABELS[form]}`;
  ctx.expect
    .soft(is2xx(answer.status), `${what}: status ${answer.status} must not be a success`)
    .toBe(false);
  ctx.expect.soft(token === undefined, `${what}: the answer carries a token`).toBe(true);
  ctx.observe(`${what} → ${answer.status}`);
}

describe.concurrent('credentials in another form (§4.3 rule 2, §5.2, §7.2)', () => {
  for (const form of REQUEST_CREDENTIAL_FORMS)
    for (const privacy of ['public', 'private'] as const)
      conformanceTest(
        RULES[privacy],
        `GET of the ${privacy} project with ${form} must not be a success`,
        (ctx) => judgeForm(ctx, form, privacy),
        { cells: [requestCredentialCellId(form, privacy)] },
      );

  conformanceTest(
    ['rest.errors.invalid-credentials-status'],
    "the status of each form on the public project is observed (the real system 401; the spec says 'server error')",
    async (ctx) => {
      const path = `/api/projects/${inject('fixtures').publicProject.id}`;
      for (const auth of await credentialForms(ctx, REQUEST_CREDENTIAL_FORMS)) {
        if (auth.primer) await get(ctx, path, auth.primer);
        const { status } = await get(ctx, path, auth);
        ctx.expect
          .soft(
            status === 401 || status >= 500,
            `${auth.label}: status ${status} (expected 401 or 5xx)`,
          )
          .toBe(true);
      }
    },
  );

  for (const form of LOGIN_CREDENTIAL_FORMS)
    conformanceTest(
      ['rest.auth.invalid-credentials-fail'],
      `POST /api/tokens with ${LOGIN_LABELS[form]} must give no token`,
      (ctx) => judgeLogin(ctx, form),
      { cells: [loginCredentialCellId(form)] },
    );
});
