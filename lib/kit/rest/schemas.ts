/**
 * The published JSON Schemas of the REST representations (schemas/rest/*.schema.json, for users
 * too), compiled once with ajv. Token and project schemas carry what §2.2 states (MUST); tracker,
 * artifact and error schemas the real system's shape (INFO: 'not shown' in the spec).
 */
import { Ajv, type ValidateFunction } from 'ajv';
// Imported, not read from a directory: the build (tsconfig.build.json) then carries them to dist/.
import artifactCollection from '../../../schemas/rest/artifact-collection.schema.json' with { type: 'json' };
import artifact from '../../../schemas/rest/artifact.schema.json' with { type: 'json' };
import error from '../../../schemas/rest/error.schema.json' with { type: 'json' };
import projectCollection from '../../../schemas/rest/project-collection.schema.json' with { type: 'json' };
import project from '../../../schemas/rest/project.schema.json' with { type: 'json' };
import token from '../../../schemas/rest/token.schema.json' with { type: 'json' };
import trackerCollection from '../../../schemas/rest/tracker-collection.schema.json' with { type: 'json' };
import tracker from '../../../schemas/rest/tracker.schema.json' with { type: 'json' };

export type SchemaName =
  | 'token'
  | 'project'
  | 'project-collection'
  | 'tracker'
  | 'tracker-collection'
  | 'artifact'
  | 'artifact-collection'
  | 'error';

const SCHEMAS: Record<SchemaName, object> = {
  token,
  project,
  'project-collection': projectCollection,
  tracker,
  'tracker-collection': trackerCollection,
  artifact,
  'artifact-collection': artifactCollection,
  error,
};

const ajv = new Ajv({ strict: true, allErrors: true });
for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);

const compiled = new Map<SchemaName, ValidateFunction>();

/** The problems of value against the schema, one line each; [] when it conforms. */
export function schemaProblems(name: SchemaName, value: unknown): string[] {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.getSchema(`${name}.schema.json`);
    if (!validate) throw new Error(`no schema ${name}.schema.json in schemas/rest`);
    compiled.set(name, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath === '' ? '(root)' : e.instancePath} ${e.message ?? e.keyword}`,
  );
}
