/** §5.2.3, §2.2, §4.3: POST /api/tokens exchanges a username and password for a token. */
import { describe, expect } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { asSpelt } from '../../lib/kit/url-equivalence.ts';
import { jsonObject } from '../../lib/kit/clients/json-object.ts';
import { is2xx } from '../../lib/kit/rest/requests.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';

async function createToken(ctx: ConformanceContext) {
  const { username, password } = ctx.target.accounts.projectMember;
  return ctx.http.send({ method: 'POST', path: '/api/tokens', json: { username, password } });
}

/**
 * The token response's body, once POST /api/tokens answered 200: a failure of that status is the
 * route's (rest.tokens.create), which blocks the check of the body's own rule.
 */
async function tokenBody<T>(ctx: ConformanceContext, own: RequirementId): Promise<T> {
  ctx.judging('rest.tokens.create');
  const answer = await createToken(ctx);
  expect(answer.status, 'status of POST /api/tokens').toBe(200);
  ctx.judging(own);
  return answer.json<T>();
}

describe.concurrent('POST /api/tokens', () => {
  conformanceTest(
    ['rest.tokens.create'],
    'POST /api/tokens with valid credentials must answer 200 with a JSON body',
    async (ctx) => {
      const answer = await createToken(ctx);
      expect(answer.status, 'status of POST /api/tokens').toBe(200);
      expect(answer.json(), 'body of POST /api/tokens').toBeTypeOf('object');
    },
  );

  conformanceTest(
    ['rest.tokens.fields'],
    'the token response must have user_id, token and uri, all strings',
    async (ctx) => {
      const body = await tokenBody<Record<string, unknown>>(ctx, 'rest.tokens.fields');
      ctx.expect.soft(typeof body['user_id'], 'type of user_id (§2.2: string)').toBe('string');
      ctx.expect.soft(typeof body['token'], 'type of token').toBe('string');
      ctx.expect.soft(typeof body['uri'], 'type of uri').toBe('string');
      ctx.expect.soft(body['token'], 'token must not be empty').not.toBe('');
    },
  );

  conformanceTest(
    ['rest.tokens.uri-form'],
    'the token response uri must have the form /api/tokens/<token>',
    async (ctx) => {
      const body = await tokenBody<{ token: string; uri: string }>(ctx, 'rest.tokens.uri-form');
      // §2.2 gives the form of a route, a reference: compared as one (RFC 3986 §6.2.2), never as
      // the absolute URL it resolves to, which tokens/<token> resolves to as well under /api/.
      const route = `/api/tokens/${body.token}`;
      expect(asSpelt(body.uri, route), 'uri of the token (compared as a URI reference)').toBe(
        route,
      );
    },
  );

  conformanceTest(
    ['rest.auth.invalid-credentials-fail', 'rest.tokens.bad-credentials'],
    'POST /api/tokens with a wrong password must give no token (its status is observed)',
    async (ctx) => {
      const { username } = ctx.target.accounts.projectMember;
      const answer = await ctx.http.send({
        method: 'POST',
        path: '/api/tokens',
        json: { username, password: 'not-the-password' },
      });
      // §4.3 rule 2, §5.2.2, §7.2: a request with invalid credentials fails: no success, no token.
      ctx.judging('rest.auth.invalid-credentials-fail');
      expect(is2xx(answer.status), `status ${answer.status} must not be a success`).toBe(false);
      expect(jsonObject(answer.text)?.['token'], 'token of the answer').toBeUndefined();
      // Which error status: open (the real system: 401; the spec says 'server error').
      ctx.judging('rest.tokens.bad-credentials');
      ctx.observe(`POST /api/tokens with a wrong password → ${answer.status}`);
      expect(
        answer.status === 401 || answer.status >= 500,
        `status ${answer.status} (expected 401 or 5xx)`,
      ).toBe(true);
    },
  );
});
