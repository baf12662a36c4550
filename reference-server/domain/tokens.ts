import { LIMITS } from '../../spec/limits.ts';
import { randomFillSync } from 'node:crypto';
import type { Clock } from './clock.ts';

/** §5.2.5 and §8: a token lasts 24 hours from its creation, on the server clock. */
export const TOKEN_LIFETIME_MS = LIMITS.tokenLifetimeHours * 3600 * 1000;

interface Token {
  userId: number;
  createdAt: number;
}

/**
 * Tokens are kept by their value in a Map: a lookup hashes the value sent and compares contents
 * only with a stored token of the same hash, so its time tells an attacker nothing useful about a
 * 128-bit secret. (They were kept by SHA-256 digest: two digests per authenticated request, for no
 * further protection.) The user id, not a secret, is compared once the token is found.
 */
export class Tokens {
  private readonly byValue = new Map<string, Token>();

  constructor(
    private readonly clock: Clock,
    private readonly lifetimeMs = TOKEN_LIFETIME_MS,
  ) {}

  /** 128 random bits, hex encoded (the real system's form: 32 hex digits). */
  issue(userId: number): string {
    const value = randomHex16();
    this.byValue.set(value, { userId, createdAt: this.clock.now() });
    return value;
  }

  /** The user id when the (user id, token) pair is valid and unexpired, else undefined. */
  verify(userId: string, value: string): number | undefined {
    const token = this.byValue.get(value);
    if (!token || String(token.userId) !== userId) return undefined;
    if (this.clock.now() >= token.createdAt + this.lifetimeMs) {
      this.byValue.delete(value);
      return undefined;
    }
    return token.userId;
  }

  /** Whether the token was issued and has expired (not yet forgotten by verify). */
  expired(value: string): boolean {
    const token = this.byValue.get(value);
    return token !== undefined && this.clock.now() >= token.createdAt + this.lifetimeMs;
  }

  /** Revokes one token of this user; false when it is not theirs (or unknown, or expired). */
  revoke(userId: number, value: string): boolean {
    if (this.verify(String(userId), value) === undefined) return false;
    return this.byValue.delete(value);
  }

  /** How many tokens still work (for tests that check a client left none behind). */
  live(): number {
    const now = this.clock.now();
    return [...this.byValue.values()].filter((t) => now < t.createdAt + this.lifetimeMs).length;
  }

  revokeAll(userId: number): void {
    for (const [key, token] of this.byValue) if (token.userId === userId) this.byValue.delete(key);
  }
}

/**
 * 16 random bytes as 32 hex digits, drawn from a pool refilled 4 KiB at a time: one call into the
 * CSPRNG per 256 tokens instead of one per token (as crypto.randomUUID caches its randomness).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomHex16(): string {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 16;
  return pool.toString('hex', poolOffset - 16, poolOffset);
}
