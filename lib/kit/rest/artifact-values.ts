/**
 * Artifact values as the suites model them: field id → text (string and int fields, §2.2 "value
 * (string)") or bound value ids (list fields). Encoded as the §2.2 creation body (JSON) or the
 * §4.5 <request> document; read back from the real system's artifact representation, in JSON or
 * XML (the representation is 'not shown': when it is not in that shape, Unjudgeable).
 */
import { parseXml, type XmlNode } from '../xml/tree.ts';
import { escapeXml } from '../xml/escape.ts';
import { Unjudgeable } from './unjudgeable.ts';
import { scalarText } from '../scalar-text.ts';

export type ModelValue = string | number[];
export type ModelValues = ReadonlyMap<number, ModelValue>;

export function valuesJson(values: ModelValues) {
  return [...values].map(([field_id, value]) =>
    Array.isArray(value) ? { field_id, bind_value_ids: [...value] } : { field_id, value },
  );
}

export function creationJson(trackerId: number, values: ModelValues) {
  return { tracker: { id: trackerId }, values: valuesJson(values) };
}

function valuesXml(values: ModelValues): string {
  const items = [...values].map(([fieldId, value]) =>
    Array.isArray(value)
      ? `<item><field_id>${fieldId}</field_id><bind_value_ids>${value.map((id) => `<item>${id}</item>`).join('')}</bind_value_ids></item>`
      : `<item><field_id>${fieldId}</field_id><value>${escapeXml(value)}</value></item>`,
  );
  return `<values>${items.join('')}</values>`;
}

/** §4.5.3: root request; children mirror the JSON keys; §4.5.4: every array element is an item. */
export function creationXml(trackerId: number, values: ModelValues): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<request><tracker><id>${trackerId}</id></tracker>${valuesXml(values)}</request>`;
}

export function updateXml(values: ModelValues): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<request>${valuesXml(values)}</request>`;
}

const NOT_UNDERSTOOD =
  "the artifact representation is not in the real system's shape (values: [{field_id, value | bind_value_ids}]); see rest.artifacts.representation";

/** Reads the values of a JSON artifact representation. */
export function readValuesJson(artifact: unknown): Map<number, ModelValue> {
  const values = (artifact as { values?: unknown } | null)?.values;
  if (!Array.isArray(values)) throw new Unjudgeable(NOT_UNDERSTOOD);
  const read = new Map<number, ModelValue>();
  for (const entry of values as Array<Record<string, unknown>>) {
    if (!Number.isInteger(entry['field_id'])) throw new Unjudgeable(NOT_UNDERSTOOD);
    const ids = entry['bind_value_ids'];
    if (Array.isArray(ids)) read.set(entry['field_id'] as number, sorted(ids.map(Number)));
    else if (entry['value'] !== undefined && entry['value'] !== null)
      read.set(
        entry['field_id'] as number,
        scalarText(entry['value']) ?? JSON.stringify(entry['value']),
      );
  }
  return read;
}

/** Reads the values of an XML artifact representation (§4.5.4: values/item, bind_value_ids/item). */
export function readValuesXml(text: string): Map<number, ModelValue> {
  const root = parseXml(text);
  const values = root.children.find((c) => c.name === 'values');
  if (!values) throw new Unjudgeable(`${NOT_UNDERSTOOD} (no <values> element under the root)`);
  const read = new Map<number, ModelValue>();
  for (const item of values.children) {
    const field = childText(item, 'field_id');
    if (item.name !== 'item' || field === undefined || !/^\d+$/.test(field.trim()))
      throw new Unjudgeable(
        `${NOT_UNDERSTOOD} (an entry of <values> is not an <item> with <field_id>)`,
      );
    const ids = item.children.find((c) => c.name === 'bind_value_ids');
    const value = childText(item, 'value');
    if (ids) read.set(Number(field), sorted(ids.children.map((c) => Number(c.text))));
    else if (value !== undefined) read.set(Number(field), value);
  }
  return read;
}

/** Whether a bind_value_ids element writes each integer as an <item> (§4.5.4). */
export function bindIdsAreItems(text: string): boolean {
  const lists: XmlNode[] = [];
  const walk = (node: XmlNode) => {
    if (node.name === 'bind_value_ids') lists.push(node);
    node.children.forEach(walk);
  };
  walk(parseXml(text));
  return lists.every(
    (list) =>
      list.children.every((c) => c.name === 'item') &&
      (list.children.length > 0 || list.text.trim() === ''),
  );
}

function childText(node: XmlNode, name: string): string | undefined {
  return node.children.find((c) => c.name === name)?.text;
}

export function sorted(ids: readonly number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** The model's expectation of what reads back: list ids as a sorted set, texts as sent. */
export function normalised(values: ModelValues): Map<number, ModelValue> {
  return new Map([...values].map(([id, v]) => [id, Array.isArray(v) ? sorted(v) : v]));
}
