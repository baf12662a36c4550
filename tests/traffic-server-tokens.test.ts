/**
 * Tokens judged from traffic that shows them, as `monitor` sees it (a HAR of the harness redacts
 * them): a token used past 24 hours of the server's clock is refused by a correct server and
 * accepted by one with the planted fault token-never-expires, and the rule tells which.
 */
import { describe, expect, it } from 'vitest';
import type { TrafficExchange } from '../lib/traffic/exchange.ts';
import { tokensInUseRule } from '../lib/traffic/rules/server/tokens-in-use.ts';
import { CLOCK_PATH } from '../spec/test-control.ts';
import { startServerProcess } from './support/cli.ts';
import { failuresOf, judgeExchanges, passesOf } from './support/traffic-server-har.ts';

/** One exchange sent with fetch and recorded as traffic. */
async function send(
  recorded: TrafficExchange[],
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<unknown> {
  const startedMs = Date.now();
  const requestBody = body === undefined ? '' : JSON.stringify(body);
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: requestBody }),
  });
  const text = await answer.text();
  const endedMs = Date.now();
  recorded.push({
    seq: recorded.length + 1,
    startedMs,
    endedMs,
    method,
    url: `${base}${path}`,
    requestHeaders: Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]),
    ),
    requestBody,
    status: answer.status,
    responseHeaders: Object.fromEntries(answer.headers),
    responseBody: text,
    durationMs: endedMs - startedMs,
  });
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

async function tokenDayAgainst(server: string[]): Promise<TrafficExchange[]> {
  const target = await startServerProcess('reference-server/main.ts', [
    '--port',
    '0',
    '--test-control',
    ...server,
  ]);
  const recorded: TrafficExchange[] = [];
  try {
    const { token, user_id: userId } = (await send(
      recorded,
      target.url,
      'POST',
      '/api/tokens',
      {},
      {
        username: 'bob',
        password: 'bob-pass',
      },
    )) as { token: string; user_id: string };
    const auth = { 'X-Auth-Token': token, 'X-Auth-UserId': String(userId) };
    await send(recorded, target.url, 'GET', '/api/projects', auth);
    await send(recorded, target.url, 'POST', CLOCK_PATH, {}, { advanceSeconds: 24 * 3600 + 1 });
    await send(recorded, target.url, 'GET', '/api/projects', auth);
    return recorded;
  } finally {
    await target.stop();
  }
}

describe('a token used past 24 hours, from traffic', () => {
  it('passes the refusal of a correct server', async () => {
    const outcome = judgeExchanges(await tokenDayAgainst([]), [tokensInUseRule]);
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.auth.token-lifetime': 1,
      'rest.auth.token-expired-401': 1,
    });
  });

  it('fails token-expired-401 on a server whose tokens never expire', async () => {
    const outcome = judgeExchanges(await tokenDayAgainst(['--fault', 'token-never-expires']), [
      tokensInUseRule,
    ]);
    expect(failuresOf(outcome)).toEqual({ 'rest.auth.token-expired-401': 1 });
  });
});
