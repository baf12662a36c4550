/**
 * §8's boundaries pinned on the other paginated routes the suites use: the project list and a
 * project's trackers (the artifact query's are in collections.test.ts, which knows its size).
 * Each route's maximum is its own X-PAGINATION-LIMIT-MAX: nothing assumes 50.
 */
import { describe, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { memberOf } from '../../lib/kit/fixtures/membership.ts';
import { tokenFor } from '../../lib/kit/rest/auth.ts';
import {
  expectDefaultPageWithinLimit,
  expectMaxServed,
  expectOverMaxNotHonoured,
  limitMaxOf,
  type PaginatedRoute,
} from '../../lib/kit/rest/page-boundaries.ts';

async function routes(ctx: ConformanceContext): Promise<PaginatedRoute[]> {
  await memberOf(ctx, 'privateProject');
  const { headers } = await tokenFor(ctx, 'projectMember');
  const trackers = `/api/projects/${inject('fixtures').privateProject.id}/trackers`;
  return [
    {
      label: 'GET /api/projects',
      rule: 'rest.projects.list',
      request: { path: '/api/projects', headers },
    },
    {
      label: `GET ${trackers}`,
      rule: 'rest.projects.trackers',
      request: { path: trackers, headers },
    },
  ];
}

describe.concurrent('pagination boundaries on the project and tracker lists (§8), pinned', () => {
  conformanceTest(
    ['rest.pagination.limit-max'],
    "limit = each route's X-PAGINATION-LIMIT-MAX must be served, and limit = LIMIT-MAX + 1 must never yield more than LIMIT-MAX items",
    async (ctx) => {
      for (const route of await routes(ctx)) {
        const max = await limitMaxOf(ctx, route);
        await expectMaxServed(ctx, route, max);
        const status = await expectOverMaxNotHonoured(ctx, route, max);
        ctx.observe(`${route.label}?limit=${max + 1} (maximum ${max}) → ${status}`);
      }
    },
  );

  conformanceTest(
    ['rest.pagination.limit-chunk'],
    'a request without limit must hold at most the X-PAGINATION-LIMIT it announces (min(limit, size) items)',
    async (ctx) => {
      for (const route of await routes(ctx)) await expectDefaultPageWithinLimit(ctx, route);
    },
  );
});
