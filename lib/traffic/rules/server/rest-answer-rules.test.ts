import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import { rest } from '../../../../tests/support/traffic-server-exchanges.ts';
import { artifactVersionHeadersRule } from './artifact-version-headers.ts';
import { paginationPageRule } from './pagination-page.ts';
import { tokenAnswerRule } from './token-answer.ts';

const page = (limit: number, offset: number, size: number, max = 50) => ({
  'X-PAGINATION-LIMIT': String(limit),
  'X-PAGINATION-OFFSET': String(offset),
  'X-PAGINATION-SIZE': String(size),
  'X-PAGINATION-LIMIT-MAX': String(max),
});
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('one page of a collection from traffic', () => {
  it('passes pages that agree with their headers, past the end included', () => {
    const outcome = judgeExchanges(
      [
        rest('GET', '/api/projects', 200, items(10), page(10, 0, 12)),
        rest('GET', '/api/projects?limit=10&offset=10', 200, items(2), page(10, 10, 12)),
        rest('GET', '/api/projects?offset=40', 200, [], page(10, 40, 12)),
        rest('POST', '/api/trackers/9/artifacts?limit=70', 200, items(5), page(50, 0, 5)),
      ],
      [paginationPageRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.pagination.headers': 4,
      'rest.pagination.offset': 4,
      'rest.pagination.size': 4,
      'rest.pagination.limit-chunk': 4,
      'rest.pagination.limit-max': 1,
    });
  });

  it('fails a missing header, an offset not echoed, a size below the page, an overfull page, an honoured limit over the max', () => {
    const outcome = judgeExchanges(
      [
        rest('GET', '/api/projects/101/trackers', 200, items(1), {
          'X-PAGINATION-LIMIT': '10',
        }),
        rest('GET', '/api/projects?offset=5', 200, items(5), page(10, 0, 10)),
        rest('GET', '/api/projects?limit=3&offset=6', 200, items(3), page(3, 6, 3)),
        rest('GET', '/api/projects', 200, items(20), page(10, 0, 30)),
        rest('POST', '/api/trackers/9/artifacts?limit=80', 200, items(80), page(80, 0, 90)),
      ],
      [paginationPageRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'rest.pagination.headers': 1,
      'rest.pagination.offset': 1,
      'rest.pagination.size': 1,
      'rest.pagination.limit-chunk': 1,
      'rest.pagination.limit-max': 1,
    });
  });

  it('fails a limit equal to the announced maximum refused with 406', () => {
    const outcome = judgeExchanges(
      [
        rest('GET', '/api/projects', 200, items(10), page(10, 0, 12)),
        rest('GET', '/api/projects?limit=50', 406, { error: { code: 406 } }),
      ],
      [paginationPageRule],
    );
    expect(failuresOf(outcome)).toEqual({ 'rest.pagination.limit-max': 1 });
  });
});

describe('Etag and Last-Modified on artifact GETs from traffic', () => {
  it('passes both headers, in any form of date, and fails a GET without them', () => {
    const outcome = judgeExchanges(
      [
        rest(
          'GET',
          '/api/artifacts/7',
          200,
          { id: 7 },
          {
            Etag: '"abc"',
            'Last-Modified': 'Thu, 01 Jan 2026 10:00:00 GMT',
          },
        ),
        rest(
          'GET',
          '/artifacts/7',
          200,
          { id: 7 },
          {
            etag: '1767261600',
            'last-modified': '2026-01-01T10:00:00+00:00',
          },
        ),
        rest('GET', '/artifacts/7', 200, { id: 7 }, { 'Last-Modified': 'yesterday' }),
      ],
      [artifactVersionHeadersRule],
    );
    expect(passesOf(outcome)).toEqual({
      'rest.concurrency.etag': 2,
      'rest.concurrency.last-modified': 2,
    });
    expect(failuresOf(outcome)).toEqual({
      'rest.concurrency.etag': 1,
      'rest.concurrency.last-modified': 1,
    });
  });
});

describe('the token answer from traffic', () => {
  const token = { user_id: '102', token: 'abcdef0123', uri: '/api/tokens/abcdef0123' };

  it('passes 200 with string fields and the /api/tokens/<token> uri, redacted alike', () => {
    const outcome = judgeExchanges(
      [
        rest('POST', '/api/tokens', 200, token),
        rest('POST', '/api/tokens', 200, {
          user_id: '102',
          token: '«redacted»',
          uri: '/api/tokens/«redacted»',
        }),
      ],
      [tokenAnswerRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.tokens.create': 2,
      'rest.tokens.fields': 2,
      'rest.tokens.uri-form': 2,
    });
  });

  it('fails 201, a numeric user_id and a relative uri; a refusal is not judged', () => {
    const outcome = judgeExchanges(
      [
        rest('POST', '/api/tokens', 201, token),
        rest('POST', '/api/tokens', 200, { ...token, user_id: 102 }),
        rest('POST', '/api/tokens', 200, { ...token, uri: 'tokens/abcdef0123' }),
        rest('POST', '/api/tokens', 401, { error: { code: 401 } }),
      ],
      [tokenAnswerRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'rest.tokens.create': 1,
      'rest.tokens.fields': 1,
      'rest.tokens.uri-form': 1,
    });
  });
});
