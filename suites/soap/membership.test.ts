/**
 * §4.2 #3, #4, #10, #11: project members and user groups. Effects on the SOAP project (this file
 * alone changes its members and user groups; it runs sequentially) and, for the model-based
 * properties, the membership project (theirs alone), observed through other
 * operations: removing a non-member answers 3203, and a user added to the project-admins user group
 * (the profile's projectAdminsUgroupId; the real system's 4) gains the project-admin operations.
 * §7.1 faults on the shared projects, which must stay as they were, the same refusals to the admin
 * of another project (§5.1.2), and model-based properties with random actors.
 */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { spreadProperty } from '../../lib/kit/property-spread.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { soapAndMembershipProjects } from '../../lib/kit/fixtures/projects.ts';
import { readUserGroupsBeforeChanges } from '../../lib/kit/cleanup/restorable.ts';
import { userId } from '../../lib/kit/fixtures/sessions.ts';
import { SoapClient, type SoapAnswer } from '../../lib/kit/soap/client.ts';
import { expectFault, expectSuccess, expectTrue } from '../../lib/kit/soap/expect.ts';
import { xsiType } from '../../lib/kit/soap/wire.ts';
import { faultCell } from '../../spec/matrix/faults.ts';
import { successMessageTests } from './answer-messages.ts';
import {
  soapFaultTests,
  type Caller,
  type FaultSubject,
  type Scenario,
} from './fault-scenarios.ts';
import type { Role } from '../../lib/target/profile.ts';

const NO_SUCH_USER_ID = 2_000_000_004;
const NO_SUCH_UGROUP = 2_000_000_005;
/** The real system's user group of the project admins (tuleap-facts A.4): where no other is known. */
const REAL_ADMINS_GROUP = 4;
const noAdminsGroup = (id: number | null) =>
  id === null
    ? 'the profile says the target has no project-admins user group (projectAdminsUgroupId null), the only user group a black-box client can name in a project it created; these checks need one'
    : `the target answers 3301 for user group ${id}, the profile's project-admins user group (projectAdminsUgroupId; the real system's 4), ` +
      'the only user group a black-box client can name in a project it created; these checks need one';

type Other = Exclude<Role, 'projectAdmin'>;
const OTHERS: readonly Other[] = ['projectMember', 'nonMember', 'siteAdmin'];
type Actor = 'projectAdmin' | 'projectMember' | 'nonMember';
const ACTORS: readonly Actor[] = ['projectAdmin', 'projectMember', 'nonMember'];

interface World {
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

async function world(ctx: ConformanceContext): Promise<World> {
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
 * Brings the SOAP project back to its projectAdmin alone (admin and only member), whatever an
 * earlier test or run left: each removal answers true, or a fault when there is nothing to remove.
 * The users one at a time would be a chain of six requests: each user's own two (out of the
 * project-admins user group, then out of the members) run alongside the others'.
 */
async function reset(w: World, project: number): Promise<void> {
  await Promise.all(
    OTHERS.map(async (role) => {
      if (w.admins !== null)
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
async function isAdmin(w: World, role: Actor, project: number): Promise<SoapAnswer> {
  return w.soap.call('getProjectServicesUsage', { session_key: w.keys[role], group_id: project });
}

function expectBooleanPart(answer: SoapAnswer, op: string): void {
  expect(answer.part?.name, `name of the output part of ${op}`).toBe(op);
  expect(xsiType(answer.part!), `xsi:type of the output part of ${op}`).toEqual({
    ns: 'http://www.w3.org/2001/XMLSchema',
    local: 'boolean',
  });
}

/**
 * The project-admins user group; skips when the profile says there is none, or when the target
 * answers 3301 for it (probed with a removal that changes nothing).
 */
async function requireAdminsGroup(
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

// ---- the shared §7.1 scenarios (fault-scenarios.ts) of the four operations -----------------------

/** Calls the admin of the SOAP project makes to set up or read back (never a refused call). */
const asAdmin = {
  addMember: (w: World, project: number, role: Role) =>
    w.soap.call('addProjectMember', {
      sessionKey: w.keys.projectAdmin,
      groupId: project,
      userLogin: w.login(role),
    }),
  removeMember: (w: World, project: number, role: Role) =>
    w.soap.call('removeProjectMember', {
      sessionKey: w.keys.projectAdmin,
      groupId: project,
      userLogin: w.login(role),
    }),
};

/**
 * A member and an outsider try on the public project; the admin of another project on the SOAP
 * project, reset first (it has no other member then). Nobody adds themselves.
 */
const addingMember: FaultSubject = {
  op: 'addProjectMember',
  leaves: { 'non-admin': 'add nobody', 'foreign-admin': 'add nobody' },
  async arrange(ctx, scenario) {
    const w = await world(ctx);
    const foreign = scenario === 'foreign-admin';
    const project = foreign ? ctx.fixtures.soapProject.id : ctx.fixtures.publicProject.id;
    if (foreign) await reset(w, project);
    const user = (by: Caller): Role => (by === 'nonMember' ? 'siteAdmin' : 'nonMember');
    const users: Role[] = scenario === 'non-admin' ? ['nonMember', 'siteAdmin'] : ['nonMember'];
    return {
      calls: [
        {
          what: (by) => w.login(user(by)),
          send: (key, by, on = project) =>
            w.soap.call('addProjectMember', {
              sessionKey: key,
              groupId: on,
              userLogin: w.login(user(by)),
            }),
        },
      ],
      async unchanged() {
        for (const role of users)
          expectFault(
            await asAdmin.removeMember(w, project, role),
            3203,
            `read back: ${w.login(role)} is still not a member (removeProjectMember by the admin answers 3203)`,
          );
      },
    };
  },
};

/**
 * On the SOAP project, reset, with a member the admin added: the projectMember (a member and an
 * outsider try), or the nonMember (the admin of another project, the projectMember, tries).
 */
const removingMember: FaultSubject = {
  op: 'removeProjectMember',
  leaves: { 'non-admin': 'remove nobody', 'foreign-admin': 'remove nobody' },
  titles: {
    'non-admin':
      'removeProjectMember by a member or an outsider (not project admin) must answer fault 3201 and remove nobody',
  },
  async arrange(ctx, scenario) {
    const w = await world(ctx);
    const project = ctx.fixtures.soapProject.id;
    const user: Role = scenario === 'foreign-admin' ? 'nonMember' : 'projectMember';
    if (scenario !== 'unknown-project') {
      await reset(w, project);
      expectTrue(
        await asAdmin.addMember(w, project, user),
        `addProjectMember ${w.login(user)} by the admin`,
      );
    }
    return {
      calls: [
        {
          what: w.login(user),
          send: (key, _by, on = project) =>
            w.soap.call('removeProjectMember', {
              sessionKey: key,
              groupId: on,
              userLogin: w.login(user),
            }),
        },
      ],
      unchanged: async () =>
        expectTrue(
          await asAdmin.removeMember(w, project, user),
          `read back: ${w.login(user)} was still a member (removeProjectMember by the admin answers true)`,
        ),
    };
  },
};

/** The project-admins user group: probed (skipped without one), except for a project that does not exist. */
async function adminsGroup(
  ctx: ConformanceContext,
  w: World,
  project: number,
  scenario: Scenario,
): Promise<number> {
  if (scenario === 'unknown-project') return w.admins ?? REAL_ADMINS_GROUP;
  return requireAdminsGroup(ctx, w, project);
}

/**
 * Putting a user in the project-admins user group: the nonMember, by a member and an outsider, on
 * the public project; themselves, by the admin of another project, on the SOAP project (reset).
 */
const addingAdmin: FaultSubject = {
  op: 'addUserToUGroup',
  leaves: { 'non-admin': 'change no group', 'foreign-admin': 'grant nothing' },
  titles: {
    'foreign-admin':
      'addUserToUGroup by the admin of another project, putting themselves in the project-admins user group, must answer fault 3201 and grant nothing',
  },
  async arrange(ctx, scenario) {
    const w = await world(ctx);
    const foreign = scenario === 'foreign-admin';
    const project = foreign ? ctx.fixtures.soapProject.id : ctx.fixtures.publicProject.id;
    if (foreign) await reset(w, project);
    const admins = await adminsGroup(ctx, w, project, scenario);
    const user: Role = foreign || scenario === 'unknown-project' ? 'projectMember' : 'nonMember';
    return {
      calls: [
        {
          what: `user group ${admins}, user ${w.login(user)}`,
          send: (key, _by, on = project) =>
            w.soap.call('addUserToUGroup', {
              sessionKey: key,
              groupId: on,
              ugroupId: admins,
              userId: w.ids[user],
            }),
        },
      ],
      unchanged: async () =>
        expectFault(
          await isAdmin(w, user, project),
          3203,
          `read back: getProjectServicesUsage by ${w.login(user)}, still no admin here`,
        ),
    };
  },
};

/**
 * Taking a user out of the project-admins user group: the projectAdmin, by a member and an
 * outsider, on the public project; the nonMember, made admin of the SOAP project (reset), by the
 * admin of another project.
 */
const removingAdmin: FaultSubject = {
  op: 'removeUserFromUGroup',
  leaves: { 'non-admin': 'change no group', 'foreign-admin': 'leave the group as it was' },
  async arrange(ctx, scenario) {
    const w = await world(ctx);
    const foreign = scenario === 'foreign-admin';
    const project = foreign ? ctx.fixtures.soapProject.id : ctx.fixtures.publicProject.id;
    if (foreign) await reset(w, project);
    const admins = await adminsGroup(ctx, w, project, scenario);
    const user: Role =
      scenario === 'non-admin' ? 'projectAdmin' : foreign ? 'nonMember' : 'projectMember';
    if (foreign) {
      try {
        expectTrue(
          await asAdmin.addMember(w, project, user),
          `addProjectMember ${w.login(user)} by the admin`,
        );
        expectTrue(
          await w.soap.call('addUserToUGroup', {
            sessionKey: w.keys.projectAdmin,
            groupId: project,
            ugroupId: admins,
            userId: w.ids[user],
          }),
          `addUserToUGroup ${admins} of ${w.login(user)} by the admin`,
        );
      } catch (error) {
        await reset(w, project);
        throw error;
      }
    }
    return {
      calls: [
        {
          what: `user group ${admins}, user ${w.login(user)}`,
          send: (key, _by, on = project) =>
            w.soap.call('removeUserFromUGroup', {
              sessionKey: key,
              groupId: on,
              ugroupId: admins,
              userId: w.ids[user],
            }),
        },
      ],
      async unchanged() {
        expectSuccess(
          await isAdmin(w, user, project),
          `read back: getProjectServicesUsage by ${w.login(user)}, still in user group ${admins}`,
        );
      },
      restore: async () => {
        if (foreign) await reset(w, project);
      },
    };
  },
};

describe('addProjectMember and removeProjectMember', () => {
  conformanceTest(
    ['soap.addProjectMember.effect', 'soap.addProjectMember.output'],
    'addProjectMember must make the user with that login a member (removing them then answers true, not 3203) and answer xsd:boolean true',
    async (ctx) => {
      const w = await world(ctx);
      const project = ctx.fixtures.soapProject.id;
      await reset(w, project);
      const user = w.login('nonMember');
      expectFault(
        await w.soap.call('removeProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: user,
        }),
        3203,
        `before: removeProjectMember ${user} (not a member yet)`,
      );
      const added = await w.soap.call('addProjectMember', {
        sessionKey: w.keys.projectAdmin,
        groupId: project,
        userLogin: user,
      });
      expectTrue(added, `addProjectMember ${user}`);
      expectBooleanPart(added, 'addProjectMember');
      expectTrue(
        await w.soap.call('removeProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: user,
        }),
        `read back: removeProjectMember ${user} (now a member)`,
      );
    },
  );

  conformanceTest(
    ['soap.removeProjectMember.effect', 'soap.removeProjectMember.output'],
    'removeProjectMember must remove the user from the members (removing them again answers 3203) and answer xsd:boolean true',
    async (ctx) => {
      const w = await world(ctx);
      const project = ctx.fixtures.soapProject.id;
      await reset(w, project);
      const user = w.login('projectMember');
      expectTrue(
        await w.soap.call('addProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: user,
        }),
        `addProjectMember ${user}`,
      );
      const removed = await w.soap.call('removeProjectMember', {
        sessionKey: w.keys.projectAdmin,
        groupId: project,
        userLogin: user,
      });
      expectTrue(removed, `removeProjectMember ${user}`);
      expectBooleanPart(removed, 'removeProjectMember');
      expectFault(
        await w.soap.call('removeProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: user,
        }),
        3203,
        `read back: removeProjectMember ${user} again (no longer a member)`,
      );
    },
  );
});

describe('addUserToUGroup and removeUserFromUGroup', () => {
  conformanceTest(
    [
      'soap.addUserToUGroup.effect',
      'soap.removeUserFromUGroup.effect',
      'soap.addUserToUGroup.output',
      'soap.removeUserFromUGroup.output',
    ],
    "a member added to the project-admins user group (the profile's; the real system's 4) must gain the project-admin operations, and lose them when removed from it",
    async (ctx) => {
      const w = await world(ctx);
      const project = ctx.fixtures.soapProject.id;
      await reset(w, project);
      const admins = await requireAdminsGroup(ctx, w, project);
      const user = w.login('projectMember');
      expectTrue(
        await w.soap.call('addProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: user,
        }),
        `addProjectMember ${user}`,
      );
      expectFault(
        await isAdmin(w, 'projectMember', project),
        3203,
        `before: getProjectServicesUsage by ${user} (a member, not admin)`,
      );
      const added = await w.soap.call('addUserToUGroup', {
        sessionKey: w.keys.projectAdmin,
        groupId: project,
        ugroupId: admins,
        userId: w.ids.projectMember,
      });
      expectTrue(added, `addUserToUGroup ${user} to user group ${admins}`);
      expectBooleanPart(added, 'addUserToUGroup');
      expectSuccess(
        await isAdmin(w, 'projectMember', project),
        `read back: getProjectServicesUsage by ${user}, now in user group ${admins}`,
      );
      const removed = await w.soap.call('removeUserFromUGroup', {
        sessionKey: w.keys.projectAdmin,
        groupId: project,
        ugroupId: admins,
        userId: w.ids.projectMember,
      });
      expectTrue(removed, `removeUserFromUGroup ${user} from user group ${admins}`);
      expectBooleanPart(removed, 'removeUserFromUGroup');
      expectFault(
        await isAdmin(w, 'projectMember', project),
        3203,
        `read back: getProjectServicesUsage by ${user}, removed from user group ${admins}`,
      );
    },
  );
});

describe('answers are sent as text/xml (on the SOAP project, left as found)', () => {
  const memberCall = (w: World, op: 'addProjectMember' | 'removeProjectMember', project: number) =>
    w.soap.call(op, {
      sessionKey: w.keys.projectAdmin,
      groupId: project,
      userLogin: w.login('nonMember'),
    });
  for (const op of ['addProjectMember', 'removeProjectMember'] as const)
    successMessageTests(op, {
      how: 'of the nonMember on the SOAP project, by its admin (added, then removed)',
      async answer(ctx) {
        const w = await world(ctx);
        const project = ctx.fixtures.soapProject.id;
        await reset(w, project);
        const added = await memberCall(w, 'addProjectMember', project);
        expectTrue(added, `addProjectMember ${w.login('nonMember')}`);
        const removed = await memberCall(w, 'removeProjectMember', project);
        // 3203 'not member' right after an add that answered true: the add was not applied, a
        // rule this check relies on, not one it judges.
        if (op === 'removeProjectMember')
          await ctx.precondition(
            'soap.addProjectMember.effect',
            `${w.login('nonMember')} is a member of project ${project} after addProjectMember answered true`,
            () =>
              Promise.resolve(
                removed.fault?.faultcode === '3203'
                  ? `removeProjectMember answered fault 3203 (${removed.fault.faultstring}) right after addProjectMember answered true`
                  : undefined,
              ),
          );
        return op === 'addProjectMember' ? added : removed;
      },
    });

  const groupCall = (
    w: World,
    op: 'addUserToUGroup' | 'removeUserFromUGroup',
    project: number,
    admins: number,
  ) =>
    w.soap.call(op, {
      sessionKey: w.keys.projectAdmin,
      groupId: project,
      ugroupId: admins,
      userId: w.ids.projectMember,
    });
  for (const op of ['addUserToUGroup', 'removeUserFromUGroup'] as const)
    successMessageTests(op, {
      how: "of the projectMember in the SOAP project's admins user group, by its admin (added, then removed)",
      async answer(ctx) {
        const w = await world(ctx);
        const project = ctx.fixtures.soapProject.id;
        await reset(w, project);
        const admins = await requireAdminsGroup(ctx, w, project);
        const user = w.login('projectMember');
        expectTrue(
          await w.soap.call('addProjectMember', {
            sessionKey: w.keys.projectAdmin,
            groupId: project,
            userLogin: user,
          }),
          `addProjectMember ${user}`,
        );
        const added = await groupCall(w, 'addUserToUGroup', project, admins);
        expectTrue(added, `addUserToUGroup ${user} to user group ${admins}`);
        const removed = await groupCall(w, 'removeUserFromUGroup', project, admins);
        await reset(w, project);
        return op === 'addUserToUGroup' ? added : removed;
      },
    });
});

describe('faults (project members)', () => {
  soapFaultTests([addingMember, removingMember], ['unknown-project', 'non-admin']);

  conformanceTest(
    ['soap.removeProjectMember.fault.3202'],
    'removeProjectMember of a login no user has must answer fault 3202',
    async (ctx) => {
      const w = await world(ctx);
      const login = `no-such-user-${inject('runTag')}`;
      expectFault(
        await w.soap.call('removeProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: ctx.fixtures.publicProject.id,
          userLogin: login,
        }),
        3202,
        `removeProjectMember ${login}`,
      );
    },
    { cells: [faultCell('removeProjectMember', 3202, 'project-admin')] },
  );

  conformanceTest(
    ['soap.removeProjectMember.fault.3203'],
    'removeProjectMember of a user who is not a member must answer fault 3203',
    async (ctx) => {
      const w = await world(ctx);
      const project = ctx.fixtures.publicProject.id;
      expectFault(
        await w.soap.call('removeProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: w.login('nonMember'),
        }),
        3203,
        `removeProjectMember ${w.login('nonMember')} (an outsider)`,
      );
    },
    { cells: [faultCell('removeProjectMember', 3203, 'project-admin')] },
  );
});

describe('faults (user groups)', () => {
  soapFaultTests([addingAdmin, removingAdmin], ['unknown-project', 'non-admin']);

  for (const op of ['addUserToUGroup', 'removeUserFromUGroup'] as const) {
    conformanceTest(
      [`soap.${op}.fault.3203`],
      `${op} with a user id no user has must answer fault 3203`,
      async (ctx) => {
        const w = await world(ctx);
        const project = ctx.fixtures.publicProject.id;
        const admins = await requireAdminsGroup(ctx, w, project);
        expectFault(
          await w.soap.call(op, {
            sessionKey: w.keys.projectAdmin,
            groupId: project,
            ugroupId: admins,
            userId: NO_SUCH_USER_ID,
          }),
          3203,
          `${op} of user id ${NO_SUCH_USER_ID}`,
        );
      },
      { cells: [faultCell(op, 3203, 'project-admin')] },
    );

    conformanceTest(
      [`soap.${op}.fault.3301`],
      `${op} with a user group that does not exist must answer fault 3301`,
      async (ctx) => {
        const w = await world(ctx);
        const project = ctx.fixtures.publicProject.id;
        expectFault(
          await w.soap.call(op, {
            sessionKey: w.keys.projectAdmin,
            groupId: project,
            ugroupId: NO_SUCH_UGROUP,
            userId: w.ids.nonMember,
          }),
          3301,
          `${op} user group ${NO_SUCH_UGROUP}`,
        );
      },
      { cells: [faultCell(op, 3301, 'project-admin')] },
    );
  }
});

describe('the admin of another project gets no rights here (§5.1.2)', () => {
  // The projectMember administers the run's foreign project, and nothing in the SOAP project (reset).
  soapFaultTests([addingMember, removingMember, addingAdmin, removingAdmin], ['foreign-admin']);
});

// ---- model-based properties ---------------------------------------------------------------------

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

async function runModel(ctx: ConformanceContext, withGroups: boolean): Promise<void> {
  const w = await world(ctx);
  // The SOAP project (this file's other tests wait for the property) and the membership project.
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
          await reset(w, project);
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

describe('properties: random sequences by random actors', () => {
  conformanceTest(
    [
      'soap.addProjectMember.effect',
      'soap.removeProjectMember.effect',
      'soap.addProjectMember.fault.3201',
      'soap.removeProjectMember.fault.3201',
      'soap.removeProjectMember.fault.3203',
      'soap.auth.project-admin',
    ],
    'any sequence of addProjectMember and removeProjectMember calls by the admin, a member or an outsider must answer as a model of the members predicts',
    async (ctx) => runModel(ctx, false),
  );

  conformanceTest(
    [
      'soap.addUserToUGroup.effect',
      'soap.removeUserFromUGroup.effect',
      'soap.addUserToUGroup.fault.3201',
      'soap.removeUserFromUGroup.fault.3201',
      'soap.auth.project-admin',
    ],
    'any sequence of member and project-admins user group changes by random actors must answer as a model of members and admins predicts, admin rights included',
    async (ctx) => runModel(ctx, true),
  );
});
