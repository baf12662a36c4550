/**
 * What the membership tests act with (§4.2 #3, #4, #10, #11): the sessions of the accounts that
 * act, the accounts' user ids, the project-admins user group of the profile, and the calls that
 * bring a project back to its admin alone or tell who administers it.
 */
import type { ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { readUserGroupsBeforeChanges } from '../../lib/kit/cleanup/restorable.ts';
import { userId } from '../../lib/kit/fixtures/sessions.ts';
import type { SoapAnswer, SoapClient } from '../../lib/kit/soap/client.ts';
import type { Role } from '../../lib/target/profile.ts';

const noAdminsGroup = (id: number | null) =>
  id === null
    ? 'the profile says the target has no project-admins user group (projectAdminsUgroupId null), the only user group a black-box client can name in a project it created; these checks need one'
    : `the target answers 3301 for user group ${id}, the profile's project-admins user group (projectAdminsUgroupId; the real system's 4), ` +
      'the only user group a black-box client can name in a project it created; these checks need one';

export type Other = Exclude<Role, 'projectAdmin'>;
export const OTHERS: readonly Other[] = ['projectMember', 'nonMember', 'siteAdmin'];
export type Actor = 'projectAdmin' | 'projectMember' | 'nonMember';
export const ACTORS: readonly Actor[] = ['projectAdmin', 'projectMember', 'nonMember'];

export interface World {
  soap: SoapClient;
  /** Sessions of the accounts that act (the siteAdmin is only ever a user acted upon). */
  keys: Record<Actor, string>;
  ids: Record<Role, number>;
  login: (role: Role) => string;
  /** The project-admins user group (profile projectAdminsUgroupId); null: the target has none. */
  admins: number | null;
}

const ROLES = ['siteAdmin', 'projectAdmin', 'projectMember', 'nonMember'] as const;

/**
 * The accounts' user ids (a login each, closed by that test's cleanup): the same all run long,
 * so learnt by the first test of the file that needs them, not by every test (through a slow
 * link each test's logins and logouts are rounds of requests).
 */
let userIds: Promise<Record<Role, number>> | undefined;

function idsOf(ctx: ConformanceContext): Promise<Record<Role, number>> {
  userIds ??= Promise.all(
    ROLES.map(async (r) => [r, await userId(ctx.http, ctx.target, r)] as const),
  ).then(
    (entries) => Object.fromEntries(entries) as Record<Role, number>,
    (error: unknown) => {
      userIds = undefined;
      throw error;
    },
  );
  return userIds;
}

export async function world(ctx: ConformanceContext): Promise<World> {
  const { soapProject, membershipProject, publicProject } = ctx.fixtures;
  const admins = ctx.target.projectAdminsUgroupId;
  const [keys, ids] = await Promise.all([
    ctx.sessionKeys(ACTORS),
    idsOf(ctx),
    // Read before the test writes: its cleanup puts the project-admins entries back as read.
    admins === null
      ? undefined
      : readUserGroupsBeforeChanges(
          ctx,
          [soapProject.id, membershipProject.id, publicProject.id],
          admins,
        ),
  ]);
  return {
    soap: ctx.soap,
    keys,
    ids,
    login: (role) => ctx.target.accounts[role].username,
    admins: ctx.target.projectAdminsUgroupId,
  };
}

/**
 * Brings a project back to its projectAdmin alone (admin and only member), whatever an earlier test
 * or run left: each removal answers true, or a fault when there is nothing to remove. The users one
 * at a time would be a chain of six requests: each user's own two (out of the project-admins user
 * group, then out of the members) run alongside the others'. `userGroups: false`: out of the
 * members only, where nothing since the last full reset put anyone in the user group.
 */
export async function reset(
  w: World,
  project: number,
  { userGroups = true }: { userGroups?: boolean } = {},
): Promise<void> {
  await Promise.all(
    OTHERS.map(async (role) => {
      if (userGroups && w.admins !== null)
        await w.soap.call('removeUserFromUGroup', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          ugroupId: w.admins,
          userId: w.ids[role],
        });
      await w.soap.call('removeProjectMember', {
        sessionKey: w.keys.projectAdmin,
        groupId: project,
        userLogin: w.login(role),
      });
    }),
  );
}

/** Whether `role` may run a project-admin operation on the project (getProjectServicesUsage). */
export async function isAdmin(w: World, role: Actor, project: number): Promise<SoapAnswer> {
  return w.soap.call('getProjectServicesUsage', { session_key: w.keys[role], group_id: project });
}

/**
 * The project-admins user group; skips when the profile says there is none, or when the target
 * answers 3301 for it (probed with a removal that changes nothing).
 */
export async function requireAdminsGroup(
  ctx: ConformanceContext,
  w: World,
  project: number,
): Promise<number> {
  if (w.admins === null) ctx.skip(noAdminsGroup(null));
  const probe = await w.soap.call('removeUserFromUGroup', {
    sessionKey: w.keys.projectAdmin,
    groupId: project,
    ugroupId: w.admins,
    userId: w.ids.nonMember,
  });
  if (probe.fault?.faultcode === '3301') ctx.skip(noAdminsGroup(w.admins));
  return w.admins;
}
