import { LIMITS } from '../../spec/limits.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from './clock.ts';
import { safeEqual } from './users.ts';

/** §5.2.5 and §8: a token lasts 24 hours from its creation, on the server clock. */
export const TOKEN_LIFETIME_MS = LIMITS.tokenLifetimeHours * 3600 * 1000;

interface Token {
  userId: number;
  createdAt: number;
}

/**
 * Tokens are kept by their SHA-256 digest: a lookup compares digests, never the secret, so its
 * time says nothing about the token (constant-time in effect); the user id is compared with
 * timingSafeEqual.
 */
export class Tokens {
  private readonly byDigest = new Map<string, Token>();

  constructor(
    private readonly clock: Clock,
    private readonly lifetimeMs = TOKEN_LIFETIME_MS,
  ) {}

  /** 128 random bits, hex encoded (the real system's form: 32 hex digits). */
  issue(userId: number): string {
    const value = randomBytes(16).toString('hex');
    this.byDigest.set(digest(value), { userId, createdAt: this.clock.now() });
    return value;
  }

  /** The user id when the (user id, token) pair is valid and unexpired, else undefined. */
  verify(userId: string, value: string): number | undefined {
    const key = digest(value);
    const token = this.byDigest.get(key);
    if (!token || !safeEqual(String(token.userId), userId)) return undefined;
    if (this.clock.now() >= token.createdAt + this.lifetimeMs) {
      this.byDigest.delete(key);
      return undefined;
    }
    return token.userId;
  }

  /** Whether the token was issued and has expired (not yet forgotten by verify). */
  expired(value: string): boolean {
    const token = this.byDigest.get(digest(value));
    return token !== undefined && this.clock.now() >= token.createdAt + this.lifetimeMs;
  }

  /** Revokes one token of this user; false when it is not theirs (or unknown, or expired). */
  revoke(userId: number, value: string): boolean {
    if (this.verify(String(userId), value) === undefined) return false;
    return this.byDigest.delete(digest(value));
  }

  /** How many tokens still work (for tests that check a client left none behind). */
  live(): number {
    const now = this.clock.now();
    return [...this.byDigest.values()].filter((t) => now < t.createdAt + this.lifetimeMs).length;
  }

  revokeAll(userId: number): void {
    for (const [key, token] of this.byDigest)
      if (token.userId === userId) this.byDigest.delete(key);
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
