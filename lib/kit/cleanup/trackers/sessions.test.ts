import { describe, expect, test } from 'vitest';
import { SessionTracker } from './sessions.ts';

const login = (name: string, userId: number, hash?: string) => ({
  operation: 'login',
  args: [name, 'secret'],
  value: hash === undefined ? { user_id: userId } : { user_id: userId, session_hash: hash },
});

describe('SessionTracker', () => {
  test('a session opened and not closed is logged out; a closed one is not', () => {
    const sessions = new SessionTracker();
    sessions.observe(login('alice', 101, 'h1'));
    sessions.observe(login('bob', 102, 'h2'));
    sessions.observe({ operation: 'logout', args: ['h2'], value: undefined });
    expect(sessions.plan()).toEqual({
      undo: [
        {
          kind: 'session',
          what: 'SOAP session',
          call: { kind: 'soap', service: 'login', operation: 'logout', args: ['h1'] },
        },
      ],
      remaining: [],
    });
  });

  test('each login name maps to the user id its login answered, session or not', () => {
    const sessions = new SessionTracker();
    sessions.observe(login('alice', 101));
    sessions.observe({ operation: 'addProjectMember', args: ['k', '101', 'x'], value: true });
    expect([...sessions.userIds]).toEqual([['alice', '101']]);
    expect(sessions.plan().undo).toEqual([]);
  });
});
