import { expect, test } from 'vitest';
import { BoundedMap, remember } from './bounded-map.ts';

test('a bounded map forgets its least recently used entry beyond its cap', () => {
  const map = new BoundedMap<number, string>(2);
  map.set(1, 'a');
  map.set(2, 'b');
  expect(map.get(1)).toBe('a'); // 1 is now the most recently used
  map.set(3, 'c');
  expect([map.get(1), map.get(2), map.get(3)]).toEqual(['a', undefined, 'c']);
  expect(map.size).toBe(2);
});

test('remember keeps the last distinct values, newest last', () => {
  expect(remember(['a', 'b', 'c'], 'a', 3)).toEqual(['b', 'c', 'a']);
  expect(remember(['a', 'b', 'c'], 'd', 3)).toEqual(['b', 'c', 'd']);
});
