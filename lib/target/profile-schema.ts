/** JSON Schema of the target profile; published for users as schemas/profile.schema.json (kept equal by profile.test.ts). */
const account = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1 },
    password: { type: 'string' },
  },
} as const;

const roles = ['siteAdmin', 'projectAdmin', 'projectMember', 'nonMember'] as const;

const perRole = (schema: object) => ({
  type: 'object',
  additionalProperties: false,
  required: [...roles],
  properties: Object.fromEntries(roles.map((role) => [role, schema])),
});

export const PROFILE_SCHEMA = {
  $id: 'https://conformance.invalid/profile.schema.json',
  title: 'Conformance target profile',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    baseUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
    accounts: perRole(account),
    soapSessions: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode'],
          properties: { mode: { const: 'login' } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['mode', 'keys'],
          properties: { mode: { const: 'fixed' }, keys: perRole({ type: 'string', minLength: 1 }) },
        },
      ],
    },
    fixtures: {
      type: 'object',
      additionalProperties: false,
      properties: {
        templateProjectId: { type: 'integer', minimum: 1 },
        publicProjectId: { type: 'integer', minimum: 1 },
        privateProjectId: { type: 'integer', minimum: 1 },
        soapProjectId: { type: 'integer', minimum: 1 },
      },
    },
    projectQuotaPerHour: { type: 'integer', minimum: 0 },
    capabilities: {
      type: 'object',
      additionalProperties: false,
      properties: { testControl: { type: 'boolean' } },
    },
  },
} as const;
