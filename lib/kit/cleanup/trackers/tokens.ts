/** REST tokens (§5.2): a token the test obtained and did not delete is deleted. */
import type { CleanupPart } from '../types.ts';
import type { WireAction } from '../wire-actions.ts';

export class TokenTracker {
  /** By token, the user id it was issued to. */
  private readonly tokens = new Map<string, string>();

  observe(action: Extract<WireAction, { kind: 'token' | 'token-deleted' }>): void {
    if (action.kind === 'token') this.tokens.set(action.token, action.userId);
    else this.tokens.delete(action.token);
  }

  plan(): CleanupPart {
    return {
      undo: [...this.tokens].map(([token, userId]) => ({
        kind: 'token',
        what: `token of user ${userId}`,
        call: {
          kind: 'rest',
          method: 'DELETE',
          path: `/api/tokens/${encodeURIComponent(token)}`,
          headers: { 'X-Auth-Token': token, 'X-Auth-UserId': userId },
        },
      })),
      remaining: [],
    };
  }
}
