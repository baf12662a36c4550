/**
 * §8 pagination: limit and offset query parameters, the four X-PAGINATION headers. Every collection
 * route defaults to 10 items and allows 50 (the real system, tuleap-facts B.7); a limit over the
 * maximum answers 406 as the real system; limit 0, negative or non-integer values answer 400; an
 * offset past the end answers 200 with an empty page. The variants (variants.ts) take the other
 * choices §8 allows: another maximum per route, 400 or a capped page over it, another order.
 */
import type { Faults } from '../faults.ts';
import type { Variants } from '../variants.ts';
import { RestError } from './rest-error.ts';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

/** The artifact query (GET and POST /trackers/<id>/artifacts) or any other collection. */
export type CollectionKind = 'artifacts' | 'other';

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

interface Bounds {
  defaultLimit: number;
  max: number;
}

function boundsOf(kind: CollectionKind, variants: Variants): Bounds {
  if (variants.on('limit-max-10')) return { defaultLimit: 10, max: 10 };
  if (kind === 'artifacts' && variants.on('artifact-query-limit-max-100'))
    return { defaultLimit: 100, max: 100 };
  return { defaultLimit: DEFAULT_LIMIT, max: MAX_LIMIT };
}

export function paginate<T>(
  all: readonly T[],
  query: URLSearchParams,
  state: { faults: Faults; variants: Variants },
  kind: CollectionKind = 'other',
): Page<T> {
  const { faults, variants } = state;
  const { defaultLimit, max } = boundsOf(kind, variants);
  const items = variants.on('collections-descending') ? [...all].reverse() : all;
  const asked = parameter(query, 'limit', defaultLimit);
  const offset = parameter(query, 'offset', 0);
  if (asked === 0) throw new RestError(400, 'limit must be at least 1');
  if (faults.on('pagination-limit-max-refused') && asked === max)
    throw new RestError(406, `Maximum value for limit exceeded (${max}; planted fault)`);
  let limit = asked;
  if (asked > max && !faults.on('pagination-limit-unbounded')) {
    if (variants.on('limit-over-max-capped')) limit = max;
    else
      throw new RestError(
        variants.on('limit-over-max-400') ? 400 : 406,
        `Maximum value for limit exceeded (${max})`,
      );
  }
  // Planted fault: without a limit the page holds twice what X-PAGINATION-LIMIT announces.
  const served =
    faults.on('pagination-default-page-overfull') && !query.has('limit') ? 2 * limit : limit;
  return {
    items: faults.on('pagination-skips-one')
      ? items.slice(offset + 1, offset + 1 + served)
      : items.slice(offset, offset + served),
    headers: {
      'X-PAGINATION-LIMIT': String(limit),
      'X-PAGINATION-OFFSET': String(faults.on('pagination-offset-zero') ? 0 : offset),
      'X-PAGINATION-SIZE': String(
        faults.on('pagination-size-is-page')
          ? items.slice(offset, offset + limit).length
          : items.length,
      ),
      'X-PAGINATION-LIMIT-MAX': String(max),
    },
  };
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
