/**
 * §5.2.5, §7.2, §8: a token lasts 24 hours. Needs the test-control clock (design.md); moving it
 * expires every token and session, so this file runs alone after all the others (lib/runner/cli/run-suites.ts).
 */
import { describe, expect } from 'vitest';
import { ConformanceFailure } from '../../lib/kit/conformance-failure.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { tokenFor } from '../../lib/kit/rest/auth.ts';
import { get } from '../../lib/kit/rest/requests.ts';
import { LIMITS } from '../../spec/limits.ts';
import { CLOCK_PATH } from '../../spec/test-control.ts';

const LIFETIME_S = LIMITS.tokenLifetimeHours * 3600;
/**
 * How far from 24 h the token is read. The server's clock also runs in real time: a throttled
 * request waits (Retry-After) and a loaded machine is slow, so a 1 s margin read a live token as
 * dead. A minute keeps a server whose tokens last an hour less (the planted fault) well apart.
 */
const MARGIN_S = 60;

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
    'a token must work at 24 h − 1 min, answer 401 at 24 h + 1 min, and a new token must then work',
    async (ctx) => {
      ctx.requireCapability('testControl');
      // Invalid credentials fail even here (§4.3 rule 2): the list tells a live token from a dead one.
      const path = '/api/projects';
      const asked = Date.now();
      const token = await tokenFor(ctx, 'projectMember');
      const passed = Math.ceil((Date.now() - asked) / 1000);
      await advance(ctx, LIFETIME_S - MARGIN_S - passed);
      ctx.judging('rest.auth.token-lifetime');
      expect((await get(ctx, path, token)).status, 'the token at 24 h − 1 min').toBe(200);
      await advance(ctx, 2 * MARGIN_S);
      // One observable, stated twice: §5.2.5 (calls with it return 401) and §7.2's 401 row.
      const expired = (await get(ctx, path, token)).status;
      if (expired !== 401)
        throw new ConformanceFailure(
          `GET ${path} with a token obtained over 24 h + 1 min ago answered ${expired}: an expired token must answer 401 (§5.2.5, §7.2)`,
          '401',
          String(expired),
          ['rest.auth.token-expired-401', 'rest.errors.401'],
        );
      ctx.judging('rest.auth.new-token-after-expiry');
      const fresh = await tokenFor(ctx, 'projectMember');
      expect((await get(ctx, path, fresh)).status, 'a new token after expiry').toBe(200);
    },
  );
});
