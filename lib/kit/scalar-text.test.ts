import { expect, test } from 'vitest';
import { scalarText } from './scalar-text.ts';

test('scalarText gives the text of a string, number or boolean, and nothing for the rest', () => {
  expect(['a', 3, 0.5, false].map(scalarText)).toEqual(['a', '3', '0.5', 'false']);
  expect([null, undefined, {}, [1], { toString: () => 'x' }].map(scalarText)).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});
