/**
 * `conformance prepare --target URL --profile FILE` (README, `prepare`): creates the shared
 * projects once (those the profile does not name) and writes their ids into the profile, so that
 * daily runs create only what soap/add-project needs; names static user groups; and, with
 * CONFORMANCE_GENERIC_USER_PASSWORD set, sets the generic users runs set back
 * (prepare-generic-users.ts). Only the profile's `fixtures` text changes (an `{"env": NAME}`
 * password stays a reference); the quota ledger counts the creations.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { HttpClient } from '../../kit/clients/http.ts';
import { Transcript } from '../../kit/clients/transcript.ts';
import {
  describeSharedProjects,
  provisionFixtures,
  provisionedProjectCount,
  SetupRuleBroken,
  type SetupBreak,
} from '../../kit/fixtures/projects.ts';
import { withSoapBase } from '../../kit/soap/base.ts';
import { resolveProfile } from '../../target/default-profile.ts';
import { loadProfileFile, type Profile, type StaticUgroups } from '../../target/profile.ts';
import { ledgerPath } from '../../kit/target/quota-ledger.ts';
import { planQuota } from '../../kit/target/quota-plan.ts';
import { configureTransport } from '../../kit/clients/transport.ts';
import { UsageError } from './args.ts';
import { transportOptions } from './transport-options.ts';
import {
  checkReachable,
  learnTargetSoapBase,
  probeFailNext,
  probeTestControl,
} from './preflight.ts';
import { preflightAccounts } from './preflight-accounts.ts';
import { giveDescriptionValues } from './prepare-values.ts';
import { findStaticUgroups, NO_STATIC_UGROUP } from './prepare-ugroups.ts';
import { setFixturesText } from './prepare-profile-text.ts';
import {
  genericUserPassword,
  NO_GENERIC_USER_PASSWORD,
  setGenericUsers,
  type GenericUserPassword,
} from './prepare-generic-users.ts';

const PROFILE_KEYS = {
  publicProject: 'publicProjectId',
  privateProject: 'privateProjectId',
  soapProject: 'soapProjectId',
  membershipProject: 'membershipProjectId',
  foreignProject: 'foreignProjectId',
} as const;

export async function prepare(argv: readonly string[]): Promise<0 | 1 | 2> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        target: { type: 'string' },
        profile: { type: 'string' },
        timeout: { type: 'string', default: '10000' },
        insecure: { type: 'boolean', default: false },
        ca: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`prepare: ${(error as Error).message}`);
  }
  if (values.profile === undefined)
    throw new UsageError('prepare: --profile FILE is required (the ids are written into it)');
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new UsageError(`prepare: --timeout: not a positive integer: ${values.timeout}`);
  const file = loadProfileFile(values.profile);
  const baseUrl = values.target ?? file.baseUrl;
  if (baseUrl === undefined)
    throw new UsageError('prepare: --target URL is required (or baseUrl in the profile)');
  const profile = resolveProfile(baseUrl, file);
  configureTransport(transportOptions(values.insecure, values.ca));
  await checkReachable(profile.baseUrl, timeoutMs, profile.wsdlUrl);
  if (file.capabilities?.testControl === undefined)
    profile.capabilities.testControl = await probeTestControl(profile.baseUrl, timeoutMs);
  if (file.capabilities?.failNext === undefined)
    profile.capabilities.failNext = await probeFailNext(profile.baseUrl, timeoutMs);
  const staticNamed = file.fixtures?.staticUgroups !== undefined;
  const generic = genericUserPassword(file);
  if (provisionedProjectCount(profile) === 0) {
    // A password the profile keeps: the generic users were set by the prepare that wrote it.
    if (staticNamed && generic?.reference === undefined) {
      process.stdout.write(
        `prepare: ${values.profile} already names every shared project and its static user groups` +
          `${generic === undefined ? `; ${NO_GENERIC_USER_PASSWORD}` : '; nothing to do'}\n`,
      );
      return 0;
    }
    const http = new HttpClient(profile.baseUrl, secretsOf(profile), timeoutMs);
    const { publicProjectId, privateProjectId, soapProjectId, membershipProjectId } =
      profile.fixtures;
    const named = [privateProjectId, publicProjectId, soapProjectId, membershipProjectId];
    const said = [
      ...(staticNamed
        ? []
        : [await nameStaticUgroups(http, profile, values.profile, named as number[])]),
      await giveGenericUsers(profile, values.profile, generic, timeoutMs),
    ];
    process.stdout.write(
      `prepare: ${values.profile} already names every shared project; ${said.join('; ')}\n`,
    );
    return 0;
  }
  const soapBase = await learnTargetSoapBase(profile, timeoutMs);
  // The shared projects alone: prepare runs no suite.
  const quota = planQuota(profile, ['(no suite)'], ledgerPath());
  await preflightAccounts(profile, soapBase.base, timeoutMs, quota.settings);
  const http = withSoapBase(
    new HttpClient(profile.baseUrl, secretsOf(profile), timeoutMs),
    soapBase.base,
  );
  const tag = `p${Date.now().toString(36)}`;
  let fixtures;
  try {
    fixtures = await provisionFixtures(http, profile, tag, {
      ...(quota.settings === undefined ? {} : { quota: quota.settings }),
    });
  } catch (error) {
    if (error instanceof SetupRuleBroken) return brokeRule([error.broken]);
    throw error;
  }
  // A project written into the profile is not read back again: one without its member would make
  // every daily run fail the member's tests instead of naming the root cause.
  const broken = Object.values(fixtures.membershipBroken ?? {});
  if (broken.length > 0) return brokeRule(broken);
  const created = describeSharedProjects(fixtures, profile).filter((p) => p.createdByRun);
  // The ids first: projects are created whatever happens next.
  writeProfileIds(
    values.profile,
    Object.fromEntries(
      created.map((p) => [PROFILE_KEYS[p.name as keyof typeof PROFILE_KEYS], p.id]),
    ),
  );
  const valuesSet = await giveDescriptionValues(
    http,
    profile,
    created.filter((p) => p.name !== 'foreignProject').map((p) => p.id),
    tag,
  );
  // Where the profile names no static user group: the first the shared projects have.
  const { privateProject, publicProject, soapProject, membershipProject } = fixtures;
  const ugroups = staticNamed
    ? ''
    : `; ${await nameStaticUgroups(
        http,
        profile,
        values.profile,
        [privateProject, publicProject, soapProject, membershipProject].map((p) => p.id),
      )}`;
  const genericSaid = await giveGenericUsers(profile, values.profile, generic, timeoutMs, {
    soapProjectId: fixtures.soapProject.id,
    foreignProjectId: fixtures.foreignProject.id,
  });
  process.stdout.write(
    `prepare: created ${created.map((p) => `${p.name} ${p.id} '${p.shortName}'`).join(', ')} on ` +
      `${profile.baseUrl}${valuesSet === 0 ? '' : ` (with a value in each description field: ${valuesSet} values)`} ` +
      `and wrote their ids into ${values.profile} (fixtures); runs with this ` +
      `profile now create only what soap/add-project needs${ugroups}; ${genericSaid}\n`,
  );
  return 0;
}

/** A transcript that keeps the accounts' passwords out of what it shows. */
function secretsOf(profile: Profile): Transcript {
  const transcript = new Transcript();
  for (const account of Object.values(profile.accounts)) transcript.secrets.add(account.password);
  return transcript;
}

/**
 * Finds static user groups in the projects (prepare-ugroups.ts) and writes the first found into
 * the profile (fixtures.staticUgroups); says what it did, or how to make one.
 */
async function nameStaticUgroups(
  http: HttpClient,
  profile: Profile,
  path: string,
  projects: readonly number[],
): Promise<string> {
  const found = await findStaticUgroups(
    http,
    profile,
    projects.filter((p) => Number.isInteger(p)),
  );
  if (found === undefined) return NO_STATIC_UGROUP;
  writeProfileIds(path, { staticUgroups: found });
  return (
    `named the static user group(s) ${found.ugroupIds.join(' and ')} of project ` +
    `${found.projectId} (fixtures.staticUgroups)`
  );
}

/**
 * Sets the generic users of the SOAP and foreign projects with the password (prepare-generic-users.ts)
 * and writes its reference into the profile; says what it did, or how to have it done.
 */
async function giveGenericUsers(
  profile: Profile,
  path: string,
  generic: GenericUserPassword | undefined,
  timeoutMs: number,
  ids: { soapProjectId?: number; foreignProjectId?: number } = profile.fixtures,
): Promise<string> {
  if (generic === undefined) return NO_GENERIC_USER_PASSWORD;
  const projects = [
    { id: ids.soapProjectId, admin: 'projectAdmin' as const },
    { id: ids.foreignProjectId, admin: 'projectMember' as const },
  ].filter((p): p is { id: number; admin: 'projectAdmin' | 'projectMember' } =>
    Number.isInteger(p.id),
  );
  const soapBase = await learnTargetSoapBase(profile, timeoutMs);
  const transcript = secretsOf(profile);
  transcript.secrets.add(generic.password);
  const http = withSoapBase(new HttpClient(profile.baseUrl, transcript, timeoutMs), soapBase.base);
  await setGenericUsers(http, profile, projects, generic.password);
  if (generic.reference !== undefined)
    writeProfileIds(path, { genericUserPassword: generic.reference });
  return (
    `set the generic user of project(s) ${projects.map((p) => p.id).join(' and ')} with the ` +
    `password of ${generic.reference?.env ?? 'fixtures.genericUserPassword'}` +
    `${generic.reference === undefined ? '' : ' (fixtures.genericUserPassword)'}: runs set it back after changing it`
  );
}

/** The target broke a rule the shared projects rely on (a MUST: exit 1); no id is written. */
function brokeRule(broken: readonly SetupBreak[]): 1 {
  for (const b of broken)
    process.stderr.write(
      `prepare: the target broke ${b.requirement}: ${b.fact}: does not hold. ${b.evidence}. ` +
        `No id was written into the profile; what was created stays on the target\n`,
    );
  return 1;
}

/**
 * Sets fixtures.<key> in the profile file as written (the text, not the resolved profile:
 * environment references stay references); every byte outside those members stays
 * (prepare-profile-text.ts).
 */
export function writeProfileIds(
  path: string,
  ids: Record<string, number | StaticUgroups | { env: string }>,
): void {
  const text = readFileSync(path, 'utf8');
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, setFixturesText(text, ids));
  renameSync(aside, path);
}
