/**
 * The catalogue's table form: one table per spec section, stating the section once, each row keyed
 * by its requirement id (written out, so that grep finds every id a test names).
 */
import type { Requirement, Row } from './types.ts';

/** What the spec states; `decision`: what the reference server does where the MUST leaves room. */
export function must(text: string, decision?: string): Row {
  return decision === undefined ? { level: 'MUST', text } : { level: 'MUST', text, decision };
}

/**
 * What the spec leaves 'not shown': observed, never failing a run; `decision` says what the
 * reference server does.
 */
export function info(text: string, decision: string): Row {
  return { level: 'INFO', text, decision };
}

/** The rows of one section, in the order written; each id keeps its literal type (RequirementId). */
export function section<Id extends string>(
  section: string,
  rows: Readonly<Record<Id, Row>>,
): Array<Requirement & { id: Id }> {
  return (Object.entries(rows) as Array<[Id, Row]>).map(([id, row]) => ({ id, section, ...row }));
}

/** A row no test checks yet, with why: the run shows it 'not-covered' (CONTRIBUTING.md). */
export function uncovered(row: Row, why: string): Row {
  return { ...row, uncovered: why };
}
