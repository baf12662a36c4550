/**
 * The target profile (design.md, "Target profile"): what the suites need to know about a target.
 * Validated with ajv in strict mode; every invalid field is named in the error.
 */
import { OneLineError } from '../errors/one-line-error.ts';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { didYouMean } from '../did-you-mean.ts';
import { PROFILE_SCHEMA } from './profile-schema.ts';

export interface Account {
  username: string;
  password: string;
  /** The environment variable the password was read from (`{"env": NAME}`), to name it. */
  passwordEnv?: string;
}

/** A project and one or two of its static user groups (profile fixtures.staticUgroups). */
export interface StaticUgroups {
  projectId: number;
  ugroupIds: number[];
}

export type Role = 'siteAdmin' | 'projectAdmin' | 'projectMember' | 'nonMember';

export interface Profile {
  /** The name reports and compare give the target (default: its URL). */
  label?: string;
  /** Base URL of the target, without a trailing slash. */
  baseUrl: string;
  accounts: Record<Role, Account>;
  /** How SOAP session keys are obtained (§5.1.4 'not shown'). */
  soapSessions: { mode: 'login' } | { mode: 'fixed'; keys: Record<Role, string> };
  /**
   * Ids the suites cannot provision through the interfaces, and existing projects to use instead
   * of the shared projects a run provisions with addProject (lib/fixtures).
   */
  fixtures: {
    templateProjectId: number;
    publicProjectId?: number;
    privateProjectId?: number;
    soapProjectId?: number;
    /** Administered by the projectAdmin alone; its members (the membership properties) and services (the services property) change. */
    membershipProjectId?: number;
    /** Administered by the projectMember, not the projectAdmin (§5.1.2: rights are per project). */
    foreignProjectId?: number;
    /**
     * Static user groups (§4.2 #4, #11) of one project the projectAdmin administers: the static
     * user group checks change their users and restore them; without it they are skipped. A
     * second group lets them see that a removal from one leaves the other as it was.
     */
    staticUgroups?: StaticUgroups;
    /**
     * The password `prepare` gave the generic user of the soapProject and the foreignProject
     * (§4.2 #13): a test that changes or unsets it sets it back with this one (lib/kit/cleanup).
     */
    genericUserPassword?: string;
  };
  /** addProject quota of the whole platform (§8): projects per hour. */
  projectQuotaPerHour: number;
  /** The project service WSDL, when it is not at {baseUrl}/soap/project/?wsdl. */
  wsdlUrl?: string;
  /** The user group holding a project's admins (the real system's 4); null: the target has none. */
  projectAdminsUgroupId: number | null;
  /** Optional test control (design.md): the clock, and fail-next. Absent in a file: probed. */
  capabilities: { testControl: boolean; failNext: boolean };
}

/** A profile file as written: every part optional (the defaults fill the rest). */
export type ProfileFile = Partial<Omit<Profile, 'fixtures' | 'capabilities'>> & {
  fixtures?: Partial<Profile['fixtures']>;
  capabilities?: Partial<Profile['capabilities']>;
};

export class ProfileError extends OneLineError {}

// verbose: an error carries its schema, so that an unknown field gets the names it could be.
const ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validate = ajv.compile(PROFILE_SCHEMA);

/**
 * Validates a parsed profile and reads the secrets it names from the environment
 * (`{"env": "NAME"}` for a password or a fixed session key, so that CI never writes one into a
 * file); throws ProfileError naming each bad field and each variable that is not set.
 */
export function parseProfile(
  value: unknown,
  source: string,
  env: NodeJS.ProcessEnv = process.env,
): ProfileFile {
  if (!validate(value)) {
    const problems = describeErrors(validate.errors ?? []).join('; ');
    throw new ProfileError(`invalid profile ${source}: ${problems}`);
  }
  const profile = structuredClone(value) as Record<string, unknown>;
  const missing: string[] = [];
  const fromEnv = (holder: Record<string, unknown>, key: string, field: string) => {
    const ref = holder[key];
    if (typeof ref !== 'object' || ref === null) return undefined;
    const name = (ref as { env: string }).env;
    const secret = env[name];
    if (secret === undefined || secret === '')
      missing.push(`${field}: environment variable ${name} is not set`);
    else holder[key] = secret;
    return name;
  };
  const accounts = (profile.accounts ?? {}) as Record<string, Record<string, unknown>>;
  for (const [role, account] of Object.entries(accounts)) {
    const name = fromEnv(account, 'password', `accounts.${role}.password`);
    if (name !== undefined) account['passwordEnv'] = name;
  }
  const fixtures = profile.fixtures as Record<string, unknown> | undefined;
  if (fixtures !== undefined)
    fromEnv(fixtures, 'genericUserPassword', 'fixtures.genericUserPassword');
  const keys = (profile.soapSessions as { keys?: Record<string, unknown> } | undefined)?.keys;
  for (const role of Object.keys(keys ?? {})) fromEnv(keys!, role, `soapSessions.keys.${role}`);
  if (missing.length > 0)
    throw new ProfileError(`invalid profile ${source}: ${missing.join('; ')}`);
  return profile;
}

export function loadProfileFile(path: string): ProfileFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProfileError(`cannot read profile ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ProfileError(
      `invalid profile ${path}: not JSON: ${jsonErrorAt(text, error as Error)}`,
    );
  }
  return parseProfile(value, path);
}

/** JSON.parse's message with the line and column of its position (node 20 gives the offset). */
export function jsonErrorAt(text: string, error: Error): string {
  const at = /at position (\d+)/.exec(error.message);
  if (!at) return error.message;
  const offset = Number(at[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${error.message.replace(/ in JSON at position \d+.*$/, '')} at line ${line}, column ${column}`;
}

/**
 * One line per problem. A oneOf whose branches differ by a constant (soapSessions.mode) reads as
 * that field's allowed values, not as every branch's complaints.
 */
function describeErrors(errors: readonly ErrorObject[]): string[] {
  const constants = new Map<string, unknown[]>();
  for (const e of errors.filter((e) => e.keyword === 'const'))
    constants.set(e.instancePath, [
      ...(constants.get(e.instancePath) ?? []),
      (e.params as { allowedValue: unknown }).allowedValue,
    ]);
  const branchOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const branches = new Set([...constants.keys()].map(branchOf));
  const inBranch = (e: ErrorObject) =>
    [...branches].some((b) => e.instancePath === b || e.instancePath.startsWith(`${b}/`));
  return [
    ...errors.filter((e) => !inBranch(e)).map(describeError),
    ...[...constants].map(
      ([path, values]) =>
        `${path.slice(1).replaceAll('/', '.')}: expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`,
    ),
  ];
}

function describeError(error: ErrorObject): string {
  const field =
    error.instancePath === '' ? '(top level)' : error.instancePath.slice(1).replaceAll('/', '.');
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    const allowed = Object.keys(
      (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ??
        {},
    );
    const near = didYouMean(extra, allowed);
    return (
      `${field === '(top level)' ? '' : `${field}.`}${extra}: unknown field` +
      (near ? ` (did you mean ${near}?)` : '') +
      (allowed.length ? `; the fields: ${allowed.join(', ')}` : '')
    );
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${field}: expected one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${field === '(top level)' ? '' : `${field}.`}${missing}: required`;
  }
  return `${field}: ${error.message ?? error.keyword}`;
}
