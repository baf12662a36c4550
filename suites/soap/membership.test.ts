/**
 * §4.2 #3, #4, #10, #11: project members and user groups. Effects on the SOAP project and the
 * membership project (this file alone changes their members and user groups), observed through
 * other operations: removing a non-member answers 3203, and a user added to the project-admins
 * user group (the profile's projectAdminsUgroupId; the real system's 4) gains the project-admin
 * operations. §7.1 faults on the shared projects, which must stay as they were, the same refusals
 * to the admin of another project (§5.1.2), and model-based properties with random actors (their
 * model: membership-model.ts; the world every test acts in: membership-world.ts). The same two
 * user-group operations on static user groups: static-ugroups.test.ts.
 *
 * The blocks run side by side; the tests that change (or read back) one project's members and user
 * groups take that project in turn (lib/kit/fixtures/in-turn.ts): a chain on the SOAP project, one
 * on the membership project (the refusals to the admin of another project), one on the public
 * project, and the properties last, on the SOAP and the membership project.
 */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { expectFault, expectSuccess, expectTrue } from '../../lib/kit/soap/expect.ts';
import { xsiType } from '../../lib/kit/soap/wire.ts';
import { faultCell } from '../../spec/matrix/faults.ts';
import { frameCells } from '../../spec/matrix/frame.ts';
import { successMessageTests } from './answer-messages.ts';
import { runModel, runSteps } from './membership-model.ts';
import { isAdmin, requireAdminsGroup, reset, world, type World } from './membership-world.ts';
import {
  soapFaultTests,
  type Caller,
  type FaultSubject,
  type Scenario,
} from './fault-scenarios.ts';
import type { Role } from '../../lib/target/profile.ts';
import { NO_SUCH_UGROUP, NO_SUCH_USER_ID } from '../../lib/kit/no-such-ids.ts';
import { inTurn } from '../../lib/kit/fixtures/in-turn.ts';
import type { FixtureName } from '../../lib/kit/fixtures/projects.ts';

/**
 * What the tests take in turn: the members and user groups of a shared project, by its id (a
 * profile may name one project for two).
 */
const membersOf = (name: FixtureName) =>
  `the members and user groups of project ${inject('fixtures')[name].id}`;

/**
 * What a user's being no member after reset() relies on: its removals, from the project-admins
 * user group first (an admin stays a member).
 */
const NOT_MEMBER_AFTER_RESET = [
  'soap.removeProjectMember.effect',
  'soap.removeUserFromUGroup.effect',
] as const;

/** The real system's user group of the project admins (tuleap-facts A.4): where no other is known. */
const REAL_ADMINS_GROUP = 4;

function expectBooleanPart(answer: SoapAnswer, op: string): void {
  expect(answer.part?.name, `name of the output part of ${op}`).toBe(op);
  expect(xsiType(answer.part!), `xsi:type of the output part of ${op}`).toEqual({
    ns: 'http://www.w3.org/2001/XMLSchema',
    local: 'boolean',
  });
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
 * A member and an outsider try on the public project; the admin of another project on the
 * membership project, reset first (it has no other member then). Nobody adds themselves.
 */
const addingMember: FaultSubject = {
  op: 'addProjectMember',
  leaves: { 'non-admin': 'add nobody', 'foreign-admin': 'add nobody' },
  async arrange(ctx, scenario) {
    const w = await world(ctx);
    const foreign = scenario === 'foreign-admin';
    const project = foreign ? ctx.fixtures.membershipProject.id : ctx.fixtures.publicProject.id;
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
      // Not a member before: the reset's removals (on the membership project).
      unchangedRelies: NOT_MEMBER_AFTER_RESET,
    };
  },
};

/**
 * On the membership project, reset, with a member the admin added: the projectMember (a member and
 * an outsider try), or the nonMember (the admin of another project, the projectMember, tries).
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
    const project = ctx.fixtures.membershipProject.id;
    const user: Role = scenario === 'foreign-admin' ? 'nonMember' : 'projectMember';
    if (scenario !== 'unknown-project') {
      await reset(w, project);
      ctx.judging('soap.addProjectMember.effect', { reliesOn: NOT_MEMBER_AFTER_RESET });
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
      unchangedRelies: ['soap.addProjectMember.effect'],
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
 * the public project; themselves, by the admin of another project, on the membership project
 * (reset).
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
    const project = foreign ? ctx.fixtures.membershipProject.id : ctx.fixtures.publicProject.id;
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
      // No admin before: the reset's removals from the group, and the rights of §5.1.2.
      unchangedRelies: ['soap.removeUserFromUGroup.effect', 'soap.auth.project-admin'],
    };
  },
};

/**
 * Taking a user out of the project-admins user group: the projectAdmin, by a member and an
 * outsider, on the public project; the nonMember, made admin of the membership project (reset), by
 * the admin of another project.
 */
const removingAdmin: FaultSubject = {
  op: 'removeUserFromUGroup',
  leaves: { 'non-admin': 'change no group', 'foreign-admin': 'leave the group as it was' },
  async arrange(ctx, scenario) {
    const w = await world(ctx);
    const foreign = scenario === 'foreign-admin';
    const project = foreign ? ctx.fixtures.membershipProject.id : ctx.fixtures.publicProject.id;
    if (foreign) await reset(w, project);
    const admins = await adminsGroup(ctx, w, project, scenario);
    const user: Role =
      scenario === 'non-admin' ? 'projectAdmin' : foreign ? 'nonMember' : 'projectMember';
    if (foreign) {
      try {
        ctx.judging('soap.addProjectMember.effect', {
          reliesOn: NOT_MEMBER_AFTER_RESET,
        });
        expectTrue(
          await asAdmin.addMember(w, project, user),
          `addProjectMember ${w.login(user)} by the admin`,
        );
        ctx.judging('soap.addUserToUGroup.effect', { reliesOn: ['soap.addProjectMember.effect'] });
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
      // In the group before: the admin put them there (or the project's own admin).
      unchangedRelies: ['soap.addUserToUGroup.effect'],
      restore: async () => {
        if (foreign) await reset(w, project);
      },
    };
  },
};

describe.concurrent('addProjectMember and removeProjectMember', () => {
  inTurn(() => [membersOf('soapProject')]);
  conformanceTest(
    ['soap.addProjectMember.effect', 'soap.addProjectMember.output'],
    'addProjectMember must make the user with that login a member (removing them then answers true, not 3203) and answer xsd:boolean true',
    async (ctx) => {
      const w = await world(ctx);
      const project = ctx.fixtures.soapProject.id;
      await reset(w, project);
      const user = w.login('nonMember');
      // Not a member before: the reset's removals.
      ctx.judging('soap.removeProjectMember.effect', {
        reliesOn: ['soap.removeUserFromUGroup.effect'],
      });
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
      ctx.judging('soap.addProjectMember.output');
      expectTrue(added, `addProjectMember ${user}`);
      expectBooleanPart(added, 'addProjectMember');
      ctx.judging('soap.addProjectMember.effect');
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
      ctx.judging('soap.addProjectMember.effect', { reliesOn: NOT_MEMBER_AFTER_RESET });
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
      // True for a member: relies on the add.
      ctx.judging('soap.removeProjectMember.output', {
        reliesOn: ['soap.addProjectMember.effect'],
      });
      expectTrue(removed, `removeProjectMember ${user}`);
      expectBooleanPart(removed, 'removeProjectMember');
      ctx.judging('soap.removeProjectMember.effect');
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

describe.concurrent('addUserToUGroup and removeUserFromUGroup', () => {
  inTurn(() => [membersOf('soapProject')]);
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
      ctx.judging('soap.addProjectMember.effect', { reliesOn: NOT_MEMBER_AFTER_RESET });
      expectTrue(
        await w.soap.call('addProjectMember', {
          sessionKey: w.keys.projectAdmin,
          groupId: project,
          userLogin: user,
        }),
        `addProjectMember ${user}`,
      );
      // A member, no admin: the reset's removal from the group, and the rights of §5.1.2.
      ctx.judging('soap.removeUserFromUGroup.effect', { reliesOn: ['soap.auth.project-admin'] });
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
      ctx.judging('soap.addUserToUGroup.output');
      expectTrue(added, `addUserToUGroup ${user} to user group ${admins}`);
      expectBooleanPart(added, 'addUserToUGroup');
      ctx.judging('soap.addUserToUGroup.effect');
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
      ctx.judging('soap.removeUserFromUGroup.output', {
        reliesOn: ['soap.addUserToUGroup.effect'],
      });
      expectTrue(removed, `removeUserFromUGroup ${user} from user group ${admins}`);
      expectBooleanPart(removed, 'removeUserFromUGroup');
      ctx.judging('soap.removeUserFromUGroup.effect', { reliesOn: ['soap.auth.project-admin'] });
      expectFault(
        await isAdmin(w, 'projectMember', project),
        3203,
        `read back: getProjectServicesUsage by ${user}, removed from user group ${admins}`,
      );
    },
  );
});

describe.concurrent('answers are sent as text/xml (on the SOAP project, left as found)', () => {
  inTurn(() => [membersOf('soapProject')]);
  const memberCall = (w: World, op: 'addProjectMember' | 'removeProjectMember', project: number) =>
    w.soap.call(op, {
      sessionKey: w.keys.projectAdmin,
      groupId: project,
      userLogin: w.login('nonMember'),
    });
  for (const op of ['addProjectMember', 'removeProjectMember'] as const)
    successMessageTests(op, {
      how: 'of the nonMember on the SOAP project, by its admin (added, then removed)',
      rule: `soap.${op}.effect`,
      async answer(ctx) {
        const w = await world(ctx);
        const project = ctx.fixtures.soapProject.id;
        await reset(w, project);
        // The add after the reset relies on its removals; the removal on the add.
        ctx.judging('soap.addProjectMember.effect', {
          reliesOn: NOT_MEMBER_AFTER_RESET,
        });
        const added = await memberCall(w, 'addProjectMember', project);
        expectTrue(added, `addProjectMember ${w.login('nonMember')}`);
        ctx.judging(`soap.${op}.effect`, { reliesOn: ['soap.addProjectMember.effect'] });
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
      rule: `soap.${op}.effect`,
      async answer(ctx) {
        const w = await world(ctx);
        const project = ctx.fixtures.soapProject.id;
        await reset(w, project);
        const admins = await requireAdminsGroup(ctx, w, project);
        const user = w.login('projectMember');
        // Each step relies on the one before (the reset's removals first).
        ctx.judging('soap.addProjectMember.effect', {
          reliesOn: NOT_MEMBER_AFTER_RESET,
        });
        expectTrue(
          await w.soap.call('addProjectMember', {
            sessionKey: w.keys.projectAdmin,
            groupId: project,
            userLogin: user,
          }),
          `addProjectMember ${user}`,
        );
        ctx.judging('soap.addUserToUGroup.effect', { reliesOn: ['soap.addProjectMember.effect'] });
        const added = await groupCall(w, 'addUserToUGroup', project, admins);
        expectTrue(added, `addUserToUGroup ${user} to user group ${admins}`);
        ctx.judging(`soap.${op}.effect`, { reliesOn: ['soap.addUserToUGroup.effect'] });
        const removed = await groupCall(w, 'removeUserFromUGroup', project, admins);
        await reset(w, project);
        return op === 'addUserToUGroup' ? added : removed;
      },
    });
});

describe.concurrent('faults (project members)', () => {
  // On the public project, but the removal by a non-admin, which acts on the membership project.
  inTurn((title) => [
    membersOf(
      title === removingMember.titles?.['non-admin'] ? 'membershipProject' : 'publicProject',
    ),
  ]);
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

describe.concurrent('faults (user groups)', () => {
  inTurn(() => [membersOf('publicProject')]);
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

describe.concurrent('the admin of another project gets no rights here (§5.1.2)', () => {
  inTurn(() => [membersOf('membershipProject')]);
  // The projectMember administers the run's foreign project, and nothing in the membership project
  // (reset first), which the properties change after these tests.
  soapFaultTests([addingMember, removingMember, addingAdmin, removingAdmin], ['foreign-admin']);
});

describe.concurrent('frame conditions: a write changes one membership, nothing more', () => {
  // On the membership project, read back through the real system's user-group routes
  // (membership-frame.ts): the other members, the user's other group, the neighbour projects.
  inTurn(() => [membersOf('membershipProject')]);
  conformanceTest(
    ['soap.removeProjectMember.effect'],
    "removeProjectMember must take that user out of the project's members only: the other members stay, and no other project's user groups change",
    // The site admin first: every other account has a higher user id on the reference server,
    // so a removal that also takes "the next" member is seen at once.
    async (ctx) =>
      runSteps(ctx, [
        ['addMember', 'siteAdmin'],
        ['addMember', 'projectMember'],
        ['addMember', 'nonMember'],
        ['removeMember', 'siteAdmin'],
        ['removeMember', 'nonMember'],
        ['removeMember', 'projectMember'],
      ]),
    { cells: frameCells('removeProjectMember') },
  );
  conformanceTest(
    ['soap.removeUserFromUGroup.effect'],
    'removeUserFromUGroup of the project-admins user group must take the user out of that group only: the user stays a project member, and no other user group changes',
    async (ctx) =>
      runSteps(ctx, [
        ['addMember', 'projectMember'],
        ['addAdmin', 'projectMember'],
        ['removeAdmin', 'projectMember'],
        ['removeMember', 'projectMember'],
      ]),
    { cells: frameCells('removeUserFromUGroup') },
  );
});

describe.concurrent('properties: random sequences by random actors', () => {
  // Their runs spread over the SOAP project and the membership project (membership-model.ts).
  inTurn(() => [membersOf('soapProject'), membersOf('membershipProject')]);
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
    { cells: [...frameCells('addProjectMember'), ...frameCells('removeProjectMember')] },
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
    { cells: [...frameCells('addUserToUGroup'), ...frameCells('removeUserFromUGroup')] },
  );
});
