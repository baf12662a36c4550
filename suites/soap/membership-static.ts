/**
 * What the static user group checks act with (§4.2 #4, #11): the profile's static user groups
 * (fixtures.staticUgroups: a project the projectAdmin administers and one or two of its static
 * groups), the projectAdmin's session and user id (the user put in and taken out: a member of
 * that project, as its admin), and the read-back of a group's users. §4.2 has no operation that
 * lists a user group's users: the read-back is the real system's route GET
 * /api/user_groups/<id>/users (listed under rest.routes.complete-list). Read before the first
 * write, it also lets the cleanup put each entry back as read (lib/kit/cleanup/restorable.ts).
 * Without the profile's groups, or where the target does not list them, the checks are skipped
 * with the reason.
 */
import type { ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { userId } from '../../lib/kit/fixtures/sessions.ts';
import { LARGEST_PAGE, readWhole } from '../../lib/kit/rest/whole-collection.ts';
import { ConformanceFailure } from '../../lib/kit/conformance-failure.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import type { StaticUgroups } from '../../lib/target/profile.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';

export interface StaticWorld {
  ctx: ConformanceContext;
  /** The project the static groups are defined in (profile fixtures.staticUgroups.projectId). */
  project: number;
  groups: readonly number[];
  /** The projectAdmin's session key and user id. */
  key: string;
  user: number;
  login: string;
}

/** Why the static user group checks cannot run on this target (the profile, or its routes). */
const NO_GROUPS =
  'the profile names no static user group (fixtures.staticUgroups: a project the projectAdmin ' +
  'administers and one or two of its static user groups; docs/running-against-a-target.md says ' +
  'how to find them); these checks need one';

/** A collection of the real system's user-group routes, read whole as the projectAdmin. */
function readWholeAs(ctx: ConformanceContext, path: string): Promise<string[] | undefined> {
  return readWhole(ctx.http, ctx.target, path);
}

/** The users of a static group (their ids), or undefined when the route does not give them all. */
function readUsers(ctx: ConformanceContext, group: number): Promise<string[] | undefined> {
  return readWholeAs(ctx, `/api/user_groups/${group}/users`);
}

/**
 * The profile's static groups, read before any write (the cleanup restores them as read); skips
 * with the reason without them, with fewer than `count`, or when the target does not list them
 * among its project's user groups or does not give their users.
 */
export async function staticWorld(ctx: ConformanceContext, count: 1 | 2): Promise<StaticWorld> {
  const named: StaticUgroups | undefined = ctx.target.fixtures.staticUgroups;
  if (named === undefined) ctx.skip(NO_GROUPS);
  if (named.ugroupIds.length < count)
    ctx.skip(
      `the profile names one static user group (fixtures.staticUgroups.ugroupIds); this check ` +
        `needs two of project ${named.projectId}, to see a removal from one leave the other as it was`,
    );
  const { projectId: project } = named;
  const groups = named.ugroupIds.slice(0, count);
  const listed = await readWholeAs(ctx, `/api/projects/${project}/user_groups`);
  if (listed === undefined)
    ctx.skip(
      `GET /api/projects/${project}/user_groups (the real system's route, which the static user ` +
        'group checks read back through: §4.2 has no operation that lists user groups) gives no ' +
        'whole list of user groups here (in one page of at most 50)',
    );
  const missing = groups.filter((g) => !listed.includes(String(g)));
  if (missing.length > 0)
    ctx.skip(
      `GET /api/projects/${project}/user_groups does not list user group ${missing.join(', ')}, ` +
        `which the profile names as static groups of project ${project} ` +
        `(fixtures.staticUgroups; listed: ${listed.join(', ') || 'nothing'})`,
    );
  for (const group of groups)
    if ((await readUsers(ctx, group)) === undefined)
      ctx.skip(
        `GET /api/user_groups/${group}/users (the real system's route, which the static user ` +
          `group checks read back through) does not give the ${LARGEST_PAGE} or fewer users of the ` +
          `profile's static user group ${group}`,
      );
  const [keys, user] = await Promise.all([
    ctx.sessionKeys(['projectAdmin']),
    userId(ctx.http, ctx.target, 'projectAdmin'),
  ]);
  return {
    ctx,
    project,
    groups,
    key: keys.projectAdmin,
    user,
    login: ctx.target.accounts.projectAdmin.username,
  };
}

/** Whether the user is in the group, read back through GET /api/user_groups/<id>/users. */
export async function isIn(w: StaticWorld, group: number): Promise<boolean> {
  const users = await readUsers(w.ctx, group);
  // Read whole before the test's writes (staticWorld): the route stopped giving them, so the
  // effect cannot be read back (not a rule of §4.2 broken: the route is the real system's).
  if (users === undefined)
    w.ctx.skip(
      `GET /api/user_groups/${group}/users gave the group's users before the test's writes, ` +
        'and no longer does: the effect cannot be read back',
    );
  return users.includes(String(w.user));
}

/** Fails (the scope's rule) unless the user's being in the group reads back as `wanted`. */
export async function expectIn(
  w: StaticWorld,
  group: number,
  wanted: boolean,
  what: string,
  reliesOn?: readonly RequirementId[],
): Promise<void> {
  const actual = await isIn(w, group);
  if (actual === wanted) return;
  const words = (inIt: boolean) =>
    `${w.login} (user ${w.user}) ${inIt ? 'among' : 'not among'} the users of user group ${group}`;
  throw new ConformanceFailure(
    `${what}: GET /api/user_groups/${group}/users lists ${w.login} ${actual ? 'among' : 'not among'} its users`,
    words(wanted),
    words(actual),
    undefined,
    reliesOn,
  );
}

/** The projectAdmin, by its own session, in or out of a group of a project. */
export function change(
  w: StaticWorld,
  op: 'addUserToUGroup' | 'removeUserFromUGroup',
  group: number,
  project = w.project,
): Promise<SoapAnswer> {
  return w.ctx.soap.call(op, {
    sessionKey: w.key,
    groupId: project,
    ugroupId: group,
    userId: w.user,
  });
}

/**
 * A project the projectAdmin administers other than the static groups' own: a shared project of
 * the run (lib/fixtures), where the profile's groups are not defined.
 */
export function otherProject(w: StaticWorld): number {
  const { soapProject, membershipProject, publicProject, privateProject } = w.ctx.fixtures;
  const other = [soapProject, membershipProject, publicProject, privateProject].find(
    (p) => p.id !== w.project,
  );
  if (other === undefined)
    w.ctx.skip(
      `every shared project is project ${w.project}, the static groups' own: no other project ` +
        'the projectAdmin administers to name them in',
    );
  return other.id;
}
