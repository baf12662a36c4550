/**
 * The catalogue's table form: one table per spec section, stating the section once, each row keyed
 * by its requirement id (written out, so that grep finds every id a test names).
 */
import type { Requirement, Row } from './types.ts';

/** What the spec states; `decision`: what the reference server does where the MUST leaves room. */
export function must(text: string, decision?: string): Row & { level: 'MUST' } {
  return decision === undefined ? { level: 'MUST', text } : { level: 'MUST', text, decision };
}

/**
 * What the spec leaves 'not shown': observed, never failing a run; `decision` says what the
 * reference server does.
 */
export function info(text: string, decision: string): Row & { level: 'INFO' } {
  return { level: 'INFO', text, decision };
}

/** A table's rows as requirements: each id keeps its literal type, and its level (RequirementId, InfoId). */
export type Rows<R extends Record<string, Row>> = Array<
  { [Id in keyof R & string]: Requirement & { id: Id; level: R[Id]['level'] } }[keyof R & string]
>;

/** The rows of one section, in the order written; `side` for the client's (tables/client.ts). */
export function section<R extends Record<string, Row>>(
  section: string,
  rows: Readonly<R>,
  side?: 'client',
): Rows<R> {
  return (Object.entries(rows) as Array<[string, Row]>).map(([id, row]) => ({
    id,
    section,
    ...(side === undefined ? {} : { side }),
    ...row,
  }));
}

/** A row no test checks yet, with why: the run shows it 'not-covered' (CONTRIBUTING.md). */
export function uncovered<R extends Row>(row: R, why: string): R {
  return { ...row, uncovered: why };
}
