/**
 * §4.2 #8, #13, #14: the project's generic user, on the SOAP project (this file alone sets it).
 * setProjectGenericUser creates it with the given password (it can log in with it, read back with
 * getProjectGenericUser); unsetGenericUser's effect and the three operations' codes are 'not shown'
 * in the spec: observed (INFO). The three are operations on a project (§5.1.2): a member, an
 * outsider and the admin of another project are refused. Those refusals are tried on the foreign
 * project (its admin: the projectMember; this file alone changes its members and generic user), not
 * on the SOAP project, whose admins membership.test.ts changes meanwhile.
 */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { inTurn } from '../../lib/kit/fixtures/in-turn.ts';
import type { FixtureName } from '../../lib/kit/fixtures/projects.ts';
import { SoapClient, type SoapAnswer } from '../../lib/kit/soap/client.ts';
import {
  expectAnyFault,
  expectFault,
  expectSuccess,
  expectTrue,
} from '../../lib/kit/soap/expect.ts';
import { untypedValues, xsiType } from '../../lib/kit/soap/wire.ts';
import { faultCell } from '../../spec/matrix/faults.ts';
import { frameCells } from '../../spec/matrix/frame.ts';
import { failFrame, frameChanges, readFrame } from '../../lib/kit/frame/frame.ts';
import { neighbourGroupParts } from '../../lib/kit/frame/places.ts';
import { requireGenericUserRestorable } from '../../lib/kit/cleanup/restorable.ts';
import { successMessageTests } from './answer-messages.ts';
import { declaredNamespace } from './declared-namespace.ts';

interface UserInfo {
  identifier: string;
  username: string;
  id: string;
  real_name: string;
  email: string;
  ldap_id: string;
}

const USER_INFO_MEMBERS = ['identifier', 'username', 'id', 'real_name', 'email', 'ldap_id'];
let counter = 0;

/** What the tests take in turn: the generic user and the members of a shared project, by its id. */
const genericUserOf = (name: FixtureName) =>
  `the generic user and members of project ${inject('fixtures')[name].id}`;

async function setUp(ctx: ConformanceContext) {
  const keys = await ctx.sessionKeys(['projectAdmin', 'projectMember', 'nonMember']);
  const password = `Generic-${inject('runTag')}-${++counter}`;
  ctx.transcript.secrets.add(password);
  return { soap: ctx.soap, keys, password, project: ctx.fixtures.soapProject.id };
}

/**
 * A generic user, once set, stays the project's (unsetGenericUser drops only its membership, the
 * real system), and its password cannot be read: set on a project the run created, or on one whose
 * generic user `prepare` set with the password the profile keeps, which the cleanup sets back.
 */
async function setGenericUser(ctx: ConformanceContext) {
  requireGenericUserRestorable(ctx, ctx.fixtures.soapProject.id);
  const s = await setUp(ctx);
  const answer = await s.soap.call('setProjectGenericUser', {
    session_key: s.keys.projectAdmin,
    group_id: s.project,
    password: s.password,
  });
  const user = expectSuccess(answer, 'setProjectGenericUser') as UserInfo;
  return { ...s, answer, user };
}

async function canLogIn(
  ctx: ConformanceContext,
  username: string,
  password: string,
): Promise<boolean> {
  const answer = await SoapClient.login(ctx.http).raw('login', [
    { name: 'loginname', type: 'xsd:string', value: username },
    { name: 'passwd', type: 'xsd:string', value: password },
  ]);
  return answer.fault === undefined;
}

// The blocks run side by side; the tests take the generic user of the SOAP project, of the
// foreign project or of both in turn (lib/kit/fixtures/in-turn.ts).
describe.concurrent('setProjectGenericUser and getProjectGenericUser', () => {
  inTurn(() => [genericUserOf('soapProject')]);
  conformanceTest(
    ['soap.setProjectGenericUser.effect', 'soap.getProjectGenericUser.effect'],
    'setProjectGenericUser must create the generic user with the given password, and getProjectGenericUser must return it',
    async (ctx) => {
      // Frame conditions: no other project's user groups change (docs/what-the-suites-assume.md).
      const neighbours = await neighbourGroupParts(ctx);
      const before = await readFrame(neighbours.parts);
      const { soap, keys, project, user, password } = await setGenericUser(ctx);
      expect(user.username, 'username of the generic user').toBeTruthy();
      const read = expectSuccess(
        await soap.call('getProjectGenericUser', {
          sessionKey: keys.projectAdmin,
          groupId: project,
        }),
        'getProjectGenericUser',
      ) as UserInfo;
      expect(
        { id: read.id, username: read.username },
        'getProjectGenericUser returns the user setProjectGenericUser created',
      ).toEqual({ id: user.id, username: user.username });
      if (ctx.target.soapSessions.mode === 'login')
        expect(
          await canLogIn(ctx, user.username, password),
          `the generic user ${user.username} logs in with the password given`,
        ).toBe(true);
      ctx.judging('soap.setProjectGenericUser.effect');
      const changes = frameChanges(before, await readFrame(neighbours.parts));
      if (changes.length > 0)
        failFrame(
          changes,
          'soap.setProjectGenericUser.effect',
          `setProjectGenericUser on project ${project}`,
          `the user groups of projects ${neighbours.ids.join(', ') || '(none)'} (every user: the template and projects no suite writes)`,
        );
    },
    { cells: frameCells('setProjectGenericUser') },
  );

  for (const op of ['setProjectGenericUser', 'getProjectGenericUser'] as const) {
    conformanceTest(
      [`soap.${op}.output`, 'soap.wire.xsi-type', 'soap.types.user-info'],
      `${op} must answer its output part typed tns:UserInfo, each member a typed string`,
      async (ctx) => {
        ctx.judging('soap.setProjectGenericUser.effect');
        const s = await setGenericUser(ctx);
        const answer =
          op === 'setProjectGenericUser'
            ? s.answer
            : await s.soap.call(op, { sessionKey: s.keys.projectAdmin, groupId: s.project });
        ctx.judging(`soap.${op}.output`);
        expectSuccess(answer, op);
        expect(answer.part?.name, 'name of the output part').toBe(op);
        ctx.judging('soap.types.user-info');
        expect(answer.part!.children.map((m) => m.name).sort(), 'members of UserInfo').toEqual(
          [...USER_INFO_MEMBERS].sort(),
        );
        ctx.judging('soap.wire.xsi-type');
        const untyped = untypedValues(answer.part!);
        expect(untyped, `values without xsi:type: ${untyped.join(', ')}`).toEqual([]);
        // The WSDL's type, named in the namespace it declares.
        const { declared, declaredReliesOn } = await declaredNamespace(ctx);
        ctx.judging('soap.wire.xsi-type', { reliesOn: declaredReliesOn });
        expect(xsiType(answer.part!), 'xsi:type of the output part').toEqual({
          ns: declared,
          local: 'UserInfo',
        });
        ctx.judging('soap.types.user-info');
        const members = Object.fromEntries(
          answer.part!.children.map((m) => [m.name, xsiType(m)?.local]),
        );
        expect(members, 'members of UserInfo and their xsi:types').toEqual(
          Object.fromEntries(USER_INFO_MEMBERS.map((m) => [m, 'string'])),
        );
      },
    );
  }

  conformanceTest(
    ['soap.setProjectGenericUser.effect'],
    'setProjectGenericUser again must set the new password on the generic user',
    async (ctx) => {
      if (ctx.target.soapSessions.mode !== 'login')
        ctx.skip('the profile gives fixed session keys: no login to try the password with');
      const first = await setGenericUser(ctx);
      const second = await setGenericUser(ctx);
      expect(
        await canLogIn(ctx, second.user.username, second.password),
        'the generic user logs in with the new password',
      ).toBe(true);
      expect(
        await canLogIn(ctx, first.user.username, first.password),
        'the generic user no longer logs in with the old password',
      ).toBe(false);
    },
  );

  conformanceTest(
    ['soap.types.user-info-meaning'],
    'the meaning of the UserInfo fields is observed: identifier and id are the user id, username the login',
    async (ctx) => {
      const { user } = await setGenericUser(ctx);
      expect(user.identifier, 'identifier is a user id (digits)').toMatch(/^\d+$/);
      expect(user.id, 'id equals identifier').toBe(user.identifier);
      expect(user.ldap_id, 'ldap_id is empty without LDAP').toBe('');
    },
  );
});

describe.concurrent('unsetGenericUser (effect not shown: observed)', () => {
  inTurn(() => [genericUserOf('soapProject')]);
  conformanceTest(
    ['soap.unsetGenericUser.output'],
    'unsetGenericUser must answer an empty unsetGenericUserResponse (no output part)',
    async (ctx) => {
      const { soap, keys, project } = await setGenericUser(ctx);
      const answer = await soap.call('unsetGenericUser', {
        session_key: keys.projectAdmin,
        groupId: project,
      });
      expectSuccess(answer, 'unsetGenericUser');
      expect(
        answer.response?.children.map((c) => c.name),
        'parts of unsetGenericUserResponse',
      ).toEqual([]);
    },
  );

  conformanceTest(
    ['soap.unsetGenericUser.effect'],
    'unsetGenericUser is observed: it removes the generic user from the members, the account stays',
    async (ctx) => {
      const { soap, keys, project, user } = await setGenericUser(ctx);
      expectSuccess(
        await soap.call('unsetGenericUser', { session_key: keys.projectAdmin, groupId: project }),
        'unsetGenericUser',
      );
      expectFault(
        await soap.call('removeProjectMember', {
          sessionKey: keys.projectAdmin,
          groupId: project,
          userLogin: user.username,
        }),
        3203,
        'the generic user is no longer a member',
      );
      const read = expectSuccess(
        await soap.call('getProjectGenericUser', {
          sessionKey: keys.projectAdmin,
          groupId: project,
        }),
        'getProjectGenericUser after unset',
      ) as UserInfo;
      expect(read.id, 'the account stays the project generic user').toBe(user.id);
    },
  );
});

type GenericOp = 'getProjectGenericUser' | 'setProjectGenericUser' | 'unsetGenericUser';
const GENERIC_OPS: readonly GenericOp[] = [
  'getProjectGenericUser',
  'setProjectGenericUser',
  'unsetGenericUser',
];

/** The foreign project with a generic user its admin (the projectMember) set, and a password. */
async function foreignGenericUser(ctx: ConformanceContext) {
  const project = ctx.fixtures.foreignProject.id;
  requireGenericUserRestorable(ctx, project);
  const s = await setUp(ctx);
  const owner = s.keys.projectMember;
  // A setup step: its failure breaks setProjectGenericUser, not the rule the test judges.
  ctx.judging('soap.setProjectGenericUser.effect');
  const user = expectSuccess(
    await s.soap.call('setProjectGenericUser', {
      session_key: owner,
      group_id: project,
      password: s.password,
    }),
    `setProjectGenericUser on the foreign project ${project} by its admin, the projectMember`,
  ) as UserInfo;
  return { ...s, project, owner, user };
}

type Foreign = Awaited<ReturnType<typeof foreignGenericUser>>;

/**
 * `op` on the foreign project by the admin of another project (the projectAdmin), an outsider (the
 * nonMember) and a member (the nonMember, made one for the call, then removed again). Judges only
 * its setup (addProjectMember): the caller says what the answers judge (ctx.judging).
 */
async function refusals(
  ctx: ConformanceContext,
  g: Foreign,
  op: GenericOp,
): Promise<Array<{ who: string; answer: SoapAnswer }>> {
  // The three name their parts differently (§4.2 #8, #13, #14).
  const call = (key: string) =>
    op === 'setProjectGenericUser'
      ? g.soap.call(op, { session_key: key, group_id: g.project, password: `Other-${g.password}` })
      : op === 'getProjectGenericUser'
        ? g.soap.call(op, { sessionKey: key, groupId: g.project })
        : g.soap.call(op, { session_key: key, groupId: g.project });
  const answers = [
    {
      who: 'the admin of another project (the projectAdmin)',
      answer: await call(g.keys.projectAdmin),
    },
    { who: 'an outsider (the nonMember)', answer: await call(g.keys.nonMember) },
  ];
  const member = ctx.target.accounts.nonMember.username;
  // Whatever an interrupted run left: the nonMember is made a member from a known state.
  await g.soap.call('removeProjectMember', {
    sessionKey: g.owner,
    groupId: g.project,
    userLogin: member,
  });
  ctx.judging('soap.addProjectMember.effect', { reliesOn: ['soap.removeProjectMember.effect'] });
  expectTrue(
    await g.soap.call('addProjectMember', {
      sessionKey: g.owner,
      groupId: g.project,
      userLogin: member,
    }),
    `addProjectMember ${member} to the foreign project by its admin`,
  );
  try {
    answers.push({
      who: `a member (${member}, made one)`,
      answer: await call(g.keys.nonMember),
    });
  } finally {
    await g.soap.call('removeProjectMember', {
      sessionKey: g.owner,
      groupId: g.project,
      userLogin: member,
    });
  }
  return answers;
}

describe.concurrent('answers are sent as text/xml (on the SOAP project)', () => {
  inTurn(() => [genericUserOf('soapProject')]);
  successMessageTests('setProjectGenericUser', {
    how: 'on the SOAP project, by its admin',
    rule: 'soap.setProjectGenericUser.effect',
    answer: async (ctx) => (await setGenericUser(ctx)).answer,
  });
  for (const op of ['getProjectGenericUser', 'unsetGenericUser'] as const)
    successMessageTests(op, {
      how: 'on the SOAP project, by its admin, once setProjectGenericUser set one',
      rule: 'soap.getProjectGenericUser.effect',
      reliesOn: ['soap.setProjectGenericUser.effect'],
      async answer(ctx) {
        const { soap, keys, project } = await setGenericUser(ctx);
        return op === 'getProjectGenericUser'
          ? soap.call(op, { sessionKey: keys.projectAdmin, groupId: project })
          : soap.call(op, { session_key: keys.projectAdmin, groupId: project });
      },
    });
});

describe.concurrent('the generic-user operations are project operations (§5.1.2)', () => {
  inTurn(() => [genericUserOf('foreignProject')]);
  for (const op of GENERIC_OPS) {
    conformanceTest(
      ['soap.auth.generic-user', 'soap.fault.nothing-changed'],
      `${op} on a project by a member, an outsider or the admin of another project must be refused with a fault; the generic user and its password stay as they were`,
      async (ctx) => {
        const g = await foreignGenericUser(ctx);
        const answers = await refusals(ctx, g, op);
        ctx.judging('soap.auth.generic-user');
        for (const { who, answer } of answers)
          expectAnyFault(answer, `${op} on the foreign project ${g.project} by ${who}`);
        // What the refused calls leave: read back as the admin, relying on the password it set.
        ctx.judging('soap.fault.nothing-changed', {
          reliesOn: ['soap.auth.generic-user', 'soap.setProjectGenericUser.effect'],
        });
        const read = expectSuccess(
          await g.soap.call('getProjectGenericUser', { sessionKey: g.owner, groupId: g.project }),
          'read back: getProjectGenericUser by the admin of the foreign project',
        ) as UserInfo;
        expect(
          { id: read.id, username: read.username },
          'read back: the generic user is the one its admin set',
        ).toEqual({ id: g.user.id, username: g.user.username });
        if (ctx.target.soapSessions.mode === 'login') {
          expect(
            await canLogIn(ctx, g.user.username, g.password),
            `read back: the generic user ${g.user.username} still logs in with its password`,
          ).toBe(true);
          if (op === 'setProjectGenericUser')
            expect(
              await canLogIn(ctx, g.user.username, `Other-${g.password}`),
              'read back: the password a refused call gave does not work',
            ).toBe(false);
        }
      },
      {
        cells: (['project-member', 'outsider', 'other-project-admin'] as const).map((actor) =>
          faultCell(op, 'refused', actor),
        ),
      },
    );
  }
});

describe.concurrent('codes of the generic-user operations (not shown: observed)', () => {
  inTurn(() => [genericUserOf('foreignProject'), genericUserOf('soapProject')]);
  /** Observes the code each refusal came with, and expects the real system's 3201 (INFO). */
  async function observeRefusals(ctx: ConformanceContext, op: GenericOp): Promise<void> {
    const g = await foreignGenericUser(ctx);
    const answers = await refusals(ctx, g, op);
    ctx.judging(`soap.${op}.faults`);
    ctx.observe(
      `${op} refused to ${answers
        .map(
          ({ who, answer }) =>
            `${who}: ${answer.fault ? `fault ${answer.fault.faultcode}` : 'no fault'}`,
        )
        .join('; ')}`,
    );
    for (const { who, answer } of answers) expectFault(answer, 3201, `${op} by ${who}`);
  }

  conformanceTest(
    ['soap.getProjectGenericUser.faults'],
    'getProjectGenericUser codes are observed: 3201 for a member, an outsider or the admin of another project, 3106 when the project has none, 3001 for a bad session',
    async (ctx) => {
      await observeRefusals(ctx, 'getProjectGenericUser');
      const { soap, keys } = await setUp(ctx);
      const project = ctx.fixtures.publicProject.id;
      expectFault(
        await soap.call('getProjectGenericUser', {
          sessionKey: keys.projectAdmin,
          groupId: project,
        }),
        3106,
        'getProjectGenericUser of a project without one',
      );
      expectFault(
        await soap.call('getProjectGenericUser', { sessionKey: 'not-a-session', groupId: project }),
        3001,
        'getProjectGenericUser with a bad session',
      );
    },
  );

  conformanceTest(
    ['soap.setProjectGenericUser.faults'],
    'setProjectGenericUser codes are observed: 3201 for a member, an outsider or the admin of another project, 3105 for an empty password',
    async (ctx) => {
      await observeRefusals(ctx, 'setProjectGenericUser');
      const { soap, keys, project } = await setUp(ctx);
      expectFault(
        await soap.call('setProjectGenericUser', {
          session_key: keys.projectAdmin,
          group_id: project,
          password: '',
        }),
        3105,
        'setProjectGenericUser with an empty password',
      );
    },
  );

  conformanceTest(
    ['soap.unsetGenericUser.faults'],
    'unsetGenericUser codes are observed: 3201 for a member, an outsider or the admin of another project, 3300 when the project has none, 3203 when it is no longer a member',
    async (ctx) => {
      await observeRefusals(ctx, 'unsetGenericUser');
      const { soap, keys, project } = await setGenericUser(ctx);
      expectFault(
        await soap.call('unsetGenericUser', {
          session_key: keys.projectAdmin,
          groupId: ctx.fixtures.publicProject.id,
        }),
        3300,
        'unsetGenericUser on a project without one',
      );
      expectSuccess(
        await soap.call('unsetGenericUser', { session_key: keys.projectAdmin, groupId: project }),
        'unsetGenericUser',
      );
      expectFault(
        await soap.call('unsetGenericUser', { session_key: keys.projectAdmin, groupId: project }),
        3203,
        'unsetGenericUser a second time',
      );
    },
  );
});
