import { describe, expect, test } from 'vitest';
import { didYouMean, editDistance } from './did-you-mean.ts';

describe('didYouMean', () => {
  const options = ['--target', '--profile', '--suite', '--seed', '--runs', '--timeout'];

  test('names the nearest known option for a typo', () => {
    expect(didYouMean('--tagret', options)).toBe('--target');
    expect(didYouMean('--suites', options)).toBe('--suite');
    expect(didYouMean('--timout', options)).toBe('--timeout');
  });

  test('says nothing when nothing is near', () => {
    expect(didYouMean('--colour', options)).toBeUndefined();
    expect(didYouMean('x', [])).toBeUndefined();
  });

  test('edit distance counts a transposition as one edit', () => {
    expect(editDistance('rest/tokens', 'rest/tokesn')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
