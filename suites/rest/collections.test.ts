/**
 * §8 and §4.3: pagination and the artifact query, as properties over a tracker whose content this
 * file alone writes (the shared foreign project's, which its admin the projectMember writes; the
 * private project's is written by the access matrix too), so the model knows every artifact in it.
 * The tests of this file run in order and share that model.
 */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { memberOf } from '../../lib/kit/fixtures/membership.ts';
import type { ModelValue } from '../../lib/kit/rest/artifact-values.ts';
import { tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { CollectionModel } from '../../lib/kit/rest/collection-model.ts';
import { propertyRun } from '../../lib/kit/property-run.ts';
import type { HttpResponse } from '../../lib/kit/clients/http.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import {
  expectDefaultPageWithinLimit,
  expectIntegerHeader,
  expectMaxServed,
  expectOverMaxNotHonoured,
  limitMaxOf,
  type PaginatedRoute,
} from '../../lib/kit/rest/page-boundaries.ts';
import { get, is2xx, jsonOf, pageHeaders, sendJson } from '../../lib/kit/rest/requests.ts';
import { discoverTracker } from '../../lib/kit/rest/tracker-model.ts';
import { LIMITS } from '../../spec/limits.ts';

const MAX_SIZE = 40;
const isPageSize = (n: number) => (LIMITS.pageSizes as readonly number[]).includes(n);

/** §8 gives 10, 50 or 100: a target's maximum beyond that is not grown past (its items counted). */
const LARGEST_GROWTH = 101;
let shared: CollectionModel | undefined;

async function setup(ctx: ConformanceContext): Promise<{ auth: Auth; model: CollectionModel }> {
  const auth = await tokenFor(ctx, 'projectMember');
  if (!shared) {
    const tracker = await discoverTracker(ctx, auth, inject('fixtures').foreignProject.id);
    shared = await CollectionModel.load(ctx, auth, tracker);
  }
  return { auth, model: shared };
}

let created = 0;
function randomValues(model: CollectionModel, pick: number): Map<number, ModelValue> {
  const list = model.tracker.listField;
  const ids = list.valueIds.filter((_, i) => (pick >> i) & 1);
  created += 1;
  return new Map<number, ModelValue>([
    [model.tracker.stringField.id, `collection ${inject('runTag')} ${created}`],
    [list.id, list.multiple ? ids : ids.slice(0, 1)],
  ]);
}

/** Artifacts created at once by growTo: one round trip each ten, not one each. */
const GROWTH_BATCH = 10;

async function growTo(ctx: ConformanceContext, auth: Auth, model: CollectionModel, size: number) {
  while (model.size < size) {
    const batch = Array.from({ length: Math.min(GROWTH_BATCH, size - model.size) }, (_, i) =>
      randomValues(model, (model.size + i) * 7 + 3),
    );
    await Promise.all(batch.map((values) => model.add(ctx, auth, values)));
  }
}

function queryRoute(auth: Auth, model: CollectionModel, query: object = {}): PaginatedRoute {
  return {
    label: `POST ${model.queryPath} ${JSON.stringify(query)}`,
    rule: 'rest.query.route',
    request: model.request(auth, query),
  };
}

/** fc.assert over `arbitraries`: the failed check is the error's cause (lib/kit/property-run.ts). */
async function assertProperty<A extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof A]: fc.Arbitrary<A[K]> },
  predicate: (...args: A) => Promise<void>,
  runs: number,
): Promise<void> {
  const property = fc.asyncProperty<A>(
    ...([...arbitraries, predicate] as Parameters<typeof fc.asyncProperty<A>>),
  );
  await fc.assert(property, propertyRun(runs));
}

/** A walk or a page asked with limit = LIMIT-MAX relies on that limit being served (§8). */
function atMax(limit: number, max: number): RequirementId[] {
  return limit === max ? ['rest.pagination.limit-max'] : [];
}

/**
 * The page holds min(limit, size − offset) items (§8.2, limit-chunk). A page short of that leaves
 * out items that paging forward must visit (§8.3): that rule, judged on its own, is then the one
 * the check relies on (a page that starts after its offset is short at the end of the walk).
 */
function expectPageLength(
  ctx: ConformanceContext,
  got: number,
  wanted: number,
  what: string,
  reliesOn: readonly RequirementId[] = [],
): void {
  const short = got < wanted ? (['rest.pagination.paging-forward'] as const) : [];
  ctx.judging('rest.pagination.limit-chunk', { reliesOn: [...reliesOn, ...short] });
  expect(got, what).toBe(wanted);
}

/**
 * A page's four headers, integers (rest.pagination.headers), with LIMIT the chunk asked
 * (limit-chunk), OFFSET the one asked (offset) and SIZE the collection's (size), each its rule's.
 */
function expectPageHeaders(
  ctx: ConformanceContext,
  answer: HttpResponse,
  asked: string,
  wanted: { limit: number; offset: number; size: number },
): ReturnType<typeof pageHeaders> {
  ctx.judging('rest.pagination.headers');
  const headers = pageHeaders(answer);
  expect(
    Object.values(headers).every(Number.isInteger),
    `${asked}: the four X-PAGINATION headers, as integers (${JSON.stringify(headers)})`,
  ).toBe(true);
  ctx.judging('rest.pagination.limit-chunk');
  expect(headers.limit, `${asked}: X-PAGINATION-LIMIT, the chunk used`).toBe(wanted.limit);
  ctx.judging('rest.pagination.offset');
  expect(headers.offset, `${asked}: X-PAGINATION-OFFSET`).toBe(wanted.offset);
  ctx.judging('rest.pagination.size');
  expect(headers.size, `${asked}: X-PAGINATION-SIZE, the total`).toBe(wanted.size);
  return headers;
}

/** X-PAGINATION-SIZE, an integer (rest.pagination.headers), is `wanted` (rest.pagination.size). */
function expectSize(ctx: ConformanceContext, answer: HttpResponse, wanted: number, what: string) {
  ctx.judging('rest.pagination.headers');
  const size = expectIntegerHeader(answer, 'size', what, false);
  ctx.judging('rest.pagination.size');
  expect(size, `${what}: X-PAGINATION-SIZE`).toBe(wanted);
}

/** The query route's own X-PAGINATION-LIMIT-MAX (§8: 10, 50 or 100 depending on the route). */
function limitMax(ctx: ConformanceContext, auth: Auth, model: CollectionModel): Promise<number> {
  return limitMaxOf(ctx, queryRoute(auth, model));
}

describe('pagination (§8)', () => {
  conformanceTest(
    [
      'rest.pagination.headers',
      'rest.pagination.limit-chunk',
      'rest.pagination.offset',
      'rest.pagination.size',
      'rest.pagination.accepts-limit-offset',
    ],
    'for random sizes, limits and offsets: the four headers are integers, LIMIT is the chunk, OFFSET echoes, SIZE is the total, the body holds min(limit, size − offset) items',
    async (ctx) => {
      ctx.judging('rest.pagination.headers');
      const { auth, model } = await setup(ctx);
      const max = await limitMax(ctx, auth, model);
      await assertProperty(
        [
          fc.integer({ min: 0, max: MAX_SIZE }),
          fc.integer({ min: 1, max }),
          fc.integer({ min: 0, max: MAX_SIZE + 5 }),
        ],
        async (size, limit, offset) => {
          ctx.judging('rest.pagination.size');
          await growTo(ctx, auth, model, size);
          const asked = `query with limit=${limit}&offset=${offset}`;
          ctx.judging('rest.pagination.accepts-limit-offset', { reliesOn: atMax(limit, max) });
          const answer = await sendJson(
            ctx,
            'POST',
            `${model.queryPath}?limit=${limit}&offset=${offset}`,
            auth,
            {},
          );
          expect(answer.status, asked).toBe(200);
          const headers = expectPageHeaders(ctx, answer, asked, {
            limit,
            offset,
            size: model.size,
          });
          ctx.judging('rest.pagination.limit-max');
          expect(headers.limitMax, `${asked}: X-PAGINATION-LIMIT-MAX, as before`).toBe(max);
          const items = jsonOf(answer) as unknown[];
          expectPageLength(
            ctx,
            items.length,
            Math.max(0, Math.min(limit, model.size - offset)),
            `${asked}: items on the page`,
          );
        },
        30,
      );
    },
  );

  conformanceTest(
    [
      'rest.pagination.headers',
      'rest.pagination.limit-chunk',
      'rest.pagination.offset',
      'rest.pagination.size',
      'rest.pagination.paging-forward',
    ],
    'on the tracker list: every limit and offset gives the four headers and min(limit, size − offset) items, and paging visits each item once',
    async (ctx) => {
      ctx.judging('rest.pagination.headers');
      await memberOf(ctx, 'privateProject');
      const auth = await tokenFor(ctx, 'projectMember');
      // Not /api/projects: the SOAP suites create projects meanwhile, so its size moves.
      for (const path of [`/api/projects/${inject('fixtures').privateProject.id}/trackers`]) {
        const first = await get(ctx, path, auth);
        const { size } = pageHeaders(first);
        if (!Number.isInteger(size)) {
          ctx.observe(`${path} carries no X-PAGINATION-SIZE: not judged as a paginated route here`);
          continue;
        }
        const seen: unknown[] = [];
        for (const limit of [1, 2, 3]) {
          for (let offset = 0; offset <= size; offset += limit) {
            const asked = `${path}?limit=${limit}&offset=${offset}`;
            ctx.judging('rest.pagination.accepts-limit-offset');
            const answer = await get(ctx, asked, auth);
            expect(answer.status, asked).toBe(200);
            expectPageHeaders(ctx, answer, asked, { limit, offset, size });
            const items = jsonOf(answer) as Array<{ id?: unknown }>;
            expectPageLength(
              ctx,
              items.length,
              Math.max(0, Math.min(limit, size - offset)),
              `${asked}: items`,
            );
            if (limit === 2) seen.push(...items.map((item) => item.id));
          }
        }
        ctx.judging('rest.pagination.paging-forward');
        expect(
          new Set(seen).size,
          `${path}: paging with limit 2 visits ${size} distinct items`,
        ).toBe(size);
      }
    },
  );

  conformanceTest(
    ['rest.pagination.paging-forward'],
    'paging forward with offset += limit must visit every artifact exactly once, for random limits',
    async (ctx) => {
      const { auth, model } = await setup(ctx);
      await growTo(ctx, auth, model, 12);
      const max = await limitMax(ctx, auth, model);
      await assertProperty(
        [fc.integer({ min: 3, max })],
        async (limit) => {
          ctx.judging('rest.pagination.paging-forward', { reliesOn: atMax(limit, max) });
          const ids = (await model.queryAll(ctx, auth, {}, limit)).map((item) => item.id);
          expect(new Set(ids).size, `no artifact twice (limit ${limit})`).toBe(ids.length);
          expect(
            [...ids].sort((a, b) => a - b),
            `every artifact once (limit ${limit})`,
          ).toEqual([...model.artifacts.keys()].sort((a, b) => a - b));
        },
        10,
      );
    },
  );

  conformanceTest(
    ['rest.pagination.limit-max'],
    'a limit above X-PAGINATION-LIMIT-MAX must never be honoured',
    async (ctx) => {
      const { auth, model } = await setup(ctx);
      const max = await limitMax(ctx, auth, model);
      await growTo(ctx, auth, model, Math.min(max + 1, LARGEST_GROWTH));
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: max + 1, max: max + 1000 }), async (limit) => {
          const answer = await sendJson(ctx, 'POST', `${model.queryPath}?limit=${limit}`, auth, {});
          if (!is2xx(answer.status)) {
            expect(answer.status, `limit=${limit} (max ${max}): a refusal is a 4xx`).toBeLessThan(
              500,
            );
            return;
          }
          const items = jsonOf(answer) as unknown[];
          expect(items.length, `items for limit=${limit} (max ${max})`).toBeLessThanOrEqual(max);
          expect(pageHeaders(answer).limit, 'X-PAGINATION-LIMIT').toBeLessThanOrEqual(max);
        }),
        propertyRun(5),
      );
    },
  );

  conformanceTest(
    ['rest.pagination.page-size', 'rest.pagination.paginated-routes'],
    'the trackers and artifacts collections must be paginated, with a page size of 10, 50 or 100',
    async (ctx) => {
      // The member reads the private project's trackers: blocked when it is none (§4.2 #3).
      await memberOf(ctx, 'privateProject');
      ctx.judging('rest.pagination.paginated-routes');
      const { auth, model } = await setup(ctx);
      const routes = [
        ['GET', `/api/projects/${inject('fixtures').privateProject.id}/trackers`],
        ['POST', model.queryPath],
      ] as const;
      for (const [method, path] of routes) {
        const answer =
          method === 'GET'
            ? await get(ctx, path, auth)
            : await sendJson(ctx, 'POST', path, auth, {});
        // Served at all: the route's own rule (a server error is no sign of pagination).
        ctx.judging(method === 'GET' ? 'rest.projects.trackers' : 'rest.query.route');
        ctx.expect.soft(answer.status, `${method} ${path}`).toBe(200);
        ctx.judging('rest.pagination.paginated-routes');
        const headers = pageHeaders(answer);
        // Paginated: it carries pagination headers. Some of the four missing or not integers is
        // rest.pagination.headers (§8.2), judged on its own; none at all, a route not paginated.
        const integers = Object.values(headers).filter(Number.isInteger).length;
        ctx.expect
          .soft(integers, `${method} ${path}: X-PAGINATION headers (integers)`)
          .toBeGreaterThan(0);
        if (integers === 0) continue;
        ctx.judging('rest.pagination.headers');
        ctx.expect.soft(integers, `${method} ${path}: the four headers, as integers`).toBe(4);
        // §8 "page size 10, 50 or 100 depending on the route": the default chunk or the maximum.
        ctx.observe(
          `${method} ${path}: default X-PAGINATION-LIMIT ${headers.limit}, X-PAGINATION-LIMIT-MAX ${headers.limitMax}`,
        );
        ctx.judging('rest.pagination.page-size', {
          reliesOn: integers < 4 ? ['rest.pagination.headers'] : [],
        });
        ctx.expect
          .soft(
            isPageSize(headers.limit) || isPageSize(headers.limitMax),
            `${method} ${path}: default X-PAGINATION-LIMIT ${headers.limit} or X-PAGINATION-LIMIT-MAX ${headers.limitMax} is 10, 50 or 100`,
          )
          .toBe(true);
      }
      const projects = await get(ctx, '/api/projects', auth);
      ctx.observe(
        `GET /api/projects: X-PAGINATION-LIMIT ${projects.headers['x-pagination-limit'] ?? 'absent'}, X-PAGINATION-LIMIT-MAX ${projects.headers['x-pagination-limit-max'] ?? 'absent'}`,
      );
    },
  );

  conformanceTest(
    ['rest.pagination.over-max-status', 'rest.pagination.small-limits'],
    'the answers to a limit over the maximum, to limit=1 and to limit=0 are observed (reference: 406, 200, 400)',
    async (ctx) => {
      ctx.judging('rest.pagination.over-max-status');
      const { auth, model } = await setup(ctx);
      const max = await limitMax(ctx, auth, model);
      await growTo(ctx, auth, model, 2);
      const over = await sendJson(ctx, 'POST', `${model.queryPath}?limit=${max + 1}`, auth, {});
      const one = await sendJson(ctx, 'POST', `${model.queryPath}?limit=1`, auth, {});
      const zero = await sendJson(ctx, 'POST', `${model.queryPath}?limit=0`, auth, {});
      ctx.observe(
        `limit=${max + 1} → ${over.status}; limit=1 → ${one.status}; limit=0 → ${zero.status}`,
      );
      ctx.expect.soft(over.status, 'over the maximum').toBe(406);
      ctx.judging('rest.pagination.small-limits');
      ctx.expect
        .soft([one.status, (jsonOf(one) as unknown[])?.length], 'limit=1')
        .toEqual([200, 1]);
      ctx.expect.soft(zero.status, 'limit=0').toBe(400);
    },
  );
});

describe('pagination boundaries on the artifact query (§8), pinned', () => {
  conformanceTest(
    ['rest.pagination.limit-max'],
    "limit = the query's X-PAGINATION-LIMIT-MAX must be served, and limit = LIMIT-MAX + 1 must never yield more than LIMIT-MAX items",
    async (ctx) => {
      const { auth, model } = await setup(ctx);
      const max = await limitMax(ctx, auth, model);
      await growTo(ctx, auth, model, Math.min(max + 1, LARGEST_GROWTH));
      await expectMaxServed(ctx, queryRoute(auth, model), max);
      const status = await expectOverMaxNotHonoured(ctx, queryRoute(auth, model), max);
      ctx.observe(`the artifact query with limit=${max + 1} (maximum ${max}) → ${status}`);
    },
  );

  conformanceTest(
    ['rest.pagination.limit-chunk'],
    'a query without limit must hold at most the X-PAGINATION-LIMIT it announces (min(limit, size) items)',
    async (ctx) => {
      const { auth, model } = await setup(ctx);
      const { limit } = await expectDefaultPageWithinLimit(ctx, queryRoute(auth, model));
      await growTo(ctx, auth, model, Math.min(limit + 1, LARGEST_GROWTH));
      const route = queryRoute(auth, model);
      const { answer } = await expectDefaultPageWithinLimit(ctx, route);
      expectSize(ctx, answer, model.size, `${route.label} without limit: every artifact`);
    },
  );

  conformanceTest(
    ['rest.pagination.size', 'rest.query.contains'],
    "a filtered query's X-PAGINATION-SIZE must be the number of artifacts that match, on every page",
    async (ctx) => {
      ctx.judging('rest.query.contains');
      const { auth, model } = await setup(ctx);
      await growTo(ctx, auth, model, 12);
      const list = model.tracker.listField;
      const limit = Math.min(3, await limitMax(ctx, auth, model));
      for (const valueId of list.valueIds) {
        const query = { [list.name]: { operator: 'contains', value: String(valueId) } };
        // The matches, counted by paging forward (§8.3, judged on its own).
        ctx.judging('rest.query.contains', { reliesOn: ['rest.pagination.paging-forward'] });
        const { items, pages } = await model.queryPages(ctx, auth, query, limit);
        const expected = model.holding(valueId).length;
        expect(items.length, `${JSON.stringify(query)}: matches counted by paging`).toBe(expected);
        for (const [i, page] of pages.entries()) {
          const what = `${JSON.stringify(query)}: X-PAGINATION-SIZE of page ${i + 1} (limit ${limit})`;
          const size = pageHeaders(page).size;
          ctx.judging('rest.pagination.headers');
          ctx.expect.soft(Number.isInteger(size), `${what} is an integer`).toBe(true);
          ctx.judging('rest.pagination.size');
          if (Number.isInteger(size)) ctx.expect.soft(size, what).toBe(expected);
        }
      }
    },
  );
});

describe('the artifact query (§2.2, §4.3)', () => {
  conformanceTest(
    ['rest.query.route', 'rest.query.body', 'rest.query.contains'],
    "for random artifacts and random 'contains' criteria on a list field, the query across pages must answer exactly the model's matches",
    async (ctx) => {
      ctx.judging('rest.query.route');
      const { auth, model } = await setup(ctx);
      const list = model.tracker.listField;
      const max = await limitMax(ctx, auth, model);
      await assertProperty(
        [
          fc.array(fc.nat(2 ** list.valueIds.length - 1), { maxLength: 3 }),
          fc.constantFrom(...list.valueIds),
          fc.integer({ min: 3, max }),
        ],
        async (picks, valueId, limit) => {
          ctx.judging('rest.query.route', { reliesOn: atMax(limit, max) });
          for (const pick of picks) await model.add(ctx, auth, randomValues(model, pick));
          const query = { [list.name]: { operator: 'contains', value: String(valueId) } };
          const ids = (await model.queryAll(ctx, auth, query, limit)).map((item) => item.id);
          // The matches across pages: the selection, walked by paging forward (§8.3).
          ctx.judging('rest.query.contains', {
            reliesOn: ['rest.pagination.paging-forward', ...atMax(limit, max)],
          });
          expect(
            [...ids].sort((a, b) => a - b),
            `${JSON.stringify(query)}, limit ${limit}`,
          ).toEqual(model.holding(valueId).sort((a, b) => a - b));
        },
        15,
      );
    },
  );

  conformanceTest(
    ['rest.query.other-operators'],
    "operators other than 'contains' and unknown fields are observed (reference: 400)",
    async (ctx) => {
      const { auth, model } = await setup(ctx);
      const list = model.tracker.listField;
      const operator = await sendJson(ctx, 'POST', model.queryPath, auth, {
        [list.name]: { operator: '=', value: String(list.valueIds[0]) },
      });
      const unknown = await sendJson(ctx, 'POST', model.queryPath, auth, {
        'no-such-field': { operator: 'contains', value: '1' },
      });
      ctx.observe(`operator '=' → ${operator.status}; unknown field → ${unknown.status}`);
      ctx.expect.soft(operator.status, "operator '='").toBe(400);
      ctx.expect.soft(unknown.status, 'an unknown field').toBe(400);
    },
  );
});
