/**
 * fast-check's `unit: 'binary'` (any code point but a surrogate, one per unit), made without its
 * table: fast-check builds a reverse map of all 1,112,064 code points when the string arbitrary is
 * made, seconds of CPU in every suite worker that makes one. The same index → code point mapping
 * on nat({max}), so a seed draws the same strings (lib/kit/code-point-unit.test.ts), with the
 * inverse computed instead of looked up.
 */
import fc from 'fast-check';

const SURROGATES = 0xe000 - 0xd800;
const LAST_INDEX = 0x10ffff - SURROGATES;

/** The unit's index → its code point, as fast-check's 'binary' unit orders them. */
export const toCodePoint = (index: number) =>
  String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES);

function toIndex(value: unknown): number {
  const codePoint = typeof value === 'string' ? value.codePointAt(0) : undefined;
  if (
    codePoint === undefined ||
    String.fromCodePoint(codePoint) !== value ||
    (codePoint >= 0xd800 && codePoint < 0xe000)
  )
    throw new Error('not one code point outside the surrogates');
  return codePoint < 0xd800 ? codePoint : codePoint - SURROGATES;
}

/** For fc.string({ unit: codePointUnit() }): as `unit: 'binary'`. */
export function codePointUnit(): fc.Arbitrary<string> {
  return fc.nat({ max: LAST_INDEX }).map(toCodePoint, toIndex);
}
