import { describe, expect, test } from 'vitest';
import { unknownToken } from './invalid-credentials.ts';

describe('unknownToken', () => {
  test.each(['abcd1234', 'abcd0000', 'ff0a10', '0000'])(
    'differs from %s in each of its last four characters',
    (valid) => {
      const unknown = unknownToken(valid);
      expect(unknown).toHaveLength(valid.length);
      expect(unknown.slice(0, -4)).toBe(valid.slice(0, -4));
      for (let i = 1; i <= 4; i++) expect(unknown.at(-i)).not.toBe(valid.at(-i));
    },
  );
});
