/**
 * What the JSON request rules say of a value: its JSON type in a message ('the JSON number 5'), and
 * the §2.2 values array shared by the artifact creation and update bodies.
 */

/** 'the JSON number 5', 'the JSON array', 'null': how a message names a value that is not right. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'the JSON array';
  if (typeof value === 'object') return 'the JSON object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (typeof value === 'number' || typeof value === 'boolean')
    return `the JSON ${typeof value} ${String(value).slice(0, 40)}`;
  return `the JSON ${typeof value}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * §2.2 (and §4.5.4 for the update it mirrors): values is an array of objects, each with an integer
 * field_id and either value or bind_value_ids, an array of integers.
 */
export function valuesProblems(values: unknown): string[] {
  if (!Array.isArray(values)) return [`values is ${jsonKind(values)}, not an array`];
  const problems: string[] = [];
  values.forEach((entry: unknown, i) => {
    const where = `values[${i}]`;
    if (!isObject(entry)) {
      problems.push(`${where} is ${jsonKind(entry)}, not an object`);
      return;
    }
    if (!Number.isInteger(entry['field_id']))
      problems.push(
        'field_id' in entry
          ? `${where}.field_id is ${jsonKind(entry['field_id'])}, not an integer`
          : `${where} has no field_id`,
      );
    const bound = entry['bind_value_ids'];
    if (!('value' in entry) && bound === undefined)
      problems.push(`${where} has neither value nor bind_value_ids`);
    if (bound !== undefined && !(Array.isArray(bound) && bound.every((id) => Number.isInteger(id))))
      problems.push(`${where}.bind_value_ids is ${jsonKind(bound)}, not an array of integers`);
  });
  return problems;
}
