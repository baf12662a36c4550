/** parseTarget reads every target as new URL does: generated targets, the plain and the others. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseTarget } from './request-target.ts';

function viaUrl(target: string) {
  try {
    const url = new URL(target, 'http://placeholder');
    return { pathname: url.pathname, query: [...url.searchParams] };
  } catch {
    return 'throws';
  }
}

function viaParse(target: string) {
  try {
    const parsed = parseTarget(target);
    return { pathname: parsed.pathname, query: [...parsed.searchParams] };
  } catch {
    return 'throws';
  }
}

const CHARS = [...'aZ09-_/.%?&=+~#\\ "<>\'[]:@!$()*,;é', '\t', '%2e', '%zz', '..', '//'];

describe('parseTarget', () => {
  test('known targets', () => {
    for (const target of [
      '/',
      '/api/artifacts/12',
      '/api/trackers/3/artifacts?limit=10&offset=20',
      '/api/a//b/',
      '//evil/api',
      '/api/../tokens',
      '/api/%61rtifacts',
      '/api/x?q=%7B%22a%22%3A1%7D&q=+b',
      '/api/x?',
      '/api/x?a#frag',
      '*',
      '//[',
    ])
      expect(viaParse(target), target).toEqual(viaUrl(target));
  });

  test('generated targets', () => {
    const target = fc
      .array(fc.constantFrom(...CHARS), { maxLength: 24 })
      .map((parts) => `/${parts.join('')}`);
    fc.assert(
      fc.property(target, (t) => {
        expect(viaParse(t)).toEqual(viaUrl(t));
      }),
      { numRuns: 5000, seed: 20261125 },
    );
  });
});
