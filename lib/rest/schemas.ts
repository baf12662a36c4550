/**
 * The published JSON Schemas of the REST representations (schemas/rest/*.schema.json, for users
 * too), compiled once with ajv. Token and project schemas carry what §2.2 states (MUST); tracker,
 * artifact and error schemas the real system's shape (INFO: 'not shown' in the spec).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../schemas/rest');

export type SchemaName =
  | 'token'
  | 'project'
  | 'project-collection'
  | 'tracker'
  | 'tracker-collection'
  | 'artifact'
  | 'artifact-collection'
  | 'error';

const ajv = new Ajv({ strict: true, allErrors: true });
for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')))
  ajv.addSchema(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as object);

const compiled = new Map<SchemaName, ValidateFunction>();

/** The problems of value against the schema, one line each; [] when it conforms. */
export function schemaProblems(name: SchemaName, value: unknown): string[] {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.getSchema(`${name}.schema.json`);
    if (!validate) throw new Error(`no schema ${name}.schema.json in ${SCHEMA_DIR}`);
    compiled.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? e.keyword}`,
  );
}
