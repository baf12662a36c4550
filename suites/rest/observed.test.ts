/** What §4.3, §7.2, §8 and §9 leave open, observed and compared with the reference decisions (INFO). */
import { describe, expect, inject } from 'vitest';
import { conformanceTest } from '../../lib/kit/conformance-test.ts';
import { getArtifact, postArtifact } from '../../lib/kit/rest/artifacts.ts';
import { ANONYMOUS, tokenFor } from '../../lib/kit/rest/auth.ts';
import { get, jsonOf } from '../../lib/kit/rest/requests.ts';
import { schemaProblems } from '../../lib/kit/rest/schemas.ts';

describe.concurrent('left open by the spec (INFO)', () => {
  conformanceTest(
    ['rest.errors.payload-shape'],
    'the shape of REST error bodies is observed (reference: {"error":{"code","message"}}, schemas/rest/error.schema.json)',
    async (ctx) => {
      const auth = await tokenFor(ctx, 'projectMember');
      const errors = [
        await get(ctx, `/api/projects/${inject('fixtures').privateProject.id}`, ANONYMOUS),
        await getArtifact(ctx, auth, 2147483647),
        await postArtifact(ctx, auth, { json: { tracker: 'none' } }),
      ];
      for (const answer of errors) {
        ctx.observe(`${answer.status}: ${answer.text.slice(0, 160)}`);
        ctx.expect
          .soft(schemaProblems('error', jsonOf(answer)), `error body of a ${answer.status}`)
          .toEqual([]);
        ctx.expect
          .soft(
            (jsonOf(answer) as { error?: { code?: unknown } })?.error?.code,
            'code is the status',
          )
          .toBe(answer.status);
      }
    },
  );

  conformanceTest(
    ['rest.limits.rate-and-payload'],
    'payload size limits are observed (reference: a body over 1 MiB → 413)',
    async (ctx) => {
      const auth = await tokenFor(ctx, 'projectMember');
      const huge = {
        tracker: { id: 0 },
        values: [{ field_id: 0, value: 'x'.repeat(2 * 1024 * 1024) }],
      };
      const answer = await postArtifact(ctx, auth, { json: huge });
      ctx.observe(`a 2 MiB artifact body → ${answer.status}`);
      expect(answer.status).toBe(413);
    },
  );

  conformanceTest(
    ['rest.versioning.api-version'],
    'REST version identifiers are observed (reference: none)',
    async (ctx) => {
      const answer = await get(ctx, '/api/projects', ANONYMOUS);
      const versionHeaders = Object.keys(answer.headers).filter((h) => /version/i.test(h));
      ctx.observe(`version headers: ${versionHeaders.join(', ') || 'none'}`);
      expect(answer.status).toBe(200);
    },
  );

  conformanceTest(
    ['rest.routes.complete-list'],
    'routes beyond §4.3 are observed: GET /api/projects/<id>, DELETE /api/tokens/<token> (then the token fails), OPTIONS',
    async (ctx) => {
      const auth = await tokenFor(ctx, 'projectMember');
      const project = await get(ctx, `/api/projects/${inject('fixtures').publicProject.id}`, auth);
      ctx.expect.soft(project.status, 'GET /api/projects/<id>').toBe(200);
      const options = await ctx.http.send({ method: 'OPTIONS', path: '/api/projects' });
      ctx.observe(
        `OPTIONS /api/projects → ${options.status}, Allow: ${options.headers['allow'] ?? 'absent'}`,
      );
      const deleted = await ctx.http.send({
        method: 'DELETE',
        path: `/api/tokens/${auth.token!.token}`,
        headers: auth.headers,
      });
      ctx.observe(`DELETE /api/tokens/<token> → ${deleted.status}`);
      ctx.expect.soft(deleted.status, 'DELETE /api/tokens/<token>').toBeLessThan(300);
      ctx.expect
        .soft((await get(ctx, '/api/projects', auth)).status, 'the deleted token is refused')
        .toBe(401);
    },
  );
});
