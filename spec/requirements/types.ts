/** A testable statement of the specification (CONTRIBUTING.md, "The requirement catalogue"). */
export type Level = 'MUST' | 'SHOULD' | 'INFO';

/**
 * Whose rule it is: 'server' (judged on answers: the suites, `monitor`, `analyze`) or 'client'
 * (judged on requests: `monitor` and `analyze` only).
 */
export type Side = 'server' | 'client';

export interface Requirement {
  /** Dotted lower-case id, stable across releases (soap.<operation>.fault.<code> for §7.1). */
  id: string;
  /** The spec section, e.g. '§4.2'. */
  section: string;
  level: Level;
  /** Absent: 'server'. */
  side?: Side;
  /** One line: what the target must do, or what is observed. */
  text: string;
  /** For what the spec leaves 'not shown': what the reference server does (the suites only observe). */
  decision?: string;
  /**
   * Why no test of the suites checks it (yet): a run shows it 'not-covered'. Absent: some test
   * names it (tests/requirement-catalogue.test.ts checks both ways on a full run).
   */
  uncovered?: string;
}

/** A row of a section's table (table.ts): a requirement without its id and section. */
export type Row = Omit<Requirement, 'id' | 'section' | 'side'>;

export function sideOf(r: Pick<Requirement, 'side'>): Side {
  return r.side ?? 'server';
}
