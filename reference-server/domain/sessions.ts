/**
 * SOAP session keys (§5.1.4 'not shown'; the real system's core login, docs/real-system.md).
 * A session lasts 24 hours on the server clock (recorded decision).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.ts';

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export class Sessions {
  private readonly byHash = new Map<string, { userId: number; createdAt: number }>();

  constructor(private readonly clock: Clock) {}

  open(userId: number): string {
    const hash = randomBytes(16).toString('hex');
    this.byHash.set(hash, { userId, createdAt: this.clock.now() });
    return hash;
  }

  /** The user id of a live session, else undefined. */
  userOf(hash: string): number | undefined {
    const session = this.byHash.get(hash);
    if (!session) return undefined;
    if (this.clock.now() >= session.createdAt + SESSION_LIFETIME_MS) {
      this.byHash.delete(hash);
      return undefined;
    }
    return session.userId;
  }

  /** How many sessions are still open (for tests that check a client left none behind). */
  live(): number {
    const now = this.clock.now();
    return [...this.byHash.values()].filter((s) => now < s.createdAt + SESSION_LIFETIME_MS).length;
  }

  close(hash: string): boolean {
    return this.byHash.delete(hash);
  }
}
