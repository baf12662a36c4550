import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import { rest } from '../../../../tests/support/traffic-server-exchanges.ts';
import { tokensInUseRule } from './tokens-in-use.ts';

const T0 = Date.UTC(2026, 0, 1, 10);
const HOUR = 3_600_000;
const issue = (token: string, ms = 0) =>
  rest(
    'POST',
    '/api/tokens',
    200,
    { user_id: '102', token, uri: `/api/tokens/${token}` },
    {},
    {
      at: T0 + ms,
    },
  );
const use = (token: string, status: number, ms: number, userId = '102') =>
  rest(
    'GET',
    '/api/projects',
    status,
    [],
    {},
    {
      at: T0 + ms,
      requestHeaders: { 'X-Auth-Token': token, 'X-Auth-UserId': userId },
    },
  );
const advance = (seconds: number, ms: number) =>
  rest(
    'POST',
    '/__conformance/clock',
    204,
    undefined,
    {},
    {
      at: T0 + ms,
      requestBody: JSON.stringify({ advanceSeconds: seconds }),
    },
  );

describe('tokens in use from traffic', () => {
  it('passes a token accepted within 24 h and refused after, by the traffic clock or the test-control clock', () => {
    const outcome = judgeExchanges(
      [
        issue('aaaa1111'),
        use('aaaa1111', 200, 1000),
        use('aaaa1111', 401, 25 * HOUR),
        issue('bbbb2222', 25 * HOUR + 1000),
        advance(24 * 3600 - 10, 25 * HOUR + 2000),
        use('bbbb2222', 200, 25 * HOUR + 3000),
        advance(20, 25 * HOUR + 4000),
        use('bbbb2222', 401, 25 * HOUR + 5000),
      ],
      [tokensInUseRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({
      'rest.auth.token-lifetime': 2,
      'rest.auth.token-expired-401': 2,
    });
  });

  it('fails a token accepted after 24 h, one refused within, one accepted with another user id or after DELETE', () => {
    const outcome = judgeExchanges(
      [
        issue('aaaa1111'),
        issue('cccc3333', 10),
        use('aaaa1111', 401, 1000),
        use('aaaa1111', 200, 2000, '103'),
        rest(
          'DELETE',
          '/api/tokens/cccc3333',
          200,
          undefined,
          {},
          {
            at: T0 + 3000,
            requestHeaders: { 'X-Auth-Token': 'cccc3333', 'X-Auth-UserId': '102' },
          },
        ),
        use('cccc3333', 200, 4000),
        use('aaaa1111', 200, 25 * HOUR),
      ],
      [tokensInUseRule],
    );
    expect(failuresOf(outcome)).toEqual({
      'rest.auth.token-lifetime': 1,
      'rest.auth.token-expired-401': 1,
      'rest.auth.invalid-credentials-fail': 2,
    });
  });

  it('does not judge a «redacted» token, nor one this traffic never issued', () => {
    const outcome = judgeExchanges(
      [issue('«redacted»'), use('«redacted»', 200, 30 * HOUR), use('dddd4444', 200, 30 * HOUR)],
      [tokensInUseRule],
    );
    expect(outcome.findings.size).toBe(0);
  });
});
