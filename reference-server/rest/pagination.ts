/**
 * §8 pagination: limit and offset query parameters, the four X-PAGINATION headers. Every collection
 * route defaults to 10 items and allows 50 (the real system, docs/real-system.md, "Pagination"); a
 * limit over the
 * maximum answers 406 as the real system; limit 0, negative or non-integer values answer 400; an
 * offset past the end answers 200 with an empty page. The variants (variants.ts) take the other
 * choices §8 allows: another maximum per route, 400 or a capped page over it, another order.
 */
import type { Variants } from '../variants.ts';
import { RestError } from './rest-error.ts';
import { PAGINATION_HEADERS } from '../../spec/limits.ts';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

/** The artifact query (GET and POST /trackers/<id>/artifacts) or any other collection. */
export type CollectionKind = 'artifacts' | 'other';

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

/** A collection cut into the page a request asks for (§8), in the order it is served. */
export type Paginate = <T>(all: readonly T[], kind?: CollectionKind) => Page<T>;

interface Bounds {
  defaultLimit: number;
  max: number;
}

export function boundsOf(kind: CollectionKind, variants: Variants): Bounds {
  if (variants.on('limit-max-10')) return { defaultLimit: 10, max: 10 };
  if (kind === 'artifacts' && variants.on('artifact-query-limit-max-100'))
    return { defaultLimit: 100, max: 100 };
  return { defaultLimit: DEFAULT_LIMIT, max: MAX_LIMIT };
}

export function paginate<T>(
  all: readonly T[],
  query: URLSearchParams,
  variants: Variants,
  kind: CollectionKind = 'other',
): Page<T> {
  const { defaultLimit, max } = boundsOf(kind, variants);
  const items = inOrder(all, variants);
  const asked = parameter(query, 'limit', defaultLimit);
  const offset = parameter(query, 'offset', 0);
  if (asked === 0) throw new RestError(400, 'limit must be at least 1');
  let limit = asked;
  if (asked > max) {
    if (variants.on('limit-over-max-capped')) limit = max;
    else
      throw new RestError(
        variants.on('limit-over-max-400') ? 400 : 406,
        `Maximum value for limit exceeded (${max})`,
      );
  }
  return {
    items: items.slice(offset, offset + limit),
    headers: {
      [PAGINATION_HEADERS.limit]: String(limit),
      [PAGINATION_HEADERS.offset]: String(offset),
      [PAGINATION_HEADERS.size]: String(items.length),
      [PAGINATION_HEADERS.limitMax]: String(max),
    },
  };
}

/** The order a collection is served in: by id, or newest first with collections-descending. */
export function inOrder<T>(all: readonly T[], variants: Variants): readonly T[] {
  return variants.on('collections-descending') ? [...all].reverse() : all;
}

function parameter(query: URLSearchParams, name: string, fallback: number): number {
  const values = query.getAll(name);
  if (values.length === 0) return fallback;
  if (values.length > 1) throw new RestError(400, `${name} is given ${values.length} times`);
  const raw = values[0] ?? '';
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value))
    throw new RestError(400, `${name} must be a non-negative integer, got '${raw.slice(0, 40)}'`);
  return value;
}
