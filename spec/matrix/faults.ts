/** §7.1 × §5.1: every (operation, code) pair over every actor class the two sections tell apart. */
import type { MatrixCell } from './types.ts';

export const FAULT_CELLS: readonly MatrixCell[] = [];
