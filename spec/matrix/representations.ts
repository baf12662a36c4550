/** §4.5: every endpoint §4.5.2 lists, in every direction (XML in, XML out, both). */
import type { MatrixCell } from './types.ts';

export const REPRESENTATION_CELLS: readonly MatrixCell[] = [];
