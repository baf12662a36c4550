/**
 * Reading a whole paginated collection (§8) the way a client of any conforming target can: the
 * first request carries no limit (the route's default page), the next ones the route's own
 * X-PAGINATION-LIMIT-MAX (10, 50 or 100 depending on the route: nothing assumes a value), each at
 * offset = previous offset + limit (§8.3), until X-PAGINATION-SIZE items are read.
 */
import type { HttpClient, HttpResponse } from '../clients/http.ts';
import { BrokenFeature, excerpt, requireSuccess, type Asked } from './broken.ts';
import { jsonOf, pageHeaders } from './requests.ts';
import { Unjudgeable } from './unjudgeable.ts';

export interface CollectionRequest {
  method?: 'GET' | 'POST';
  /** Without query string: limit and offset are added here. */
  path: string;
  headers?: Record<string, string>;
  /** The JSON body of a POST (the artifact query). */
  json?: unknown;
}

export interface Collection<T> {
  items: T[];
  /** Every page as answered, in order. */
  pages: HttpResponse[];
}

const MAX_PAGES = 1000;

/** One page: limit and offset as given (undefined: not sent). */
export function fetchPage(
  http: HttpClient,
  request: CollectionRequest,
  params: { limit?: number; offset?: number } = {},
): Promise<HttpResponse> {
  const query = [
    ...(params.limit === undefined ? [] : [`limit=${params.limit}`]),
    ...(params.offset === undefined ? [] : [`offset=${params.offset}`]),
  ].join('&');
  return http.send({
    method: request.method ?? 'GET',
    path: query === '' ? request.path : `${request.path}?${query}`,
    headers: request.headers ?? {},
    ...(request.json === undefined ? {} : { json: request.json }),
  });
}

/**
 * The items of one page. A failure status or a body that is not JSON breaks the route's rule
 * (BrokenFeature); JSON that is not an array is a shape the spec may leave open (`shapeStated`
 * false: Unjudgeable, naming what was expected).
 */
export function itemsOf<T>(answer: HttpResponse, asked: Asked, shapeStated: boolean): T[] {
  requireSuccess(answer, asked);
  const body = jsonOf(answer);
  if (Array.isArray(body)) return body as T[];
  const message = `${asked.what} answered ${body === undefined ? 'a body that is not JSON' : 'JSON that is not an array'}: expected a JSON array of items (${asked.rule}); ${excerpt(answer)}`;
  if (body === undefined || shapeStated) throw new BrokenFeature(message, asked.rule);
  throw new Unjudgeable(`could not judge: ${message}`);
}

/** Every item of the collection, paging forward with the route's own maximum. */
export async function readCollection<T>(
  http: HttpClient,
  request: CollectionRequest,
  asked: Asked,
  shapeStated: boolean,
): Promise<Collection<T>> {
  const first = await fetchPage(http, request);
  const items = itemsOf<T>(first, asked, shapeStated);
  const pages = [first];
  const { limit: announced, limitMax } = pageHeaders(first);
  const step = positive(limitMax) ?? positive(announced);
  // The limit the last page was served with, its length, and the collection's latest size.
  let used = positive(announced) ?? items.length;
  let last = items.length;
  let size = pageHeaders(first).size;
  let offset = used;
  while (pages.length < MAX_PAGES && last > 0) {
    if (Number.isInteger(size) ? offset >= size : last < used) break;
    const limit = step ?? used;
    const answer = await fetchPage(http, request, { limit, offset });
    const what = `${asked.what}?limit=${limit}&offset=${offset}`;
    // The route served its first page: refusing the limit it announced as its maximum breaks §8
    // ("X-PAGINATION-LIMIT-MAX is the maximum allowed limit"), not the route's own rule.
    if (limit === positive(limitMax) && answer.status >= 400 && answer.status < 500)
      throw new BrokenFeature(
        `${what} answered ${answer.status}: the route refused the limit it announced as its X-PAGINATION-LIMIT-MAX (rest.pagination.limit-max); ${excerpt(answer)}`,
        'rest.pagination.limit-max',
      );
    const page = itemsOf<T>(answer, { ...asked, what }, shapeStated);
    pages.push(answer);
    items.push(...page);
    used = positive(pageHeaders(answer).limit) ?? limit;
    size = pageHeaders(answer).size;
    last = page.length;
    offset += used;
  }
  // Paging forward visits every item (§8.3): fewer than X-PAGINATION-SIZE counts is that rule's
  // failure, which the reader of the list relies on.
  if (pages.length < MAX_PAGES && Number.isInteger(size) && items.length < size)
    throw new BrokenFeature(
      `${asked.what}, paged forward, gave ${items.length} of the ${size} items its X-PAGINATION-SIZE announces (rest.pagination.paging-forward)`,
      'rest.pagination.paging-forward',
      // Or SIZE counts more than the collection holds (§8.2): which one, their own checks say.
      ['rest.pagination.size'],
    );
  return { items, pages };
}

function positive(value: number): number | undefined {
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
