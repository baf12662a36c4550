/** §4.3 × §5.2.1 × §4.3 rule 2 × §7.2: every REST route and method, per actor and project privacy. */
import type { MatrixCell } from './types.ts';

export const ACCESS_CELLS: readonly MatrixCell[] = [];
