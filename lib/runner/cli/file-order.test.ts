import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { chainRank, LONGEST_CHAINS_FIRST } from './file-order.ts';

describe('file order', () => {
  test('every listed file is a suite file (a renamed suite is not silently left to the end)', () => {
    for (const name of LONGEST_CHAINS_FIRST) expect(existsSync(`${name}.test.ts`), name).toBe(true);
  });

  test('listed files rank in the list order, any other after them', () => {
    expect(chainRank('/repo/suites/soap/membership.test.ts')).toBe(0);
    expect(chainRank('/repo/suites/rest/collections.test.ts')).toBe(1);
    expect(chainRank('/repo/suites/rest/access-matrix.test.ts')).toBe(6);
    expect(chainRank('/repo/suites/rest/tokens.test.ts')).toBe(LONGEST_CHAINS_FIRST.length);
    expect(chainRank('/repo/suites/rest/xml.test.ts')).toBeLessThan(
      chainRank('/repo/suites/soap/wsdl.test.ts'),
    );
  });
});
