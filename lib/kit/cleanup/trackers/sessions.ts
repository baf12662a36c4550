/**
 * SOAP sessions (the login service, {base_url}/soap/): a session the test opened and did not close
 * is logged out; the user id each login answered serves the membership tracker.
 */
import type { CleanupPart } from '../types.ts';
import type { SoapCall } from './soap-call.ts';

export class SessionTracker {
  private readonly open = new Set<string>();
  private readonly ids = new Map<string, string>();
  /** By session key, the login name it was opened for. */
  private readonly logins = new Map<string, string>();

  observe(call: SoapCall): void {
    // login(loginname, passwd) → Session {user_id, session_hash}; logout(sessionKey).
    const [first = ''] = call.args;
    if (call.operation === 'login') {
      const session = call.value as { user_id?: unknown; session_hash?: unknown } | undefined;
      if (typeof session?.session_hash === 'string') {
        this.open.add(session.session_hash);
        this.logins.set(session.session_hash, first);
      }
      this.ids.set(first, String(session?.user_id));
    } else if (call.operation === 'logout') this.open.delete(first);
  }

  /** By login name, the user id its login answered. */
  get userIds(): ReadonlyMap<string, string> {
    return this.ids;
  }

  /** The login name a session key was opened for, when the test opened it. */
  loginOf(key: string | number | undefined): string | undefined {
    return typeof key === 'string' ? this.logins.get(key) : undefined;
  }

  plan(): CleanupPart {
    return {
      undo: [...this.open].map((session) => ({
        kind: 'session',
        what: 'SOAP session',
        call: { kind: 'soap', service: 'login', operation: 'logout', args: [session] },
      })),
      remaining: [],
    };
  }
}
