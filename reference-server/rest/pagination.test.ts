/** §8 over the wire: the four headers, limit and offset, the maximum, bad values, paging forward. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../listen.ts';
import {
  call,
  issuesTracker,
  startRest,
  tokenCaller,
  type Caller,
} from '../../tests/support/rest-calls.ts';

let server: RunningServer;
let alice: Caller;
let issues: Awaited<ReturnType<typeof issuesTracker>>;
const CREATED = 23;
beforeAll(async () => {
  server = await startRest();
  alice = await tokenCaller(server, 'alice');
  issues = await issuesTracker(server, alice, 101);
  for (let i = 0; i < CREATED; i++) {
    await call(server, alice, 'POST', '/artifacts', {
      json: {
        tracker: { id: issues.id },
        values: [{ field_id: issues.summary, value: `item ${i}` }],
      },
    });
  }
});
afterAll(() => server.close());

const query = (search: string) =>
  call(server, alice, 'POST', `/api/trackers/${issues.id}/artifacts${search}`, { json: {} });

const headersOf = (answer: { headers: Headers }) =>
  ['limit', 'offset', 'size', 'limit-max'].map((h) => answer.headers.get(`x-pagination-${h}`));

describe('pagination (§8)', () => {
  test('defaults: limit 10, offset 0, size the total, limit-max 50', async () => {
    const answer = await query('');
    expect(headersOf(answer)).toEqual(['10', '0', String(CREATED), '50']);
    expect(answer.json<unknown[]>()).toHaveLength(10);
  });

  test('paging forward with offset += limit visits every item exactly once', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < CREATED; offset += 7) {
      const answer = await query(`?limit=7&offset=${offset}`);
      expect(headersOf(answer).slice(0, 2)).toEqual(['7', String(offset)]);
      seen.push(...answer.json<Array<{ id: number }>>().map((a) => a.id));
    }
    expect(seen).toHaveLength(CREATED);
    expect(new Set(seen).size).toBe(CREATED);
  });

  test('an offset past the end answers 200 and an empty page', async () => {
    const answer = await query('?offset=1000');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual([]);
    expect(answer.headers.get('x-pagination-size')).toBe(String(CREATED));
  });

  test.each([
    ['?limit=51', 406],
    ['?limit=1e309', 400],
    ['?limit=0', 400],
    ['?limit=-1', 400],
    ['?limit=abc', 400],
    ['?limit=5.5', 400],
    ['?offset=-3', 400],
    ['?offset=99999999999999999999', 400],
    ['?limit=5&limit=6', 400],
  ])('%s → %i with the error body', async (search, status) => {
    const answer = await query(search);
    expect(answer.status).toBe(status);
    expect(answer.json<{ error: { code: number } }>().error.code).toBe(status);
  });

  test.each([
    '/api/projects',
    '/api/projects/101/trackers',
    '/api/projects/101/user_groups',
    '/api/user_groups/101_3/users',
  ])('%s is paginated too', async (path) => {
    const answer = await call(server, alice, 'GET', `${path}?limit=1`);
    expect(answer.status).toBe(200);
    expect(headersOf(answer).map(Number).every(Number.isInteger)).toBe(true);
    expect(answer.json<unknown[]>().length).toBeLessThanOrEqual(1);
    expect((await call(server, alice, 'GET', `${path}?limit=51`)).status).toBe(406);
  });
});
