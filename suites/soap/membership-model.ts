/**
 * The model of a project's members and project admins (§4.2 #3, #4, #10, #11; §5.1.2) and the
 * fast-check commands that change it, each checked against what the model predicts: the
 * model-based properties of suites/soap/membership.test.ts.
 */
import fc from 'fast-check';
import type { ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { soapAndMembershipProjects } from '../../lib/kit/fixtures/projects.ts';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { spreadProperty } from '../../lib/kit/property-spread.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import {
  expectAnyFault,
  expectFault,
  expectSuccess,
  expectTrue,
} from '../../lib/kit/soap/expect.ts';
import type { Role } from '../../lib/target/profile.ts';
import {
  ACTORS,
  OTHERS,
  isAdmin,
  requireAdminsGroup,
  reset,
  world,
  type Actor,
  type Other,
  type World,
} from './membership-world.ts';
import {
  expectAround,
  expectModelGroups,
  projectFrame,
  type ProjectFrame,
  type Write,
} from './membership-frame.ts';
import { readFrame, type FrameState } from '../../lib/kit/frame/frame.ts';
import { neighbourGroupParts } from '../../lib/kit/frame/places.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';

interface Model {
  members: Set<Role>;
  admins: Set<Role>;
}
interface Real {
  ctx: ConformanceContext;
  w: World;
  project: number;
  frame: ProjectFrame;
  /** The run's writes, which the frame at its end accounts changes to. */
  writes: Write[];
  /** Whether this run reads the groups back after each write (a sample: READ_BACK_EVERY). */
  readBack: boolean;
}

/**
 * The runs that read the project's members and admins back after each write, and its other groups
 * and the neighbours' at their end (the writes since the last such run accounted): one in three,
 * and every run once one has failed (its shrinking then reads back all the way). Through a slow
 * link each read-back is one more round trip in the property's chain; the fixed sequences
 * (runSteps) read back after every write.
 */
const READ_BACK_EVERY = 3;

/** Per project: the runs so far, whether one failed, the frame as last read, the writes since. */
interface Sample {
  runs: number;
  failed: boolean;
  last: FrameState;
  since: Write[];
}
type Cmd = fc.AsyncCommand<Model, Real>;

/**
 * What a prediction of the model relies on (lib/kit/judging.ts): that a user is a member, the
 * effect of the add that made them one; that they are not, of the removals (the reset's included);
 * the same for the project-admins user group. The command whose answer first differs from the
 * model fails its own rule, unless the run finds the write it relies on broken.
 */
const RELIES = {
  member: 'soap.addProjectMember.effect',
  notMember: 'soap.removeProjectMember.effect',
  admin: 'soap.addUserToUGroup.effect',
  notAdmin: 'soap.removeUserFromUGroup.effect',
} as const satisfies Record<string, RequirementId>;

/** No member after the reset: its removals, from the project-admins user group first. */
const NOT_MEMBER: readonly RequirementId[] = [RELIES.notMember, RELIES.notAdmin];

/** A call refused for want of rights relies on the removals that took them away. */
const REFUSED: readonly RequirementId[] = [RELIES.notAdmin, 'soap.auth.project-admin'];

/**
 * After a write the model has taken in: records it, and reads the project's members and
 * project-admins groups back against the model (membership-frame.ts). `reliesOn`: what the model's
 * prediction relies on when the write took effect; `refused`: when it was refused.
 */
async function readBack(
  r: Real,
  m: Readonly<Model>,
  write: Write,
  reliesOn: readonly RequirementId[],
  what: string,
  refused: readonly RequirementId[] = REFUSED,
): Promise<void> {
  r.writes.push(write);
  if (!r.readBack) return;
  const relied = write.effective ? reliesOn : refused;
  await expectModelGroups(r.frame, r.w.ids, m, write, relied, what);
}

/**
 * A call by an actor the model says administers the project must succeed (the rule `allowed`,
 * relying on what made the actor admin); by any other, it must be refused (soap.auth.project-admin)
 * with 3201, relying on what took their rights away.
 */
function expectPredicted(
  r: Real,
  m: Readonly<Model>,
  actor: Actor,
  answer: SoapAnswer,
  allowed: { rule: RequirementId; reliesOn: readonly RequirementId[] },
  refusedCode: RequirementId,
  what: string,
): void {
  if (m.admins.has(actor)) {
    r.ctx.judging(allowed.rule, {
      reliesOn: [...allowed.reliesOn, ...(actor === 'projectAdmin' ? [] : [RELIES.admin])],
    });
    expectTrue(answer, what);
    return;
  }
  r.ctx.judging('soap.auth.project-admin', { reliesOn: [RELIES.notAdmin] });
  expectAnyFault(answer, what);
  r.ctx.judging(refusedCode, { reliesOn: [RELIES.notAdmin] });
  expectFault(answer, 3201, what);
}

class AddMember implements Cmd {
  constructor(
    readonly actor: Actor,
    readonly user: Other,
  ) {}
  // An existing member (the outcome is not in the spec) is never added again.
  check = (m: Readonly<Model>) => !m.members.has(this.user);
  async run(m: Model, r: Real) {
    const answer = await r.w.soap.call('addProjectMember', {
      sessionKey: r.w.keys[this.actor],
      groupId: r.project,
      userLogin: r.w.login(this.user),
    });
    // Taken when the user is not a member yet: relies on the removals that made them none.
    const allowed = { rule: RELIES.member, reliesOn: NOT_MEMBER };
    expectPredicted(
      r,
      m,
      this.actor,
      answer,
      allowed,
      'soap.addProjectMember.fault.3201',
      this.toString(),
    );
    const effective = m.admins.has(this.actor);
    if (effective) m.members.add(this.user);
    const write = {
      rule: RELIES.member,
      user: String(r.w.ids[this.user]),
      direction: 'add',
      effective,
    } as const;
    await readBack(r, m, write, allowed.reliesOn, this.toString());
  }
  toString = () => `addProjectMember(${this.user}) by ${this.actor}`;
}

class RemoveMember implements Cmd {
  constructor(
    readonly actor: Actor,
    readonly user: Other,
  ) {}
  // Left out: removing an admin, and a non-admin removing a non-member (the spec gives no order of the checks).
  check = (m: Readonly<Model>) =>
    !m.admins.has(this.user) && (m.admins.has(this.actor) || m.members.has(this.user));
  async run(m: Model, r: Real) {
    const answer = await r.w.soap.call('removeProjectMember', {
      sessionKey: r.w.keys[this.actor],
      groupId: r.project,
      userLogin: r.w.login(this.user),
    });
    if (m.admins.has(this.actor) && !m.members.has(this.user)) {
      // Not a member: relies on the removals (the reset's included) that made them none.
      r.ctx.judging('soap.removeProjectMember.fault.3203', { reliesOn: NOT_MEMBER });
      expectFault(answer, 3203, this.toString());
      const refused = {
        rule: RELIES.notMember,
        user: String(r.w.ids[this.user]),
        direction: 'remove',
        effective: false,
      } as const;
      // Refused by its admin (not a member): relies on the removals that made them none.
      await readBack(r, m, refused, NOT_MEMBER, this.toString(), NOT_MEMBER);
      return;
    }
    const allowed = { rule: RELIES.notMember, reliesOn: [RELIES.member] };
    expectPredicted(
      r,
      m,
      this.actor,
      answer,
      allowed,
      'soap.removeProjectMember.fault.3201',
      this.toString(),
    );
    const effective = m.admins.has(this.actor);
    if (effective) m.members.delete(this.user);
    const write = {
      rule: RELIES.notMember,
      user: String(r.w.ids[this.user]),
      direction: 'remove',
      effective,
      membership: true,
    } as const;
    await readBack(r, m, write, allowed.reliesOn, this.toString());
  }
  toString = () => `removeProjectMember(${this.user}) by ${this.actor}`;
}

class AddAdmin implements Cmd {
  constructor(
    readonly actor: Actor,
    readonly user: Other,
    /** The project-admins user group. */
    readonly group: number,
  ) {}
  check = (m: Readonly<Model>) => m.members.has(this.user) && !m.admins.has(this.user);
  async run(m: Model, r: Real) {
    const answer = await r.w.soap.call('addUserToUGroup', {
      sessionKey: r.w.keys[this.actor],
      groupId: r.project,
      ugroupId: this.group,
      userId: r.w.ids[this.user],
    });
    // The user is a member and not in the group: relies on the add and the group's removals.
    const allowed = { rule: RELIES.admin, reliesOn: [RELIES.member, RELIES.notAdmin] };
    expectPredicted(
      r,
      m,
      this.actor,
      answer,
      allowed,
      'soap.addUserToUGroup.fault.3201',
      this.toString(),
    );
    const effective = m.admins.has(this.actor);
    if (effective) m.admins.add(this.user);
    const write = {
      rule: RELIES.admin,
      user: String(r.w.ids[this.user]),
      direction: 'add',
      effective,
    } as const;
    await readBack(r, m, write, allowed.reliesOn, this.toString());
  }
  toString = () => `addUserToUGroup(${this.group}, ${this.user}) by ${this.actor}`;
}

class RemoveAdmin implements Cmd {
  constructor(
    readonly actor: Actor,
    readonly user: Other,
    /** The project-admins user group. */
    readonly group: number,
  ) {}
  // The project admin of the fixture always stays admin, so the project is never left without one.
  check = (m: Readonly<Model>) => m.admins.has(this.user);
  async run(m: Model, r: Real) {
    const answer = await r.w.soap.call('removeUserFromUGroup', {
      sessionKey: r.w.keys[this.actor],
      groupId: r.project,
      ugroupId: this.group,
      userId: r.w.ids[this.user],
    });
    // The user is in the group: relies on the add that put them there.
    const allowed = { rule: RELIES.notAdmin, reliesOn: [RELIES.admin] };
    const code = 'soap.removeUserFromUGroup.fault.3201';
    expectPredicted(r, m, this.actor, answer, allowed, code, this.toString());
    const effective = m.admins.has(this.actor);
    if (effective) m.admins.delete(this.user);
    const write = {
      rule: RELIES.notAdmin,
      user: String(r.w.ids[this.user]),
      direction: 'remove',
      effective,
    } as const;
    await readBack(r, m, write, allowed.reliesOn, this.toString());
  }
  toString = () => `removeUserFromUGroup(${this.group}, ${this.user}) by ${this.actor}`;
}

class ProbeAdmin implements Cmd {
  constructor(readonly actor: Actor) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const answer = await isAdmin(r.w, this.actor, r.project);
    if (m.admins.has(this.actor)) {
      // The project's own admin (the fixture), or one the group made: its effect.
      if (this.actor === 'projectAdmin') r.ctx.judging('soap.auth.project-admin');
      else r.ctx.judging(RELIES.admin);
      expectSuccess(answer, this.toString());
    } else {
      // No admin here: relies on the group's removals (the reset's included).
      r.ctx.judging('soap.auth.project-admin', { reliesOn: [RELIES.notAdmin] });
      expectAnyFault(answer, this.toString());
      expectFault(answer, 3203, this.toString());
    }
  }
  toString = () => `getProjectServicesUsage by ${this.actor}`;
}

export async function runModel(ctx: ConformanceContext, withGroups: boolean): Promise<void> {
  const w = await world(ctx);
  // The SOAP project and the membership project, which the test holds (membership.test.ts).
  const projects = soapAndMembershipProjects(ctx.fixtures);
  await Promise.all(projects.map((p) => reset(w, p.id)));
  const group = withGroups ? await requireAdminsGroup(ctx, w, projects[0]!.id) : undefined;
  const neighbours = await neighbourGroupParts(ctx);
  const frames = new Map(
    await Promise.all(
      projects.map(
        async (p) =>
          [p.id, await projectFrame(ctx, w, p.id, neighbours.parts, neighbours.ids)] as const,
      ),
    ),
  );
  ctx.observe(
    `frame read: ${[...frames.values()].map((f) => f.sampled).join('; ')}; read back in one run of ${READ_BACK_EVERY} (every run once one failed): the members and admins after each write, the rest at its end`,
  );
  // Per project, the frame around it as last read and the writes since (lines up with readBack).
  const samples = new Map<number, Sample>();
  for (const [id, frame] of frames)
    samples.set(id, { runs: 0, failed: false, last: await readFrame(frame.around), since: [] });
  const actor = fc.constantFrom(...ACTORS);
  const user = fc.constantFrom(...OTHERS);
  const commands: Array<fc.Arbitrary<Cmd>> = [
    fc.tuple(actor, user).map(([a, u]) => new AddMember(a, u)),
    fc.tuple(actor, user).map(([a, u]) => new RemoveMember(a, u)),
    actor.map((a) => new ProbeAdmin(a)),
  ];
  if (group !== undefined)
    commands.push(
      fc.tuple(actor, user).map(([a, u]) => new AddAdmin(a, u, group)),
      fc.tuple(actor, user).map(([a, u]) => new RemoveAdmin(a, u, group)),
    );
  try {
    await spreadProperty(
      projects,
      propertyRun(20),
      ({ id: project }) =>
        fc.asyncProperty(fc.commands(commands, { maxCommands: 10 }), async (cmds) => {
          // Without the user-group commands, the reset before the runs left nobody in the group.
          await reset(w, project, { userGroups: withGroups });
          const model: Model = {
            members: new Set(['projectAdmin']),
            admins: new Set(['projectAdmin']),
          };
          const frame = frames.get(project)!;
          const sample = samples.get(project)!;
          const readBack = sample.failed || sample.runs++ % READ_BACK_EVERY === 0;
          const real: Real = { ctx, w, project, frame, writes: [], readBack };
          let failed = true;
          try {
            await fc.asyncModelRun(() => ({ model, real }), cmds);
            sample.since.push(...real.writes);
            if (readBack) {
              const [before, writes] = [sample.last, sample.since];
              sample.last = await readFrame(frame.around);
              sample.since = [];
              expectAround(frame, project, before, sample.last, writes);
            }
            failed = false;
          } finally {
            // A failed run's changes are left out of the next run's account; its shrinking reads back.
            if (failed) {
              sample.failed = true;
              sample.last = await readFrame(frame.around);
              sample.since = [];
            }
          }
        }),
      (p) => `project ${p.id} '${p.shortName}'`,
    );
  } finally {
    await Promise.all(projects.map((p) => reset(w, p.id)));
  }
}

/** One write of a fixed sequence (runSteps), by the project admin. */
export type Step = readonly ['addMember' | 'removeMember' | 'addAdmin' | 'removeAdmin', Other];

/**
 * A fixed sequence of writes by the project admin on the membership project, each read back
 * against the model and the frame (membership-frame.ts): the frame condition of each write in one
 * scenario, where the properties meet it only by chance. Skipped when the target lists no user
 * group (nothing to read back but the answers, which the properties judge).
 */
export async function runSteps(ctx: ConformanceContext, steps: readonly Step[]): Promise<void> {
  const w = await world(ctx);
  const project = ctx.fixtures.membershipProject.id;
  await reset(w, project);
  const needsGroup = steps.some(([op]) => op.endsWith('Admin'));
  const group = needsGroup ? await requireAdminsGroup(ctx, w, project) : 0;
  const neighbours = await neighbourGroupParts(ctx);
  const frame = await projectFrame(ctx, w, project, neighbours.parts, neighbours.ids);
  if (frame.members === undefined || (needsGroup && frame.admins === undefined))
    ctx.skip(
      `these checks read a project's members and project-admins back through the real system's routes GET /api/projects/${project}/user_groups and GET /api/user_groups/<id>/users, which this target does not answer (${frame.sampled})`,
    );
  ctx.observe(`frame read: ${frame.sampled}`);
  const model: Model = { members: new Set(['projectAdmin']), admins: new Set(['projectAdmin']) };
  const real: Real = { ctx, w, project, frame, writes: [], readBack: true };
  const before = await readFrame(frame.around);
  try {
    for (const [op, user] of steps) {
      const command =
        op === 'addMember'
          ? new AddMember('projectAdmin', user)
          : op === 'removeMember'
            ? new RemoveMember('projectAdmin', user)
            : op === 'addAdmin'
              ? new AddAdmin('projectAdmin', user, group)
              : new RemoveAdmin('projectAdmin', user, group);
      await command.run(model, real);
    }
    expectAround(frame, project, before, await readFrame(frame.around), real.writes);
  } finally {
    await reset(w, project);
  }
}
