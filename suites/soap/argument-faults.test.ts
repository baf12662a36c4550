/**
 * §7.1 × §5.1: a caller who is not the project's admin passing an argument that §7.1 gives a code
 * (an unknown service, field, login, user id or user group). §5.1.2 refuses the caller and §7.1
 * refuses the argument; the spec orders neither check, so each of the two codes is a conforming
 * answer (the cells' `either`, spec/matrix/faults.ts), and which came is observed.
 *
 * On shared projects whose state must stay as it was, and whose services, values, members and
 * user groups no other suite file changes: the private project, and for the description values
 * the foreign project (the private one's are written by soap/wire). A file's tests take a part
 * in turn (lib/kit/fixtures/in-turn.ts), but two files run side by side: on the public project,
 * a refused write of soap/services that a broken server accepted (soap-admin-anywhere) showed in
 * this file's read-back, and failed an argument code the server had answered right.
 */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { foreignAdminKey } from '../../lib/kit/fixtures/foreign-admin.ts';
import { userId } from '../../lib/kit/fixtures/sessions.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { descriptionValuesOf, expectFault, servicesOf } from '../../lib/kit/soap/expect.ts';
import { FAULT_CELLS, type FaultCell } from '../../spec/matrix/faults.ts';
import type { OperationName } from '../../spec/soap-operations.ts';
import { expectOneOfFaults } from './one-of-faults.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import { NO_SUCH_SERVICE, NO_SUCH_UGROUP, NO_SUCH_USER_ID } from '../../lib/kit/no-such-ids.ts';

/** The outsider's call with the bad argument, and what must read back the same afterwards. */
interface BadCall {
  what: string;
  send(key: string): Promise<SoapAnswer>;
  /** Reads back what the refused call must have left as it was (soap.fault.nothing-changed). */
  unchanged?: () => Promise<void>;
  /** What that read-back relies on, when it reads through another rule. */
  unchangedReliesOn?: RequirementId[];
}

type Arrange = (ctx: ConformanceContext, admin: string) => Promise<BadCall>;

function unknownService(op: 'activateService' | 'deactivateService'): Arrange {
  return async (ctx, admin) => {
    const project = ctx.fixtures.privateProject.id;
    const before = await servicesOf(ctx.soap, admin, project);
    const usage = async () =>
      Object.fromEntries(
        (await servicesOf(ctx.soap, admin, project)).map((s) => [s.id, s.is_used]),
      );
    const expected = Object.fromEntries(before.map((s) => [s.id, s.is_used]));
    return {
      what: `service ${NO_SUCH_SERVICE} of project ${project}`,
      send: (key) =>
        ctx.soap.call(op, { session_key: key, group_id: project, service_id: NO_SUCH_SERVICE }),
      unchanged: async () =>
        expect(await usage(), `services of project ${project} after the fault`).toEqual(expected),
    };
  };
}

/**
 * The project-admins user group (profile projectAdminsUgroupId), the one user group a client can
 * name: with a user group that may not exist, a third code (3301) would be as right. Skipped when
 * there is none; probed with a removal by the admin of a user not in it, which changes nothing.
 */
async function adminsGroup(ctx: ConformanceContext, admin: string, user: number): Promise<number> {
  const group = ctx.target.projectAdminsUgroupId;
  if (group === null)
    ctx.skip(
      'the profile says the target has no project-admins user group (projectAdminsUgroupId null): no user group to name',
    );
  const probe = await ctx.soap.call('removeUserFromUGroup', {
    sessionKey: admin,
    groupId: ctx.fixtures.privateProject.id,
    ugroupId: group,
    userId: user,
  });
  if (probe.fault?.faultcode === '3301')
    ctx.skip(
      `the target answers 3301 for user group ${group}, the profile's project-admins user group: no user group to name`,
    );
  return group;
}

function ugroupCall(
  op: 'addUserToUGroup' | 'removeUserFromUGroup',
  bad: 'user' | 'ugroup',
): Arrange {
  return async (ctx, admin) => {
    const project = ctx.fixtures.privateProject.id;
    const nonMember = await userId(ctx.http, ctx.target, 'nonMember');
    const ugroupId = bad === 'ugroup' ? NO_SUCH_UGROUP : await adminsGroup(ctx, admin, nonMember);
    const outsider = bad === 'user' ? NO_SUCH_USER_ID : nonMember;
    return {
      what: `user group ${ugroupId}, user id ${outsider}, of project ${project}`,
      send: (key) =>
        ctx.soap.call(op, { sessionKey: key, groupId: project, ugroupId, userId: outsider }),
      // The outsider named themselves: still no admin of the project afterwards, read as the
      // refusal §5.1.2 gives a caller who is not (a server that lets everyone administer fails
      // that rule, not this one).
      unchangedReliesOn: bad === 'ugroup' ? ['soap.auth.project-admin'] : [],
      unchanged:
        bad === 'ugroup'
          ? async () => {
              const { nonMember } = await ctx.sessionKeys(['nonMember']);
              expectFault(
                await ctx.soap.call('getProjectServicesUsage', {
                  session_key: nonMember,
                  group_id: project,
                }),
                3203,
                'read back: getProjectServicesUsage by the outsider, still no admin of the project',
              );
            }
          : undefined,
    };
  };
}

function removeMember(login: (ctx: ConformanceContext) => string): Arrange {
  return (ctx) => {
    const project = ctx.fixtures.privateProject.id;
    const userLogin = login(ctx);
    return Promise.resolve({
      what: `login ${userLogin} of project ${project}`,
      send: (key: string) =>
        ctx.soap.call('removeProjectMember', { sessionKey: key, groupId: project, userLogin }),
    });
  };
}

/**
 * How each (operation, argument code) is reached; a cell with none here throws at load. Where the
 * bad argument names nothing that exists (an unknown login or user id), nothing can change.
 */
const ARRANGE: Readonly<Record<string, Arrange>> = {
  'activateService 3019': unknownService('activateService'),
  'deactivateService 3019': unknownService('deactivateService'),
  'addUserToUGroup 3203': ugroupCall('addUserToUGroup', 'user'),
  'addUserToUGroup 3301': ugroupCall('addUserToUGroup', 'ugroup'),
  'removeUserFromUGroup 3203': ugroupCall('removeUserFromUGroup', 'user'),
  'removeUserFromUGroup 3301': ugroupCall('removeUserFromUGroup', 'ugroup'),
  'removeProjectMember 3202': removeMember(() => `no-such-user-${inject('runTag')}`),
  // The outsider names themselves: not a member of the project.
  'removeProjectMember 3203': removeMember((ctx) => ctx.target.accounts.nonMember.username),
  async 'setProjectDescriptionFieldValue 3108'(ctx) {
    // Read by the foreign project's admin (the projectMember), whose project it is.
    const project = ctx.fixtures.foreignProject.id;
    const admin = await foreignAdminKey(ctx);
    const listed = await ctx.soap.call('getPlateformProjectDescriptionFields', {
      sessionKey: admin,
    });
    const ids = Array.isArray(listed.value)
      ? (listed.value as Array<{ id: number }>).map((f) => f.id)
      : [];
    const field = Math.max(0, ...ids) + 1_000_000;
    const before = Object.fromEntries(await descriptionValuesOf(ctx.soap, admin, project));
    return {
      what: `field ${field} of project ${project}`,
      send: (key) =>
        ctx.soap.call('setProjectDescriptionFieldValue', {
          session_key: key,
          group_id: project,
          field_id_to_update: field,
          field_value: 'by an outsider',
        }),
      unchanged: async () =>
        expect(
          Object.fromEntries(await descriptionValuesOf(ctx.soap, admin, project)),
          `description values of project ${project} after the fault`,
        ).toEqual(before),
    };
  },
};

/** The operations whose refused call is read back (services, description values). */
const READS_BACK: ReadonlySet<OperationName> = new Set([
  'activateService',
  'deactivateService',
  'setProjectDescriptionFieldValue',
]);

const CELLS = FAULT_CELLS.filter(
  (c): c is FaultCell & { code: number; either: readonly number[] } =>
    c.either !== undefined && typeof c.code === 'number',
);

function arrangementOf(op: OperationName, code: number): Arrange {
  const arrange = ARRANGE[`${op} ${code}`];
  if (!arrange) throw new Error(`no arrangement for ${op} ${code} by an outsider`);
  return arrange;
}

// In order: each test reads back the services or values of a project, which a planted fault may
// have changed under another test of this file.
describe('a caller without rights passing a bad argument (either code: the checks are unordered)', () => {
  for (const cell of CELLS) {
    const arrange = arrangementOf(cell.op, cell.code);
    const codes = cell.either;
    conformanceTest(
      [
        ...codes.map((code) => `soap.${cell.op}.fault.${code}`),
        ...(READS_BACK.has(cell.op) || cell.code === 3301 ? ['soap.fault.nothing-changed'] : []),
      ] as Parameters<typeof conformanceTest>[0],
      `${cell.op} by an outsider, with what ${cell.code} describes, must answer fault ${codes.join(' or ')} and change nothing`,
      async (ctx) => {
        const { projectAdmin: admin, nonMember } = await ctx.sessionKeys([
          'projectAdmin',
          'nonMember',
        ]);
        const call = await arrange(ctx, admin);
        const answer = await call.send(nonMember);
        ctx.observe(
          `${cell.op} of ${call.what} by the outsider: ${answer.fault ? `fault ${answer.fault.faultcode}` : 'no fault'}`,
        );
        ctx.judging(codes.map((code) => `soap.${cell.op}.fault.${code}` as RequirementId));
        expectOneOfFaults(answer, codes, `${cell.op} of ${call.what} by the outsider`);
        if (call.unchanged) {
          if (READS_BACK.has(cell.op) || cell.code === 3301)
            ctx.judging('soap.fault.nothing-changed', { reliesOn: call.unchangedReliesOn ?? [] });
          await call.unchanged();
        } else if (READS_BACK.has(cell.op) || cell.code === 3301)
          throw new Error(`the ${cell.op} ${cell.code} arrangement reads nothing back`);
      },
      { cells: [cell.id] },
    );
  }
});
