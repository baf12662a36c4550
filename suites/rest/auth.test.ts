/** §5.2, §4.3 rule 2, §7.2: anonymous and authenticated access, 401, token and Basic, bad credentials. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest } from '../../lib/kit/conformance-test.ts';
import { memberOf } from '../../lib/kit/fixtures/membership.ts';
import { creationJson } from '../../lib/kit/rest/artifact-values.ts';
import { postArtifact } from '../../lib/kit/rest/artifacts.ts';
import { discoverTracker } from '../../lib/kit/rest/tracker-model.ts';
import { ANONYMOUS, basicFor, tokenFor } from '../../lib/kit/rest/auth.ts';
import { invalidCredentials } from '../../lib/kit/rest/invalid-credentials.ts';
import { get, is2xx } from '../../lib/kit/rest/requests.ts';

const privatePath = () => `/api/projects/${inject('fixtures').privateProject.id}`;
const publicPath = () => `/api/projects/${inject('fixtures').publicProject.id}`;

describe.concurrent('REST authentication (§5.2)', () => {
  conformanceTest(
    ['rest.auth.anonymous', 'rest.discovery.anonymous-and-authenticated'],
    'the API must answer anonymously and with a token (GET /api/projects)',
    async (ctx) => {
      // One sentence of §5.2.1, two ids: the anonymous half judges both.
      ctx.judging(['rest.auth.anonymous', 'rest.discovery.anonymous-and-authenticated']);
      const anonymous = await get(ctx, '/api/projects', ANONYMOUS);
      const publicProject = is2xx(anonymous.status)
        ? anonymous
        : await get(ctx, publicPath(), ANONYMOUS);
      expect(
        publicProject.status,
        'GET /api/projects (or the public project) without credentials',
      ).toBe(200);
      ctx.judging('rest.discovery.anonymous-and-authenticated');
      const withToken = await get(ctx, '/api/projects', await tokenFor(ctx, 'projectMember'));
      expect(withToken.status, 'GET /api/projects with a token').toBe(200);
    },
  );

  conformanceTest(
    ['rest.auth.missing-401', 'rest.errors.401'],
    'a resource that needs authentication must answer 401 without credentials',
    async (ctx) => {
      // §5.2.1's 401 and §7.2's 401 row: one observable, two ids.
      ctx.judging(['rest.auth.missing-401', 'rest.errors.401']);
      await memberOf(ctx, 'privateProject');
      const project = await get(ctx, privatePath(), ANONYMOUS);
      ctx.expect.soft(project.status, 'GET of a private project without credentials').toBe(401);
      // A valid creation body in the private project's tracker: only the credentials are missing.
      const member = await tokenFor(ctx, 'projectMember');
      const tracker = await discoverTracker(ctx, member, inject('fixtures').privateProject.id);
      const values = new Map([[tracker.stringField.id, 'must not be created']]);
      const create = await postArtifact(ctx, ANONYMOUS, {
        json: creationJson(tracker.id, values),
      });
      ctx.expect
        .soft(create.status, `POST /artifacts in tracker ${tracker.id} without credentials`)
        .toBe(401);
    },
  );

  conformanceTest(
    ['rest.auth.token-headers'],
    'X-Auth-Token with X-Auth-UserId must authenticate the call (a private project becomes readable)',
    async (ctx) => {
      await memberOf(ctx, 'privateProject');
      // The premise: without credentials the private project is not readable (§5.2.1).
      ctx.judging('rest.auth.missing-401');
      expect((await get(ctx, privatePath(), ANONYMOUS)).status, 'without credentials').not.toBe(
        200,
      );
      ctx.judging('rest.auth.token-headers');
      const answer = await get(ctx, privatePath(), await tokenFor(ctx, 'projectMember'));
      expect(answer.status, "with the project member's token").toBe(200);
    },
  );

  conformanceTest(
    ['rest.auth.basic'],
    'HTTP Basic with username and password must authenticate the call',
    async (ctx) => {
      await memberOf(ctx, 'privateProject');
      const answer = await get(ctx, privatePath(), basicFor(ctx, 'projectMember'));
      expect(answer.status, 'GET of the private project with Basic credentials of a member').toBe(
        200,
      );
    },
  );

  conformanceTest(
    ['rest.auth.invalid-credentials-fail'],
    'invalid credentials must fail even on a resource readable anonymously',
    async (ctx) => {
      // The premise: the public project is readable anonymously (§5.2.1).
      ctx.judging('rest.auth.anonymous');
      expect(
        (await get(ctx, publicPath(), ANONYMOUS)).status,
        'the public project is readable anonymously',
      ).toBe(200);
      ctx.judging('rest.auth.invalid-credentials-fail');
      for (const auth of await invalidCredentials(ctx)) {
        const answer = await get(ctx, publicPath(), auth);
        ctx.expect
          .soft(
            is2xx(answer.status),
            `${auth.label}: status ${answer.status} must not be a success`,
          )
          .toBe(false);
      }
    },
  );

  conformanceTest(
    ['rest.errors.invalid-credentials-status'],
    "invalid credentials: the status is observed (the real system 401; the spec says 'server error')",
    async (ctx) => {
      for (const auth of await invalidCredentials(ctx)) {
        const { status } = await get(ctx, publicPath(), auth);
        ctx.expect
          .soft(
            status === 401 || status >= 500,
            `${auth.label}: status ${status} (expected 401 or 5xx)`,
          )
          .toBe(true);
      }
    },
  );
});
