/**
 * The text of a scalar read from a target's JSON or XML (string, number, boolean); undefined for
 * null, undefined, an object or an array, so that no "[object Object]" passes for a value.
 */
export function scalarText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}
