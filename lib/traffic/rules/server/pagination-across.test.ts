import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import { rest } from '../../../../tests/support/traffic-server-exchanges.ts';
import { paginationAcrossRule } from './pagination-across.ts';

const T0 = Date.UTC(2026, 0, 1, 10);
const headers = (limit: number, offset: number, size: number) => ({
  'X-PAGINATION-LIMIT': String(limit),
  'X-PAGINATION-OFFSET': String(offset),
  'X-PAGINATION-SIZE': String(size),
  'X-PAGINATION-LIMIT-MAX': '50',
});
const ids = (...list: number[]) => list.map((id) => ({ id }));
const page = (offset: number, size: number, items: object[], ms: number, took = 10) =>
  rest(
    'GET',
    `/api/projects/101/trackers?limit=2&offset=${offset}`,
    200,
    items,
    headers(2, offset, size),
    {
      at: T0 + ms,
      took,
    },
  );
const later = (ms: number) => rest('GET', '/api/projects/102', 200, {}, {}, { at: T0 + ms });

describe('pages of one collection from traffic', () => {
  it('passes pages that agree on the size and place each item once', () => {
    const outcome = judgeExchanges(
      [page(0, 5, ids(1, 2), 0), page(2, 5, ids(3, 4), 100), page(4, 5, ids(5), 200)],
      [paginationAcrossRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.pagination.size': 2,
      'rest.pagination.paging-forward': 2,
    });
  });

  it('compares only pages of one walk: a page fetched again, or a minute later, may differ by writes the traffic does not hold', () => {
    const outcome = judgeExchanges(
      [
        page(0, 5, ids(1, 2), 0),
        page(0, 7, ids(9, 1), 200),
        page(2, 5, ids(2, 3), 60_000),
        later(70_000),
      ],
      [paginationAcrossRule],
    );
    expect(failuresOf(outcome)).toEqual({});
  });

  it('fails a size that changes and an item shown twice, once no write can have raced them', () => {
    const outcome = judgeExchanges(
      [
        page(0, 5, ids(1, 2), 0),
        page(2, 6, ids(3, 4), 100),
        page(2, 5, ids(2, 3), 200),
        later(1000),
      ],
      [paginationAcrossRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'rest.pagination.size': 1,
      'rest.pagination.paging-forward': 1,
    });
  });

  it('does not compare pages a write may have changed in between, or while the later one ran', () => {
    const between = judgeExchanges(
      [
        page(0, 5, ids(1, 2), 0),
        rest('PUT', '/api/projects/101', 200, {}, {}, { at: T0 + 50 }),
        page(2, 6, ids(3, 4), 100),
        later(1000),
      ],
      [paginationAcrossRule],
    );
    expect(failuresOf(between)).toEqual({});
    const racing = judgeExchanges(
      [
        page(0, 5, ids(1, 2), 0),
        page(2, 6, ids(3, 4), 100, 100),
        rest('DELETE', '/api/projects/101/x', 200, {}, {}, { at: T0 + 150 }),
        later(1000),
      ],
      [paginationAcrossRule],
    );
    expect(failuresOf(racing)).toEqual({});
  });
});
