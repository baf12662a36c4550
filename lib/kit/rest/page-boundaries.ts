/**
 * §8's boundaries, pinned on one paginated route: a limit equal to the route's own
 * X-PAGINATION-LIMIT-MAX is served; one above it never yields more than the maximum (refused or
 * capped: the status is observed); a request without limit holds at most the X-PAGINATION-LIMIT
 * it announces. Each answer is judged on its own (items against its own headers), so a collection
 * that grows meanwhile (projects created by the SOAP suites) cannot make a check flaky.
 */
import { expect } from 'vitest';
import { ConformanceFailure } from '../conformance-failure.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import type { HttpResponse } from '../clients/http.ts';
import { fetchPage, itemsOf, type CollectionRequest } from './pages.ts';
import { expect2xx, is2xx, pageHeaders } from './requests.ts';

export interface PaginatedRoute {
  /** 'GET /api/projects', for messages. */
  label: string;
  /** The requirement its items are judged under when it refuses (a broken route). */
  rule: string;
  request: CollectionRequest;
}

/**
 * The pagination header `header` is a positive integer (or any integer, `positive` false): §8.2,
 * rest.pagination.headers, a rule of its own that the boundaries rely on.
 */
export function expectIntegerHeader(
  answer: HttpResponse,
  header: 'limit' | 'size' | 'limitMax',
  what: string,
  positive = true,
): number {
  const value = pageHeaders(answer)[header];
  const name = { limit: 'LIMIT', size: 'SIZE', limitMax: 'LIMIT-MAX' }[header];
  if (!Number.isInteger(value) || (positive && value <= 0))
    throw new ConformanceFailure(
      `${what}: X-PAGINATION-${name} is ${positive ? 'a positive' : 'an'} integer (got ${answer.headers[`x-pagination-${name.toLowerCase()}`] ?? 'none'}; rest.pagination.headers)`,
      `X-PAGINATION-${name}: ${positive ? 'a positive' : 'an'} integer`,
      answer.headers[`x-pagination-${name.toLowerCase()}`] ?? 'none',
      'rest.pagination.headers',
      // None of the four at all: a route not paginated, that rule's failure (§8).
      Object.values(pageHeaders(answer)).some(Number.isInteger)
        ? []
        : ['rest.pagination.paginated-routes'],
    );
  return value;
}

/** The route's X-PAGINATION-LIMIT-MAX, from a request without limit (§8.2: an integer). */
export async function limitMaxOf(ctx: ConformanceContext, route: PaginatedRoute): Promise<number> {
  const answer = await fetchPage(ctx.http, route.request);
  itemsOf(answer, { what: route.label, rule: route.rule }, false);
  return expectIntegerHeader(answer, 'limitMax', route.label);
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
  expectIntegerHeader(answer, 'limit', what);
  expectIntegerHeader(answer, 'size', what, false);
  expect(headers.limit, `${what}: X-PAGINATION-LIMIT, the chunk used`).toBe(max);
  expectItemCount(
    items.length,
    Math.min(max, headers.size),
    `${what}: items, for X-PAGINATION-SIZE ${headers.size}`,
  );
}

/**
 * A page holds `wanted` items, judged in the caller's scope. A short page relies on paging
 * forward (§8.3): a collection that leaves out an item shows it on every page that should hold
 * it, which that rule, judged on its own, names; an over-full page is the caller's rule alone.
 */
export function expectItemCount(got: number, wanted: number, what: string): void {
  if (got === wanted) return;
  throw new ConformanceFailure(
    `${what}: expected ${wanted}, got ${got}`,
    String(wanted),
    String(got),
    undefined,
    got < wanted ? ['rest.pagination.paging-forward'] : [],
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
): Promise<{ limit: number; size: number; answer: HttpResponse }> {
  const what = `${route.label} without limit`;
  const answer = await fetchPage(ctx.http, route.request);
  const items = itemsOf(answer, { what, rule: route.rule }, false);
  const { size } = pageHeaders(answer);
  const limit = expectIntegerHeader(answer, 'limit', what);
  expect(
    items.length,
    `${what}: items, at most the announced X-PAGINATION-LIMIT ${limit}`,
  ).toBeLessThanOrEqual(limit);
  expectItemCount(
    items.length,
    Math.min(limit, Number.isInteger(size) ? size : items.length),
    `${what}: items, for X-PAGINATION-SIZE ${size}`,
  );
  return { limit, size, answer };
}
