/**
 * What one page of a paginated collection (§8) says of itself: its four X-PAGINATION headers, and
 * what its request asked (limit and offset). Shared by the rules on one page and across pages.
 */
import { PAGINATION_HEADERS } from '../../../../spec/limits.ts';
import type { ExchangeView } from '../../view.ts';

export interface PageHeaders {
  limit?: number;
  offset?: number;
  size?: number;
  limitMax?: number;
}

/** A header's value when it is a non-negative integer (§2.2 "all integers"), as the suites read it. */
export function integerHeader(view: ExchangeView, name: string): number | undefined {
  const raw = view.responseHeader(name);
  return raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : undefined;
}

export function pageHeaders(view: ExchangeView): PageHeaders {
  const read = (name: string) => integerHeader(view, name);
  const headers: PageHeaders = {};
  const limit = read(PAGINATION_HEADERS.limit);
  const offset = read(PAGINATION_HEADERS.offset);
  const size = read(PAGINATION_HEADERS.size);
  const limitMax = read(PAGINATION_HEADERS.limitMax);
  if (limit !== undefined) headers.limit = limit;
  if (offset !== undefined) headers.offset = offset;
  if (size !== undefined) headers.size = size;
  if (limitMax !== undefined) headers.limitMax = limitMax;
  return headers;
}

/**
 * A query parameter the request gave once as a non-negative integer; undefined when absent;
 * 'invalid' when repeated or not such an integer (the server refuses it: nothing to judge).
 */
export function askedParameter(view: ExchangeView, name: string): number | 'invalid' | undefined {
  const values = view.url.searchParams.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1 || !/^\d+$/.test(values[0]!)) return 'invalid';
  return Number(values[0]);
}

/** §8: the collections the spec names (spec/matrix/messages.ts PAGINATED_ROUTES). */
export function isSpecCollection(view: ExchangeView): boolean {
  const route = view.rest;
  if (!route?.api) return false;
  return (
    (view.method === 'GET' &&
      (route.shape === '/projects' || route.shape === '/projects/<id>/trackers')) ||
    (view.method === 'POST' && route.shape === '/trackers/<id>/artifacts')
  );
}

/** The items of a 2xx page when its body is a JSON array, else undefined. */
export function pageItems(view: ExchangeView): unknown[] | undefined {
  const status = view.exchange.status;
  if (status === undefined || status < 200 || status >= 300 || view.exchange.truncated)
    return undefined;
  const body = view.responseJson();
  return 'value' in body && Array.isArray(body.value) ? body.value : undefined;
}

/** 'GET /api/projects?limit=5' */
export function requestLine(view: ExchangeView): string {
  return `${view.method} ${view.url.pathname}${view.url.search}`;
}
