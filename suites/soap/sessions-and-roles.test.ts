/**
 * §5.1: every operation takes a session key and the operations on a project need the session of
 * one of its admins. Arbitrary invalid keys are always refused (the code, 3001, is listed only for
 * addProject: observed elsewhere); a site admin's rights on other projects are observed. Calls on
 * the shared public project, which must stay as it was.
 */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { codePointUnit } from '../../lib/kit/code-point-unit.ts';
import { propertyRun } from '../../lib/kit/property-run.ts';
import { lanes, spreadProperty } from '../../lib/kit/property-spread.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { SoapClient, type SoapAnswer } from '../../lib/kit/soap/client.ts';
import {
  expectAnyFault,
  expectFault,
  expectSuccess,
  servicesOf,
} from '../../lib/kit/soap/expect.ts';
import { SOAP_OPERATIONS, type OperationName } from '../../spec/soap-operations.ts';

/** XML 1.0 cannot carry most C0 controls, U+FFFE or U+FFFF: an envelope with them is malformed. */
const XML_TEXT = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** Keys no target hands out: arbitrary strings, including empty, XML specials, Unicode and long ones. */
const invalidKey = fc
  .oneof(
    fc.string(),
    fc.string({ unit: codePointUnit() }),
    fc.constantFrom('', ' ', '0', 'null', '<key/>', '&amp;', "' or '1'='1", '%00'),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
    fc.string({ minLength: 500, maxLength: 5000 }),
  )
  .filter((k) => XML_TEXT.test(k));

/** Each operation called with `key` and arguments valid on the public project (only the key is wrong). */
async function callsWithKey(ctx: ConformanceContext) {
  const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
  const project = ctx.fixtures.publicProject.id;
  const services = await servicesOf(ctx.soap, admin, project);
  const listed = await ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: admin });
  // A platform without description fields (3107) is judged too: any field id then serves.
  const fields =
    listed.fault?.faultcode === '3107'
      ? []
      : (expectSuccess(listed, 'getPlateformProjectDescriptionFields') as Array<{ id: number }>);
  const group = ctx.target.projectAdminsUgroupId ?? 4;
  const member = ctx.target.accounts.projectMember.username;
  const service = { group_id: project, service_id: services[0]!.id };
  const calls: Record<KeyedOperation, (key: string) => Promise<SoapAnswer>> = {
    activateService: (key) => ctx.soap.call('activateService', { session_key: key, ...service }),
    deactivateService: (key) =>
      ctx.soap.call('deactivateService', { session_key: key, ...service }),
    addProjectMember: (key) =>
      ctx.soap.call('addProjectMember', {
        sessionKey: key,
        groupId: project,
        userLogin: ctx.target.accounts.nonMember.username,
      }),
    removeProjectMember: (key) =>
      ctx.soap.call('removeProjectMember', {
        sessionKey: key,
        groupId: project,
        userLogin: member,
      }),
    addUserToUGroup: (key) =>
      ctx.soap.call('addUserToUGroup', {
        sessionKey: key,
        groupId: project,
        ugroupId: group,
        userId: 1,
      }),
    removeUserFromUGroup: (key) =>
      ctx.soap.call('removeUserFromUGroup', {
        sessionKey: key,
        groupId: project,
        ugroupId: group,
        userId: 1,
      }),
    getPlateformProjectDescriptionFields: (key) =>
      ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: key }),
    getProjectDescriptionFieldsValue: (key) =>
      ctx.soap.call('getProjectDescriptionFieldsValue', { session_key: key, group_id: project }),
    getProjectGenericUser: (key) =>
      ctx.soap.call('getProjectGenericUser', { sessionKey: key, groupId: project }),
    getProjectServicesUsage: (key) =>
      ctx.soap.call('getProjectServicesUsage', { session_key: key, group_id: project }),
    setProjectDescriptionFieldValue: (key) =>
      ctx.soap.call('setProjectDescriptionFieldValue', {
        session_key: key,
        group_id: project,
        field_id_to_update: fields[0]?.id ?? 1,
        field_value: 'written with an invalid session',
      }),
    setProjectGenericUser: (key) =>
      ctx.soap.call('setProjectGenericUser', {
        session_key: key,
        group_id: project,
        password: 'Password-1',
      }),
    unsetGenericUser: (key) =>
      ctx.soap.call('unsetGenericUser', { session_key: key, groupId: project }),
  };
  return calls;
}

/** Every operation but addProject, whose sessionKey refusals add-project.test.ts checks. */
type KeyedOperation = Exclude<OperationName, 'addProject'>;

const PROJECT_OPERATIONS = SOAP_OPERATIONS.map((op) => op.name).filter(
  (name): name is Exclude<KeyedOperation, 'getPlateformProjectDescriptionFields'> =>
    name !== 'addProject' && name !== 'getPlateformProjectDescriptionFields',
);

/**
 * The invalid-key properties change nothing on a conforming target: their runs are spread over
 * concurrent shares (lib/kit/property-spread.ts), four chains of requests instead of one.
 */
const LANES = lanes(4);
/**
 * No shrinking: every key of these properties is as good a counterexample as another, and a
 * server that refuses none (or answers every fault wrongly) would have each shrink step call it
 * again, hundreds of calls a lane, past the test's time.
 */
const unshrunk = () => ({ ...propertyRun(100), endOnFailure: true });

describe.concurrent('invalid session keys', () => {
  conformanceTest(
    ['soap.auth.project-admin'],
    'property: an operation on a project called with an arbitrary invalid session key must be refused with a fault',
    async (ctx) => {
      const calls = await callsWithKey(ctx);
      await spreadProperty(
        LANES,
        unshrunk(),
        () =>
          fc.asyncProperty(fc.constantFrom(...PROJECT_OPERATIONS), invalidKey, async (op, key) => {
            expectAnyFault(
              await calls[op](key),
              `${op} with session key ${JSON.stringify(key.slice(0, 40))}`,
            );
          }),
        (lane) => `lane ${lane}`,
      );
    },
  );

  conformanceTest(
    ['soap.fault.unlisted-codes'],
    'property: the code of an invalid session key where §7.1 lists none is observed: 3001 on every operation',
    async (ctx) => {
      const calls = await callsWithKey(ctx);
      const operations: KeyedOperation[] = [
        ...PROJECT_OPERATIONS,
        'getPlateformProjectDescriptionFields',
      ];
      await spreadProperty(
        LANES,
        unshrunk(),
        () =>
          fc.asyncProperty(fc.constantFrom(...operations), invalidKey, async (op, key) => {
            expectFault(
              await calls[op](key),
              3001,
              `${op} with session key ${JSON.stringify(key.slice(0, 40))}`,
            );
          }),
        (lane) => `lane ${lane}`,
      );
    },
  );

  conformanceTest(
    ['soap.fault.unlisted-codes'],
    'the code addProjectMember answers for a login it cannot add is observed: 3100 for an unknown login and for an existing member',
    async (ctx) => {
      const { projectAdmin: admin } = await ctx.sessionKeys(['projectAdmin']);
      const project = ctx.fixtures.publicProject.id;
      expectFault(
        await ctx.soap.call('addProjectMember', {
          sessionKey: admin,
          groupId: project,
          userLogin: `no-such-user-${inject('runTag')}`,
        }),
        3100,
        'addProjectMember of an unknown login',
      );
      expectFault(
        await ctx.soap.call('addProjectMember', {
          sessionKey: admin,
          groupId: project,
          userLogin: ctx.target.accounts.projectMember.username,
        }),
        3100,
        'addProjectMember of an existing member',
      );
    },
  );
});

describe.concurrent('how a session key is obtained (not shown: observed)', () => {
  conformanceTest(
    ['soap.session.login'],
    'the core SOAP login is observed: login(loginname, passwd) at {base_url}/soap/ answers Session{user_id, session_hash}, 3002 for a wrong password',
    async (ctx) => {
      const login = SoapClient.login(ctx.http);
      const { username, password } = ctx.target.accounts.projectMember;
      const part = (name: string, value: string) => ({ name, type: 'xsd:string' as const, value });
      const answer = await login.raw('login', [
        part('loginname', username),
        part('passwd', password),
      ]);
      const session = expectSuccess(answer, `login ${username}`) as {
        user_id?: unknown;
        session_hash?: unknown;
      };
      expect(typeof session.user_id, 'Session.user_id is an int').toBe('number');
      expect(typeof session.session_hash, 'Session.session_hash is a string').toBe('string');
      const wrong = await login.raw('login', [
        part('loginname', username),
        part('passwd', `${password}-wrong`),
      ]);
      expectFault(wrong, 3002, `login ${username} with a wrong password`);
    },
  );
});

/** The two read operations on a project; both name their parts session_key and group_id. */
const READS = ['getProjectServicesUsage', 'getProjectDescriptionFieldsValue'] as const;

describe.concurrent('roles', () => {
  conformanceTest(
    ['soap.auth.site-admin'],
    'a site admin who does not administer the project is observed: the read operations on it are allowed',
    async (ctx) => {
      const keys = await ctx.sessionKeys(['siteAdmin']);
      const project = ctx.fixtures.publicProject.id;
      for (const op of READS)
        expectSuccess(
          await ctx.soap.call(op, { session_key: keys.siteAdmin, group_id: project }),
          `${op} by the site admin`,
        );
    },
  );

  conformanceTest(
    ['soap.auth.project-admin'],
    'the read operations on a project must be allowed to its admin and refused to a member and an outsider',
    async (ctx) => {
      const keys = await ctx.sessionKeys(['projectAdmin', 'projectMember', 'nonMember']);
      const read = (op: (typeof READS)[number], key: string) =>
        ctx.soap.call(op, { session_key: key, group_id: ctx.fixtures.publicProject.id });
      for (const op of READS) {
        expectSuccess(await read(op, keys.projectAdmin), `${op} by the project admin`);
        for (const role of ['projectMember', 'nonMember'] as const)
          expectFault(await read(op, keys[role]), 3203, `${op} by the ${role}`);
      }
    },
  );
});
