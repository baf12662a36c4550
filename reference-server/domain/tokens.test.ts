import { describe, expect, test } from 'vitest';
import { systemClock } from './clock.ts';
import { TOKEN_LIFETIME_MS, Tokens } from './tokens.ts';

describe('Tokens (§5.2.5: 24 hours on the server clock)', () => {
  test('a token is 128 random bits and belongs to its user only', () => {
    const tokens = new Tokens(systemClock());
    const token = tokens.issue(102);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(tokens.issue(102)).not.toBe(token);
    expect(tokens.verify('102', token)).toBe(102);
    expect(tokens.verify('103', token)).toBeUndefined();
    expect(tokens.verify('102', `${token}0`)).toBeUndefined();
  });

  test('tokens drawn across refills of the random pool are all distinct', () => {
    const tokens = new Tokens(systemClock());
    const issued = Array.from({ length: 1000 }, () => tokens.issue(102));
    expect(issued.every((t) => /^[0-9a-f]{32}$/.test(t))).toBe(true);
    expect(new Set(issued).size).toBe(1000);
    expect(issued.every((t) => tokens.verify('102', t) === 102)).toBe(true);
  });

  test('works until 24 h − 1 s, expires at 24 h, and revocation ends it', () => {
    const clock = systemClock();
    const tokens = new Tokens(clock);
    const token = tokens.issue(1);
    clock.advance(TOKEN_LIFETIME_MS / 1000 - 1);
    expect(tokens.verify('1', token)).toBe(1);
    clock.advance(1);
    expect(tokens.verify('1', token)).toBeUndefined();
    const other = tokens.issue(1);
    expect(tokens.revoke(2, other), 'another user cannot revoke it').toBe(false);
    expect(tokens.revoke(1, other)).toBe(true);
    expect(tokens.verify('1', other)).toBeUndefined();
    const third = tokens.issue(1);
    tokens.revokeAll(1);
    expect(tokens.verify('1', third)).toBeUndefined();
  });
});
