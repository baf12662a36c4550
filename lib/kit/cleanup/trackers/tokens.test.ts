import { describe, expect, test } from 'vitest';
import { TokenTracker } from './tokens.ts';

describe('TokenTracker', () => {
  test('a token obtained and not deleted is deleted with its own credentials', () => {
    const tokens = new TokenTracker();
    tokens.observe({ kind: 'token', token: 'a/b', userId: '102' });
    tokens.observe({ kind: 'token', token: 't2', userId: '103' });
    tokens.observe({ kind: 'token-deleted', token: 't2' });
    expect(tokens.plan()).toEqual({
      undo: [
        {
          kind: 'token',
          what: 'token of user 102',
          call: {
            kind: 'rest',
            method: 'DELETE',
            path: '/api/tokens/a%2Fb',
            headers: { 'X-Auth-Token': 'a/b', 'X-Auth-UserId': '102' },
          },
        },
      ],
      remaining: [],
    });
  });
});
