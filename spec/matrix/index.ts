/** Every cell of every dimension (spec/matrix/*): the checks must judge each (tests/matrix-coverage). */
import { ACCESS_CELLS } from './access.ts';
import { CREDENTIAL_CELLS } from './credentials.ts';
import { FAULT_CELLS } from './faults.ts';
import { FRAME_CELLS } from './frame.ts';
import { MESSAGE_CELLS } from './messages.ts';
import { REPRESENTATION_CELLS } from './representations.ts';
import type { MatrixCell } from './types.ts';

export type { Dimension, MatrixCell } from './types.ts';
export { cellId } from './types.ts';

export const MATRIX: readonly MatrixCell[] = [
  ...ACCESS_CELLS,
  ...REPRESENTATION_CELLS,
  ...MESSAGE_CELLS,
  ...FAULT_CELLS,
  ...CREDENTIAL_CELLS,
  ...FRAME_CELLS,
];

const BY_ID = new Map(MATRIX.map((cell) => [cell.id, cell]));

export function matrixCell(id: string): MatrixCell | undefined {
  return BY_ID.get(id);
}
