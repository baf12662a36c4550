/**
 * The frame of the membership model (membership-model.ts; docs/what-the-suites-assume.md, "Frame
 * conditions"): addProjectMember, removeProjectMember, addUserToUGroup and removeUserFromUGroup
 * change one user's membership of one group of one project (§4.2 #3, #4, #10, #11), nothing
 * more. Read through the real system's user-group routes (§4.2 lists no group's users):
 * - after each write, the project's members and project-admins groups, for the four accounts,
 *   against the model (another member removed, the user taken out of the other group): in every
 *   fixed sequence, and in a sample of the properties' runs (membership-model.ts);
 * - at the end of each run, every user group of the project (the four accounts) and of the
 *   neighbour projects (every user): the template and other projects no suite writes, a sample of
 *   every project the run may read (another project changed, the user in another group).
 * Where the target lists no user group, nothing is read, and the model's answers alone judge.
 */
import type { ConformanceContext } from '../../lib/kit/conformance-test.ts';
import {
  failFrame,
  frameChanges,
  readFrame,
  type FramePart,
  type FrameState,
} from '../../lib/kit/frame/frame.ts';
import { userGroupParts } from '../../lib/kit/frame/places.ts';
import { blameWrites, type Write } from '../../lib/kit/frame/blame.ts';

export type { Write };
import type { RequirementId } from '../../lib/requirements/index.ts';
import type { Role } from '../../lib/target/profile.ts';
import type { World } from './membership-world.ts';

/** The real system's id of a project's members group ('<project>_3'). */
const MEMBERS_GROUP = 3;

export interface ProjectFrame {
  /** What was read, for the report. */
  sampled: string;
  /** The accounts' logins by user id, for the failure's words. */
  names: ReadonlyMap<string, string>;
  members?: FramePart;
  admins?: FramePart;
  /** Read at the start and the end of each run. */
  around: FramePart[];
}

const placeOf = (project: number, group: string) => `project ${project}, user group ${group},`;

export async function projectFrame(
  ctx: ConformanceContext,
  w: World,
  project: number,
  neighbours: readonly FramePart[],
  neighbourIds: readonly number[],
): Promise<ProjectFrame> {
  const roles = new Set(Object.values(w.ids).map(String));
  // The profile's static groups are changed by static-ugroups.test.ts at the same time.
  const busy = new Set((ctx.target.fixtures.staticUgroups?.ugroupIds ?? []).map(String));
  const own = (await userGroupParts(ctx, project, roles)).filter(
    (p) => ![...busy].some((g) => p.place.startsWith(placeOf(project, g))),
  );
  const find = (group: number | null) =>
    group === null
      ? undefined
      : own.find((p) => p.place.startsWith(placeOf(project, `${project}_${group}`)));
  const members = find(MEMBERS_GROUP);
  const admins = find(w.admins);
  const around = [...own.filter((p) => p !== members && p !== admins), ...neighbours];
  const sampled =
    own.length === 0
      ? `no user group of project ${project} (the target lists none through GET /api/projects/${project}/user_groups)`
      : `the user groups of project ${project} (the four accounts), and of projects ${neighbourIds.join(', ') || '(none)'} (every user: the template and projects no suite writes)`;
  const names = new Map(
    (Object.keys(w.ids) as Role[]).map((role) => [String(w.ids[role]), w.login(role)]),
  );
  return { sampled, names, members, admins, around };
}

/**
 * After one write: the project's members and project-admins groups hold, of the four accounts,
 * exactly whom the model says. A difference fails the write (its effect, or, refused, that a
 * fault changes nothing).
 */
export async function expectModelGroups(
  frame: ProjectFrame,
  ids: Record<Role, number>,
  model: { members: ReadonlySet<Role>; admins: ReadonlySet<Role> },
  write: Write,
  reliesOn: readonly RequirementId[],
  what: string,
): Promise<void> {
  const expected = new Map<string, string[]>();
  const parts: FramePart[] = [];
  for (const [part, roles] of [
    [frame.members, model.members],
    [frame.admins, model.admins],
  ] as const) {
    if (part === undefined) continue;
    parts.push(part);
    expected.set(
      part.place,
      [...roles].map((r) => String(ids[r])),
    );
  }
  if (parts.length === 0) return;
  const changes = frameChanges(expected, await readFrame(parts));
  if (changes.length > 0)
    failFrame(
      changes,
      write.effective ? write.rule : 'soap.fault.nothing-changed',
      `${what} (against the model)`,
      frame.sampled,
      reliesOn,
      frame.names,
    );
}

/**
 * At the end of a run: the project's other groups and the neighbours' groups as at its start,
 * but for a user removeProjectMember took out of the project (its other groups may go with it).
 * A change in a run that wrote nothing is another chain's: judged there.
 */
export function expectAround(
  frame: ProjectFrame,
  project: number,
  before: FrameState,
  after: FrameState,
  writes: readonly Write[],
): void {
  const left = new Set(writes.filter((w) => w.membership && w.effective).map((w) => w.user));
  const changes = frameChanges(before, after)
    .map((c) =>
      c.place.startsWith(`project ${project},`)
        ? { ...c, gone: c.gone.filter((u) => !left.has(u)) }
        : c,
    )
    .filter((c) => c.unreadable || c.gone.length > 0 || c.came.length > 0);
  if (changes.length === 0) return;
  const rules = blameWrites(changes, writes);
  if (rules.length === 0) return;
  const list = writes.map((w) => `${w.rule}(${w.user})`).join(', ');
  failFrame(changes, rules, `the writes of this run (${list})`, frame.sampled, [], frame.names);
}
