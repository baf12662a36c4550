/**
 * One page of a paginated collection (§8), judged as the suites judge it:
 * - a 2xx answer of a collection the spec names carries the four headers, integers
 *   (rest.pagination.headers);
 * - X-PAGINATION-OFFSET is the offset asked, 0 when none (rest.pagination.offset);
 * - X-PAGINATION-SIZE is at least the offset plus the items of a page that holds some
 *   (rest.pagination.size; past the end a page is empty whatever the size);
 * - the page holds min(limit, size − offset) items, and the limit is the one asked when it is
 *   within the maximum (rest.pagination.limit-chunk);
 * - a limit over X-PAGINATION-LIMIT-MAX is never honoured; one equal to the maximum the route
 *   announced is not refused as too large (406) (rest.pagination.limit-max).
 */
import { PAGINATION_HEADERS } from '../../../../spec/limits.ts';
import type { RuleFactory, Verdicts } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import {
  askedParameter,
  isSpecCollection,
  pageHeaders,
  pageItems,
  requestLine,
  type PageHeaders,
} from './page-answer.ts';

const HEADERS = 'rest.pagination.headers';
const OFFSET = 'rest.pagination.offset';
const SIZE = 'rest.pagination.size';
const CHUNK = 'rest.pagination.limit-chunk';
const LIMIT_MAX = 'rest.pagination.limit-max';

const ROUTES_KEPT = 1024;

export const paginationPageRule: RuleFactory = () => {
  /** The X-PAGINATION-LIMIT-MAX each route (method and path) announced last. */
  const maxima = new BoundedMap<string, number>(ROUTES_KEPT);
  return {
    requirements: [HEADERS, OFFSET, SIZE, CHUNK, LIMIT_MAX],
    observe(view, verdicts) {
      const route = view.rest;
      if (!route || view.exchange.status === undefined) return;
      const routeKey = `${view.method} ${view.url.pathname}`;
      const limit = askedParameter(view, 'limit');
      const offset = askedParameter(view, 'offset');
      const exchanges = [view.exchange];
      const line = requestLine(view);
      if (
        view.exchange.status === 406 &&
        typeof limit === 'number' &&
        limit === maxima.get(routeKey)
      )
        verdicts.fail(LIMIT_MAX, {
          message: `${line} answered 406: a limit equal to the X-PAGINATION-LIMIT-MAX ${limit} the route announced is allowed`,
          expected: `a page of at most ${limit} items`,
          actual: `HTTP ${view.exchange.status}`,
          exchanges,
        });
      const items = pageItems(view);
      if (items === undefined) return;
      const headers = pageHeaders(view);
      if (isSpecCollection(view)) judgeHeadersPresent(view, headers, line, verdicts);
      if (
        headers.limit === undefined ||
        headers.offset === undefined ||
        headers.size === undefined ||
        headers.limitMax === undefined ||
        limit === 'invalid' ||
        offset === 'invalid'
      )
        return;
      maxima.set(routeKey, headers.limitMax);
      const shown = `${line} answered ${items.length} item(s) with LIMIT ${headers.limit}, OFFSET ${headers.offset}, SIZE ${headers.size}, LIMIT-MAX ${headers.limitMax}`;
      const asked = offset ?? 0;
      if (headers.offset !== asked) {
        // The page's other headers are read against its offset: one wrong offset, one finding.
        verdicts.fail(OFFSET, {
          message: `${shown}: X-PAGINATION-OFFSET is the index of the first item, the offset asked`,
          expected: `X-PAGINATION-OFFSET ${asked}`,
          actual: `X-PAGINATION-OFFSET ${headers.offset}`,
          exchanges,
        });
        return;
      }
      verdicts.pass(OFFSET, exchanges);
      if (items.length > 0 && headers.size < headers.offset + items.length) {
        verdicts.fail(SIZE, {
          message: `${shown}: X-PAGINATION-SIZE, the total size of the collection, is smaller than the offset plus the items of this page`,
          expected: `X-PAGINATION-SIZE ≥ ${headers.offset + items.length}`,
          actual: `X-PAGINATION-SIZE ${headers.size}`,
          exchanges,
        });
        return;
      }
      verdicts.pass(SIZE, exchanges);
      judgeChunk(items.length, headers as Required<PageHeaders>, limit, shown, view, verdicts);
    },
  };
};

function judgeHeadersPresent(
  view: ExchangeView,
  headers: PageHeaders,
  line: string,
  verdicts: Verdicts,
): void {
  const missing = (Object.keys(PAGINATION_HEADERS) as Array<keyof PageHeaders>)
    .filter((key) => headers[key] === undefined)
    .map((key) => {
      const name = PAGINATION_HEADERS[key];
      const raw = view.responseHeader(name);
      return raw === undefined ? `${name} (none)` : `${name} '${raw}'`;
    });
  if (missing.length === 0) verdicts.pass(HEADERS, [view.exchange]);
  else
    verdicts.fail(HEADERS, {
      message: `${line} answered ${view.exchange.status} without the integer pagination headers: ${missing.join(', ')}`,
      expected: 'X-PAGINATION-LIMIT, -OFFSET, -SIZE and -LIMIT-MAX, all integers',
      actual: missing.join(', '),
      exchanges: [view.exchange],
    });
}

function judgeChunk(
  count: number,
  headers: Required<PageHeaders>,
  limit: number | undefined,
  shown: string,
  view: ExchangeView,
  verdicts: Verdicts,
): void {
  const exchanges = [view.exchange];
  if (limit !== undefined && limit > headers.limitMax) {
    if (headers.limit <= headers.limitMax && count <= headers.limitMax)
      verdicts.pass(LIMIT_MAX, exchanges);
    else
      verdicts.fail(LIMIT_MAX, {
        message: `${shown}: a limit ${limit} over X-PAGINATION-LIMIT-MAX is never honoured`,
        expected: `a refusal, or a page of at most ${headers.limitMax} items`,
        actual: `${count} item(s), X-PAGINATION-LIMIT ${headers.limit}`,
        exchanges,
      });
  }
  const expected = Math.max(0, Math.min(headers.limit, headers.size - headers.offset));
  if (count !== expected) {
    verdicts.fail(CHUNK, {
      message: `${shown}: the page holds min(limit, size − offset) items`,
      expected: `${expected} item(s)`,
      actual: `${count} item(s)`,
      exchanges,
    });
    return;
  }
  if (limit !== undefined && limit >= 1 && limit <= headers.limitMax && headers.limit !== limit) {
    verdicts.fail(CHUNK, {
      message: `${shown}: X-PAGINATION-LIMIT is the chunk size used, the limit ${limit} asked (within the maximum)`,
      expected: `X-PAGINATION-LIMIT ${limit}`,
      actual: `X-PAGINATION-LIMIT ${headers.limit}`,
      exchanges,
    });
    return;
  }
  verdicts.pass(CHUNK, exchanges);
}
