/**
 * §8 pagination: limit and offset query parameters, the four X-PAGINATION headers. Every collection
 * route defaults to 10 items and allows 50 (the real system, tuleap-facts B.7); a limit over the
 * maximum answers 406 as the real system; limit 0, negative or non-integer values answer 400; an
 * offset past the end answers 200 with an empty page.
 */
import type { Faults } from '../faults.ts';
import { RestError } from './rest-error.ts';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

export function paginate<T>(items: readonly T[], query: URLSearchParams, faults: Faults): Page<T> {
  const limit = parameter(query, 'limit', DEFAULT_LIMIT);
  const offset = parameter(query, 'offset', 0);
  if (limit === 0) throw new RestError(400, 'limit must be at least 1');
  if (limit > MAX_LIMIT && !faults.on('pagination-limit-unbounded'))
    throw new RestError(406, `Maximum value for limit exceeded (${MAX_LIMIT})`);
  return {
    items: faults.on('pagination-skips-one')
      ? items.slice(offset + 1, offset + 1 + limit)
      : items.slice(offset, offset + limit),
    headers: {
      'X-PAGINATION-LIMIT': String(limit),
      'X-PAGINATION-OFFSET': String(faults.on('pagination-offset-zero') ? 0 : offset),
      'X-PAGINATION-SIZE': String(
        faults.on('pagination-size-is-page')
          ? items.slice(offset, offset + limit).length
          : items.length,
      ),
      'X-PAGINATION-LIMIT-MAX': String(MAX_LIMIT),
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
