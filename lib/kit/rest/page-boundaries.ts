/**
 * §8's boundaries, pinned on one paginated route: a limit equal to the route's own
 * X-PAGINATION-LIMIT-MAX is served; one above it never yields more than the maximum (refused or
 * capped: the status is observed); a request without limit holds at most the X-PAGINATION-LIMIT
 * it announces. Each answer is judged on its own (items against its own headers), so a collection
 * that grows meanwhile (projects created by the SOAP suites) cannot make a check flaky.
 */
import { expect } from 'vitest';
import type { ConformanceContext } from '../conformance-test.ts';
import { fetchPage, itemsOf, type CollectionRequest } from './pages.ts';
import { expect2xx, is2xx, pageHeaders } from './requests.ts';

export interface PaginatedRoute {
  /** 'GET /api/projects', for messages. */
  label: string;
  /** The requirement its items are judged under when it refuses (a broken route). */
  rule: string;
  request: CollectionRequest;
}

/** The route's X-PAGINATION-LIMIT-MAX, from a request without limit (§8.2: an integer). */
export async function limitMaxOf(ctx: ConformanceContext, route: PaginatedRoute): Promise<number> {
  const answer = await fetchPage(ctx.http, route.request);
  itemsOf(answer, { what: route.label, rule: route.rule }, false);
  const { limitMax } = pageHeaders(answer);
  expect(
    Number.isInteger(limitMax) && limitMax > 0,
    `${route.label}: X-PAGINATION-LIMIT-MAX is a positive integer (got ${answer.headers['x-pagination-limit-max'] ?? 'none'})`,
  ).toBe(true);
  return limitMax;
}

/** limit = LIMIT-MAX must be served: 2xx, X-PAGINATION-LIMIT = max, min(max, size) items. */
export async function expectMaxServed(
  ctx: ConformanceContext,
  route: PaginatedRoute,
  max: number,
): Promise<void> {
  const what = `${route.label}?limit=${max}&offset=0 (X-PAGINATION-LIMIT-MAX ${max})`;
  const answer = await fetchPage(ctx.http, route.request, { limit: max, offset: 0 });
  expect2xx(answer.status, `${what}: the maximum must be served`);
  const items = itemsOf(answer, { what, rule: route.rule }, false);
  const headers = pageHeaders(answer);
  expect(headers.limit, `${what}: X-PAGINATION-LIMIT, the chunk used`).toBe(max);
  expect(Number.isInteger(headers.size), `${what}: X-PAGINATION-SIZE is an integer`).toBe(true);
  expect(items.length, `${what}: items, for X-PAGINATION-SIZE ${headers.size}`).toBe(
    Math.min(max, headers.size),
  );
}

/**
 * limit = LIMIT-MAX + 1 is refused (4xx) or capped (at most max items, X-PAGINATION-LIMIT at
 * most max): never honoured. Answers the status, which the caller observes.
 */
export async function expectOverMaxNotHonoured(
  ctx: ConformanceContext,
  route: PaginatedRoute,
  max: number,
): Promise<number> {
  const what = `${route.label}?limit=${max + 1} (X-PAGINATION-LIMIT-MAX ${max})`;
  const answer = await fetchPage(ctx.http, route.request, { limit: max + 1 });
  if (!is2xx(answer.status)) {
    expect(
      answer.status >= 400 && answer.status < 500,
      `${what}: refused with ${answer.status}; a refusal of the client's limit is a 4xx, not a server error`,
    ).toBe(true);
    return answer.status;
  }
  const items = itemsOf(answer, { what, rule: route.rule }, false);
  expect(items.length, `${what}: items on a page served anyway`).toBeLessThanOrEqual(max);
  const { limit } = pageHeaders(answer);
  expect(
    Number.isInteger(limit) && limit <= max,
    `${what}: X-PAGINATION-LIMIT ${answer.headers['x-pagination-limit'] ?? 'none'}, the chunk used, is at most the maximum`,
  ).toBe(true);
  return answer.status;
}

/** Without limit: X-PAGINATION-LIMIT is announced and the page holds min(limit, size) items. */
export async function expectDefaultPageWithinLimit(
  ctx: ConformanceContext,
  route: PaginatedRoute,
): Promise<{ limit: number; size: number }> {
  const what = `${route.label} without limit`;
  const answer = await fetchPage(ctx.http, route.request);
  const items = itemsOf(answer, { what, rule: route.rule }, false);
  const { limit, size } = pageHeaders(answer);
  expect(
    Number.isInteger(limit) && limit > 0,
    `${what}: X-PAGINATION-LIMIT is a positive integer (got ${answer.headers['x-pagination-limit'] ?? 'none'})`,
  ).toBe(true);
  expect(
    items.length,
    `${what}: items, at most the announced X-PAGINATION-LIMIT ${limit}`,
  ).toBeLessThanOrEqual(limit);
  expect(items.length, `${what}: items, for X-PAGINATION-SIZE ${size}`).toBe(
    Math.min(limit, Number.isInteger(size) ? size : items.length),
  );
  return { limit, size };
}
