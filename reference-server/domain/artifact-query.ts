/**
 * The artifact query (§2.2, §4.3): keys are field shortnames (or field ids, as the real system
 * also accepts); each value is {operator, value}, or a bare string meaning 'contains' (real system).
 * 'contains' on a list field selects artifacts holding that bound value id; on string, text and
 * int fields, those whose value contains the text (case-insensitive, as the real system's LIKE).
 * Any other operator, an unknown field or a value that is not a bound value id of the field is a
 * clear error (rest.query.other-operators).
 */
import type { Artifact } from './artifacts.ts';
import type { DomainHooks } from './hooks.ts';
import type { FieldValue } from './artifact-values.ts';
import type { Tracker, TrackerField } from './trackers.ts';

export class InvalidQuery extends Error {}

interface Criterion {
  field: TrackerField;
  value: string;
  /** The value as a list field's bind value id, and as lower-case text: worked out once. */
  id: number;
  lowerCase: string;
}

export type ArtifactFilter = (artifact: Artifact) => boolean;

export function compileQuery(
  tracker: Tracker,
  query: unknown,
  hooks: DomainHooks = {},
): ArtifactFilter {
  if (typeof query !== 'object' || query === null || Array.isArray(query))
    throw new InvalidQuery('the query must be a JSON object mapping field shortnames to criteria');
  const criteria = Object.entries(query).map(([key, raw]) => criterion(tracker, key, raw));
  // A loop, not every() with a closure: the filter runs for each artifact of the tracker, and
  // the closures it made were most of the query's allocation (profile under wrk).
  return (artifact) => {
    for (let i = 0; i < criteria.length; i++) {
      const c = criteria[i]!;
      const stored = artifact.values.get(c.field.id);
      const correct = holds(c, stored);
      if (!(hooks.criterionHolds?.(c.value, stored, correct) ?? correct)) return false;
    }
    return true;
  };
}

function criterion(tracker: Tracker, key: string, raw: unknown): Criterion {
  const field = tracker.fields.find((f) => f.name === key || String(f.id) === key);
  if (!field) throw new InvalidQuery(`Unknown field ${key} in tracker ${tracker.id}`);
  if (typeof raw !== 'string' && (typeof raw !== 'object' || raw === null || Array.isArray(raw)))
    throw new InvalidQuery(
      `Criterion for field ${key} is malformed: expected {"operator","value"}`,
    );
  const { operator, value } =
    typeof raw === 'string'
      ? { operator: 'contains', value: raw }
      : (raw as Record<string, unknown>);
  if (operator !== 'contains')
    throw new InvalidQuery(`Invalid operator for field ${key}: only 'contains' is supported`);
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  if (typeof text !== 'string')
    throw new InvalidQuery(`Criterion for field ${key} is malformed: value must be a string`);
  if (
    (field.type === 'sb' || field.type === 'msb') &&
    !field.values?.some((v) => String(v.id) === text)
  )
    throw new InvalidQuery(`Criterion for field ${key}: ${text} is not one of its bind value ids`);
  return { field, value: text, id: Number(text), lowerCase: text.toLowerCase() };
}

function holds({ id, lowerCase }: Criterion, stored: FieldValue | undefined): boolean {
  if (stored === undefined) return false;
  if (Array.isArray(stored)) return stored.includes(id);
  return String(stored).toLowerCase().includes(lowerCase);
}
