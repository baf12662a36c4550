/**
 * The dimensions the specification quantifies, as data (design.md "Coverage by construction"):
 * each cell is one combination a check must visit. A cell's id names its coordinates, so that a
 * missing one reads as what is missing ("access GET /api/trackers/<id> outsider private").
 */
export type Dimension = 'access' | 'representation' | 'message' | 'fault' | 'credential' | 'frame';

export interface MatrixCell {
  /** Stable, unique: `<dimension> <coordinates…>` separated by single spaces. */
  id: string;
  dimension: Dimension;
  /** The spec sections that make the combination a rule (§N.N). */
  sections: readonly string[];
  /** What a conforming target does in this cell, in the domain's words. */
  expected: string;
}

/** Builds the id of a cell from its coordinates. */
export function cellId(dimension: Dimension, ...coordinates: Array<string | number>): string {
  return [dimension, ...coordinates].join(' ');
}
