/** A testable statement of the specification (design.md, "Requirement catalogue"). */
export type Level = 'MUST' | 'SHOULD' | 'INFO';

export interface Requirement {
  /** Dotted lower-case id, stable across releases (soap.<operation>.fault.<code> for §7.1). */
  id: string;
  /** The spec section, e.g. '§4.2'. */
  section: string;
  level: Level;
  /** One line: what the target must do, or what is observed. */
  text: string;
  /** For what the spec leaves 'not shown': what the reference server does (the suites only observe). */
  decision?: string;
}

/** A row of a section's table (table.ts): a requirement without its id and section. */
export type Row = Omit<Requirement, 'id' | 'section'>;
