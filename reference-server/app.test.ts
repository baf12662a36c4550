/** The reference server's routes in-process (bound to an ephemeral port), as the wire sees them. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from './listen.ts';

let withControl: RunningServer;
let without: RunningServer;
beforeAll(async () => {
  [withControl, without] = await Promise.all([
    startReferenceServer({ testControl: true }),
    startReferenceServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([withControl.close(), without.close()]);
});

const post = (server: RunningServer, path: string, body: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('POST /api/tokens', () => {
  test('answers 200 with the §2.2 token response', async () => {
    const answer = await post(
      without,
      '/api/tokens',
      '{"username":"alice","password":"alice-pass"}',
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, string>;
    expect(body).toEqual({
      user_id: '102',
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
      uri: `/api/tokens/${body['token']}`,
    });
  });

  test.each([
    ['{"username":"alice","password":"wrong"}', 401],
    ['{"username":"dave","password":"dave-pass"}', 401],
    ['{"username":"alice"}', 400],
    ['[1,2]', 400],
    ['not json', 400],
    ['', 400],
  ])('refuses %s with %i and a JSON error', async (body, status) => {
    const answer = await post(without, '/api/tokens', body);
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(status);
  });

  test('refuses a body over 1 MiB with 413', async () => {
    const answer = await post(without, '/api/tokens', 'x'.repeat(1024 * 1024 + 1));
    expect(answer.status).toBe(413);
  });
});

describe('test control (design.md)', () => {
  test('POST /__conformance/clock answers 204 only with --test-control; 404 without', async () => {
    expect((await post(withControl, '/__conformance/clock', '{"advanceSeconds":0}')).status).toBe(
      204,
    );
    expect((await post(without, '/__conformance/clock', '{"advanceSeconds":0}')).status).toBe(404);
  });

  test('refuses a non-numeric advance', async () => {
    for (const body of ['{"advanceSeconds":"1"}', '{}', 'x']) {
      expect((await post(withControl, '/__conformance/clock', body)).status, body).toBe(400);
    }
  });

  test('a negative advance sets the clock back, never behind real time', async () => {
    const ahead = () => withControl.app.state.clock.now() - Date.now();
    const before = ahead();
    expect(
      (await post(withControl, '/__conformance/clock', '{"advanceSeconds":3601}')).status,
    ).toBe(204);
    expect(
      (await post(withControl, '/__conformance/clock', '{"advanceSeconds":-3601}')).status,
    ).toBe(204);
    expect(Math.abs(ahead() - before)).toBeLessThan(1000);
    expect(
      (await post(withControl, '/__conformance/clock', '{"advanceSeconds":-1e9}')).status,
    ).toBe(204);
    expect(Math.abs(ahead())).toBeLessThan(1000);
  });

  test('moving the clock past 24 h expires a token (read back through the domain)', async () => {
    const answer = await post(
      withControl,
      '/api/tokens',
      '{"username":"bob","password":"bob-pass"}',
    );
    const { token, user_id } = (await answer.json()) as { token: string; user_id: string };
    expect(withControl.app.state.tokens.verify(user_id, token)).toBe(103);
    expect(
      (await post(withControl, '/__conformance/clock', '{"advanceSeconds":86400}')).status,
    ).toBe(204);
    expect(withControl.app.state.tokens.verify(user_id, token)).toBeUndefined();
  });
});
