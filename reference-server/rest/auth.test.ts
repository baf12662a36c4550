/** §5.2 and §4.3 rule 2 over the wire: anonymous, token and Basic access; invalid credentials; expiry. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../listen.ts';
import {
  ANONYMOUS,
  basicCaller,
  call,
  startRest,
  tokenCaller,
  type Caller,
} from '../../tests/support/rest-calls.ts';

let server: RunningServer;
let alice: Caller;
let carol: Caller;
beforeAll(async () => {
  server = await startRest();
  [alice, carol] = await Promise.all([tokenCaller(server, 'alice'), tokenCaller(server, 'carol')]);
});
afterAll(() => server.close());

describe('who may read (§5.2.1)', () => {
  test('a public project is readable anonymously; a private one answers 401 anonymously', async () => {
    expect((await call(server, ANONYMOUS, 'GET', '/api/projects/101')).status).toBe(200);
    expect((await call(server, ANONYMOUS, 'GET', '/api/projects/101/trackers')).status).toBe(200);
    const denied = await call(server, ANONYMOUS, 'GET', '/api/projects/102');
    expect(denied.status).toBe(401);
    expect(denied.json()).toEqual({
      error: { code: 401, message: expect.stringMatching(/^Unauthorized: /) },
    });
  });

  test('a private project answers 403 to an outsider and 200 to a member, by token or Basic', async () => {
    expect((await call(server, carol, 'GET', '/api/projects/102')).status).toBe(403);
    expect((await call(server, alice, 'GET', '/api/projects/102')).status).toBe(200);
    expect((await call(server, basicCaller('bob'), 'GET', '/api/projects/102')).status).toBe(200);
    expect((await call(server, basicCaller('admin'), 'GET', '/api/projects/102')).status).toBe(200);
  });

  test('the project list shows private projects to their members only', async () => {
    const ids = async (caller: Caller) =>
      (await call(server, caller, 'GET', '/api/projects'))
        .json<Array<{ id: number }>>()
        .map((p) => p.id);
    expect(await ids(ANONYMOUS)).toEqual([101]);
    expect(await ids(carol)).toEqual([101]);
    expect(await ids(alice)).toEqual([101, 102]);
  });
});

describe('invalid credentials fail even on an anonymous resource (§4.3 rule 2, §7.2)', () => {
  test.each([
    ['an unknown token', { 'X-Auth-Token': '0'.repeat(32), 'X-Auth-UserId': '102' }],
    ['a token with another user id', 'swap'],
    ['a token without its user id', 'token-only'],
    ['a wrong Basic password', basicCaller('alice', 'wrong').headers],
    ['an unknown Basic user', basicCaller('nobody').headers],
    ['a suspended Basic user', basicCaller('dave').headers],
    ['another scheme', { Authorization: 'Bearer abc' }],
  ])('%s → 401 on GET /api/projects/101', async (_, given) => {
    const headers =
      given === 'swap'
        ? { ...alice.headers, 'X-Auth-UserId': '104' }
        : given === 'token-only'
          ? { 'X-Auth-Token': alice.headers['X-Auth-Token']! }
          : (given as Record<string, string>);
    const answer = await call(server, { headers }, 'GET', '/api/projects/101');
    expect(answer.status).toBe(401);
    expect(answer.json<{ error: { code: number } }>().error.code).toBe(401);
  });

  test('a wrong Basic password gets the Basic challenge', async () => {
    const answer = await call(server, basicCaller('alice', 'wrong'), 'GET', '/api/projects');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
  });
});

describe('only the exact credentials authenticate (spec/matrix/credentials.ts)', () => {
  const token = () => alice.headers['X-Auth-Token']!;
  const id = () => alice.headers['X-Auth-UserId']!;
  test.each([
    [
      'the token in capitals',
      () => ({ 'X-Auth-Token': token().toUpperCase(), 'X-Auth-UserId': id() }),
    ],
    [
      'the token with a character before it',
      () => ({ 'X-Auth-Token': `0${token()}`, 'X-Auth-UserId': id() }),
    ],
    [
      'the token with a character after it',
      () => ({ 'X-Auth-Token': `${token()}0`, 'X-Auth-UserId': id() }),
    ],
    [
      "another user's token with one's own id",
      () => ({ 'X-Auth-Token': carol.headers['X-Auth-Token']!, 'X-Auth-UserId': id() }),
    ],
    [
      'the right Basic password with spaces around it',
      () => basicCaller('alice', ' alice-pass ').headers,
    ],
  ])('%s → 401 on the public and the private project', async (_, headers) => {
    for (const path of ['/api/projects/101', '/api/projects/102'])
      expect((await call(server, { headers: headers() }, 'GET', path)).status, path).toBe(401);
  });

  test('a wrong password right after the right one: 401 with Basic, no token from POST /api/tokens', async () => {
    expect((await call(server, basicCaller('alice'), 'GET', '/api/projects/102')).status).toBe(200);
    expect(
      (await call(server, basicCaller('alice', 'wrong'), 'GET', '/api/projects/102')).status,
    ).toBe(401);
    await tokenCaller(server, 'alice');
    for (const password of ['alice-pass-wrong', ' alice-pass '])
      expect(
        (
          await call(server, ANONYMOUS, 'POST', '/api/tokens', {
            json: { username: 'alice', password },
          })
        ).status,
        password,
      ).toBe(401);
  });
});

describe('tokens (§5.2.3–5)', () => {
  test('a token works until 24 h − 1 s, answers 401 at 24 h + 1 s, and a new token then works', async () => {
    const own = await startRest();
    try {
      const bob = await tokenCaller(own, 'bob');
      const advance = (advanceSeconds: number) =>
        call(own, ANONYMOUS, 'POST', '/__conformance/clock', { json: { advanceSeconds } });
      await advance(24 * 3600 - 1);
      expect((await call(own, bob, 'GET', '/api/projects/102')).status).toBe(200);
      await advance(2);
      expect((await call(own, bob, 'GET', '/api/projects/102')).status).toBe(401);
      expect(
        (await call(own, bob, 'GET', '/api/projects/101')).status,
        'even anonymous routes',
      ).toBe(401);
      expect(
        (await call(own, await tokenCaller(own, 'bob'), 'GET', '/api/projects/102')).status,
      ).toBe(200);
    } finally {
      await own.close();
    }
  });

  test('DELETE /api/tokens/<token> revokes it; another user cannot; DELETE /api/tokens revokes all', async () => {
    const first = await tokenCaller(server, 'bob');
    const second = await tokenCaller(server, 'bob');
    const token = first.headers['X-Auth-Token']!;
    expect((await call(server, ANONYMOUS, 'DELETE', `/api/tokens/${token}`)).status).toBe(401);
    expect((await call(server, carol, 'DELETE', `/api/tokens/${token}`)).status).toBe(400);
    expect((await call(server, second, 'DELETE', `/api/tokens/${token}`)).status).toBe(204);
    expect((await call(server, first, 'GET', '/api/projects/102')).status).toBe(401);
    expect((await call(server, second, 'DELETE', '/api/tokens')).status).toBe(204);
    expect((await call(server, second, 'GET', '/api/projects/102')).status).toBe(401);
  });
});
