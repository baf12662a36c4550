/**
 * The values of an artifact, validated against its tracker (§2.2 "Artifact creation body": each
 * entry has field_id and either value (string) or bind_value_ids (array of integers)). Transport
 * neutral: JSON and XML bodies are decoded to the same plain shape before they get here.
 */
import type { Tracker, TrackerField } from './trackers.ts';

/** string and text: the text; int: the number; sb and msb: the bound value ids. */
export type FieldValue = string | number | number[];

export class InvalidArtifact extends Error {}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** Characters XML 1.0 cannot carry: stored values must read back as XML too (§4.5). */
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/u;

/** Checks every submitted entry; answers field id → new value, or throws InvalidArtifact. */
export function validateValues(tracker: Tracker, submitted: unknown): Map<number, FieldValue> {
  if (!Array.isArray(submitted)) throw new InvalidArtifact('values must be an array');
  const changes = new Map<number, FieldValue>();
  submitted.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new InvalidArtifact(`values[${index}] must be an object`);
    const { field_id: fieldId, ...rest } = entry as Record<string, unknown>;
    if (!Number.isSafeInteger(fieldId))
      throw new InvalidArtifact(
        `values[${index}]: no 'field_id' or invalid id; field ids must be integers`,
      );
    const field = tracker.fields.find((f) => f.id === fieldId);
    if (!field) throw new InvalidArtifact(`Unknown field ${String(fieldId)}`);
    if (changes.has(field.id)) throw new InvalidArtifact(`field ${field.id} is given twice`);
    changes.set(field.id, valueOf(field, rest));
  });
  return changes;
}

function valueOf(field: TrackerField, entry: Record<string, unknown>): FieldValue {
  const extra = Object.keys(entry).filter((k) => k !== 'value' && k !== 'bind_value_ids');
  if (extra.length > 0)
    throw new InvalidArtifact(`field ${field.id} (${field.name}): unknown key ${extra[0]}`);
  const isList = field.type === 'sb' || field.type === 'msb';
  const expected = isList ? 'bind_value_ids' : 'value';
  const other = isList ? 'value' : 'bind_value_ids';
  if (other in entry)
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}) is ${kind(field)}: send ${expected}, not ${other}`,
    );
  if (!(expected in entry))
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}) is ${kind(field)}: ${expected} is missing`,
    );
  return isList ? bindValueIds(field, entry['bind_value_ids']) : scalar(field, entry['value']);
}

function kind(field: TrackerField): string {
  return field.type === 'sb' || field.type === 'msb' ? 'a list field' : `a ${field.type} field`;
}

function scalar(field: TrackerField, value: unknown): string | number {
  if (field.type === 'int') {
    const number =
      typeof value === 'string' && /^[+-]?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
    if (
      typeof number !== 'number' ||
      !Number.isInteger(number) ||
      number < INT32_MIN ||
      number > INT32_MAX
    )
      throw new InvalidArtifact(
        `field ${field.id} (${field.name}) is an int field: value must be an integer between ${INT32_MIN} and ${INT32_MAX}`,
      );
    return number;
  }
  if (typeof value !== 'string')
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}) is a ${field.type} field: value must be a string`,
    );
  if (NOT_XML_CHAR.test(value))
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}): value holds a character XML cannot carry (control character or lone surrogate)`,
    );
  return value;
}

function bindValueIds(field: TrackerField, ids: unknown): number[] {
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id)))
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}): bind_value_ids must be an array of integers`,
    );
  const numbers = ids as number[];
  if (new Set(numbers).size !== numbers.length)
    throw new InvalidArtifact(`field ${field.id} (${field.name}): bind_value_ids repeats a value`);
  if (field.type === 'sb' && numbers.length > 1)
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}) is a single selectbox: at most one bind value id`,
    );
  const unknown = numbers.find((id) => !field.values?.some((v) => v.id === id));
  if (unknown !== undefined)
    throw new InvalidArtifact(
      `field ${field.id} (${field.name}): ${unknown} is not one of its bind value ids`,
    );
  return [...numbers];
}

export function sameValue(a: FieldValue | undefined, b: FieldValue): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((id) => b.includes(id));
  return a === b;
}
