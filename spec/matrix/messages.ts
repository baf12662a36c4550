/** Every header or status a message must carry, on every message that must carry it (answers too). */
import type { MatrixCell } from './types.ts';

export const MESSAGE_CELLS: readonly MatrixCell[] = [];
