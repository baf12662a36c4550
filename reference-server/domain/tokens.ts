import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.ts';
import { safeEqual } from './users.ts';

/** §5.2.5 and §8: a token lasts 24 hours from its creation, on the server clock. */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface Token {
  value: string;
  userId: number;
  createdAt: number;
}

export class Tokens {
  private readonly byValue = new Map<string, Token>();

  constructor(private readonly clock: Clock) {}

  /** 128 random bits, hex encoded (the real system's form: 32 hex digits). */
  issue(userId: number): string {
    const value = randomBytes(16).toString('hex');
    this.byValue.set(value, { value, userId, createdAt: this.clock.now() });
    return value;
  }

  /** The user id when the (user id, token) pair is valid and unexpired, else undefined. */
  verify(userId: string, value: string): number | undefined {
    const token = this.byValue.get(value);
    if (!token || !safeEqual(String(token.userId), userId)) return undefined;
    if (this.clock.now() >= token.createdAt + TOKEN_LIFETIME_MS) {
      this.byValue.delete(value);
      return undefined;
    }
    return token.userId;
  }

  revoke(value: string): boolean {
    return this.byValue.delete(value);
  }
}
