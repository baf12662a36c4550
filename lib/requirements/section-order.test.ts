/** The one order of spec sections (sectionRank), which index.html, compare and Allure follow. */
import { expect, test } from 'vitest';
import { SECTIONS, sectionRank } from './index.ts';

test('sections in document order: §9 before §10, §4.2 before §4.10, what it cannot read last', () => {
  const given = ['(no section)', '§10', '§4.10', '§9', '§4.2', '§1'];
  expect([...given].sort((a, b) => sectionRank(a) - sectionRank(b))).toEqual([
    '§1',
    '§4.2',
    '§4.10',
    '§9',
    '§10',
    '(no section)',
  ]);
  expect(SECTIONS[0]).toBe('§1');
  expect([...SECTIONS].sort((a, b) => sectionRank(a) - sectionRank(b))).toEqual(SECTIONS);
});
