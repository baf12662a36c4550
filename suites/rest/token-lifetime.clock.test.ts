/**
 * §5.2.5, §7.2, §8: a token lasts 24 hours. Needs the test-control clock (design.md); moving it
 * expires every token and session, so this file runs alone after all the others (lib/runner/cli/run-suites.ts).
 */
import { describe, expect } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { tokenFor } from '../../lib/kit/rest/auth.ts';
import { get } from '../../lib/kit/rest/requests.ts';
import { LIMITS } from '../../spec/limits.ts';
import { CLOCK_PATH } from '../../spec/test-control.ts';

const LIFETIME_S = LIMITS.tokenLifetimeHours * 3600;

async function advance(ctx: ConformanceContext, seconds: number): Promise<void> {
  const answer = await ctx.http.send({
    method: 'POST',
    path: CLOCK_PATH,
    json: { advanceSeconds: seconds },
  });
  expect(answer.status, `POST ${CLOCK_PATH} {advanceSeconds: ${seconds}}`).toBe(204);
}

describe('token lifetime (§5.2.5)', () => {
  conformanceTest(
    [
      'rest.auth.token-lifetime',
      'rest.auth.token-expired-401',
      'rest.errors.401',
      'rest.auth.new-token-after-expiry',
    ],
    'a token must work at 24 h − 1 s, answer 401 at 24 h + 1 s, and a new token must then work',
    async (ctx) => {
      ctx.requireCapability('testControl');
      // Invalid credentials fail even here (§4.3 rule 2): the list tells a live token from a dead one.
      const path = '/api/projects';
      const token = await tokenFor(ctx, 'projectMember');
      await advance(ctx, LIFETIME_S - 1);
      expect((await get(ctx, path, token)).status, 'the token at 24 h − 1 s').toBe(200);
      await advance(ctx, 2);
      expect((await get(ctx, path, token)).status, 'the token at 24 h + 1 s').toBe(401);
      const fresh = await tokenFor(ctx, 'projectMember');
      expect((await get(ctx, path, fresh)).status, 'a new token after expiry').toBe(200);
    },
  );
});
