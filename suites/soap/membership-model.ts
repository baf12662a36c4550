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
import { expectFault, expectSuccess, expectTrue } from '../../lib/kit/soap/expect.ts';
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

interface Model {
  members: Set<Role>;
  admins: Set<Role>;
}
interface Real {
  w: World;
  project: number;
}
type Cmd = fc.AsyncCommand<Model, Real>;

/** Each answer must be what the model predicts: true, or the fault the spec gives for the case. */
function expectPredicted(answer: SoapAnswer, allowed: boolean, code: number, what: string): void {
  if (allowed) expectTrue(answer, what);
  else expectFault(answer, code, what);
}

class AddMember implements Cmd {
  constructor(
    readonly actor: Actor,
    readonly user: Other,
  ) {}
  // An existing member (the outcome is not in the spec) is never added again.
  check = (m: Readonly<Model>) => !m.members.has(this.user);
  async run(m: Model, r: Real) {
    const ok = m.admins.has(this.actor);
    expectPredicted(
      await r.w.soap.call('addProjectMember', {
        sessionKey: r.w.keys[this.actor],
        groupId: r.project,
        userLogin: r.w.login(this.user),
      }),
      ok,
      3201,
      this.toString(),
    );
    if (ok) m.members.add(this.user);
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
    if (!m.admins.has(this.actor)) return expectFault(answer, 3201, this.toString());
    expectPredicted(answer, m.members.has(this.user), 3203, this.toString());
    m.members.delete(this.user);
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
    const ok = m.admins.has(this.actor);
    expectPredicted(
      await r.w.soap.call('addUserToUGroup', {
        sessionKey: r.w.keys[this.actor],
        groupId: r.project,
        ugroupId: this.group,
        userId: r.w.ids[this.user],
      }),
      ok,
      3201,
      this.toString(),
    );
    if (ok) m.admins.add(this.user);
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
    const ok = m.admins.has(this.actor);
    expectPredicted(
      await r.w.soap.call('removeUserFromUGroup', {
        sessionKey: r.w.keys[this.actor],
        groupId: r.project,
        ugroupId: this.group,
        userId: r.w.ids[this.user],
      }),
      ok,
      3201,
      this.toString(),
    );
    if (ok) m.admins.delete(this.user);
  }
  toString = () => `removeUserFromUGroup(${this.group}, ${this.user}) by ${this.actor}`;
}

class ProbeAdmin implements Cmd {
  constructor(readonly actor: Actor) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const answer = await isAdmin(r.w, this.actor, r.project);
    if (m.admins.has(this.actor)) expectSuccess(answer, this.toString());
    else expectFault(answer, 3203, this.toString());
  }
  toString = () => `getProjectServicesUsage by ${this.actor}`;
}

export async function runModel(ctx: ConformanceContext, withGroups: boolean): Promise<void> {
  const w = await world(ctx);
  // The SOAP project and the membership project, which the test holds (membership.test.ts).
  const projects = soapAndMembershipProjects(ctx.fixtures);
  await Promise.all(projects.map((p) => reset(w, p.id)));
  const group = withGroups ? await requireAdminsGroup(ctx, w, projects[0]!.id) : undefined;
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
          await fc.asyncModelRun(() => ({ model, real: { w, project } }), cmds);
        }),
      (p) => `project ${p.id} '${p.shortName}'`,
    );
  } finally {
    await Promise.all(projects.map((p) => reset(w, p.id)));
  }
}
