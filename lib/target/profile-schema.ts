/** JSON Schema of the target profile: the published file is the one the harness validates with. */
import schema from '../../schemas/profile.schema.json' with { type: 'json' };

export const PROFILE_SCHEMA: object = schema;
