import { describe, expect, test } from 'vitest';
import { caseChanged, prefixed, suffixed } from './credential-text.ts';

describe('a valid token or session key in another form', () => {
  test.each(['abcd1234', '0a1B2c', 'ABCDEF', 'f'])(
    'caseChanged(%s) differs in the case of every letter, and only there',
    (valid) => {
      const other = caseChanged(valid)!;
      expect(other).not.toBe(valid);
      expect(other.toLowerCase()).toBe(valid.toLowerCase());
      for (const [i, c] of [...valid].entries())
        if (c.toLowerCase() !== c.toUpperCase()) expect(other[i]).not.toBe(c);
    },
  );

  test('a text without a cased letter has no other case', () => {
    expect(caseChanged('0123456789')).toBeUndefined();
    expect(caseChanged('')).toBeUndefined();
  });

  test.each(['abcd1234', 'x', ''])('prefixed and suffixed(%s) add one character', (valid) => {
    expect(prefixed(valid)).toHaveLength(valid.length + 1);
    expect(prefixed(valid).endsWith(valid)).toBe(true);
    expect(suffixed(valid)).toHaveLength(valid.length + 1);
    expect(suffixed(valid).startsWith(valid)).toBe(true);
  });

  test('the added character is one of the text itself: the alphabet stays the same', () => {
    expect(prefixed('a1f')).toBe('aa1f');
    expect(suffixed('a1f')).toBe('a1ff');
  });
});
