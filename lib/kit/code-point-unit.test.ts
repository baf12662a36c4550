import fc from 'fast-check';
import { expect, test } from 'vitest';
import { codePointUnit, toCodePoint } from './code-point-unit.ts';

test("draws, for a seed, the strings fast-check's unit 'binary' draws", () => {
  for (const constraints of [{}, { minLength: 1 }, { maxLength: 40 }]) {
    const ours = fc.sample(fc.string({ ...constraints, unit: codePointUnit() }), {
      seed: 42,
      numRuns: 2000,
    });
    const theirs = fc.sample(fc.string({ ...constraints, unit: 'binary' }), {
      seed: 42,
      numRuns: 2000,
    });
    expect(ours).toEqual(theirs);
  }
});

test('reads back any code point outside the surrogates, and refuses anything else', () => {
  const unit = codePointUnit();
  for (const s of ['\u0000', 'a', '\ud7ff', '\ue000', '\u{10ffff}', '\u{1f600}'])
    expect(unit.canShrinkWithoutContext(s)).toBe(true);
  for (const s of ['', 'ab', '\ud800', '\udfff', 42])
    expect(unit.canShrinkWithoutContext(s)).toBe(false);
});

test('skips the surrogates and ends at U+10FFFF, as the binary unit does', () => {
  expect([0, 0xd7ff, 0xd800, 0x10ffff - 0x800].map(toCodePoint)).toEqual([
    '\u0000',
    '\ud7ff',
    '\ue000',
    '\u{10ffff}',
  ]);
});
