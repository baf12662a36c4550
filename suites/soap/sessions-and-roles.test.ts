/**
 * §5.1: every operation takes a session key and the operations on a project need the session of
 * one of its admins. Arbitrary invalid keys are always refused (the code, 3001, is listed only for
 * addProject: observed elsewhere); a site admin's rights on other projects are observed. Calls on
 * the shared public project, which must stay as it was.
 */
import fc from 'fast-check';
import { describe, expect, inject } from 'vitest';
import { propertyRun } from '../../lib/property-run.ts';
import { conformanceTest, type ConformanceContext } from '../../lib/conformance-test.ts';
import { sessionKey, sessionKeys } from '../../lib/fixtures/sessions.ts';
import { SoapClient } from '../../lib/soap/client.ts';
import { expectAnyFault, expectFault, expectSuccess, servicesOf } from '../../lib/soap/expect.ts';
import { SOAP_OPERATIONS } from '../../spec/soap-operations.ts';

/** XML 1.0 cannot carry most C0 controls, U+FFFE or U+FFFF: an envelope with them is malformed. */
const XML_TEXT = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** Keys no target hands out: arbitrary strings, including empty, XML specials, Unicode and long ones. */
const invalidKey = fc
  .oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('', ' ', '0', 'null', '<key/>', '&amp;', "' or '1'='1", '%00'),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 }),
    fc.string({ minLength: 500, maxLength: 5000 }),
  )
  .filter((k) => XML_TEXT.test(k));

/** Arguments after the session key that are valid on the public project (so only the key is wrong). */
async function validArgs(ctx: ConformanceContext) {
  const soap = SoapClient.project(ctx.http);
  const admin = await sessionKey(ctx.http, ctx.target, 'projectAdmin');
  const project = ctx.fixtures.publicProject.id;
  const services = await servicesOf(soap, admin, project);
  const listed = await soap.call('getPlateformProjectDescriptionFields', [admin]);
  // A platform without description fields (3107) is judged too: any field id then serves.
  const fields =
    listed.fault?.faultcode === '3107'
      ? []
      : (expectSuccess(listed, 'getPlateformProjectDescriptionFields') as Array<{ id: number }>);
  const group = ctx.target.projectAdminsUgroupId ?? 4;
  const member = ctx.target.accounts.projectMember.username;
  const rest: Record<string, ReadonlyArray<string | number>> = {
    activateService: [project, services[0]!.id],
    deactivateService: [project, services[0]!.id],
    addProjectMember: [project, ctx.target.accounts.nonMember.username],
    removeProjectMember: [project, member],
    addUserToUGroup: [project, group, 1],
    removeUserFromUGroup: [project, group, 1],
    getPlateformProjectDescriptionFields: [],
    getProjectDescriptionFieldsValue: [project],
    getProjectGenericUser: [project],
    getProjectServicesUsage: [project],
    setProjectDescriptionFieldValue: [
      project,
      fields[0]?.id ?? 1,
      'written with an invalid session',
    ],
    setProjectGenericUser: [project, 'Password-1'],
    unsetGenericUser: [project],
  };
  return { soap, rest };
}

const PROJECT_OPERATIONS = SOAP_OPERATIONS.filter(
  (op) => op.name !== 'addProject' && op.name !== 'getPlateformProjectDescriptionFields',
).map((op) => op.name);

describe('invalid session keys', () => {
  conformanceTest(
    ['soap.auth.project-admin'],
    'property: an operation on a project called with an arbitrary invalid session key must be refused with a fault',
    async (ctx) => {
      const { soap, rest } = await validArgs(ctx);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PROJECT_OPERATIONS), invalidKey, async (op, key) => {
          expectAnyFault(
            await soap.call(op, [key, ...rest[op]!]),
            `${op} with session key ${JSON.stringify(key.slice(0, 40))}`,
          );
        }),
        propertyRun(100),
      );
    },
  );

  conformanceTest(
    ['soap.fault.unlisted-codes'],
    'property: the code of an invalid session key where §7.1 lists none is observed: 3001 on every operation',
    async (ctx) => {
      const { soap, rest } = await validArgs(ctx);
      const operations = [...PROJECT_OPERATIONS, 'getPlateformProjectDescriptionFields'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...operations), invalidKey, async (op, key) => {
          expectFault(
            await soap.call(op, [key, ...rest[op]!]),
            3001,
            `${op} with session key ${JSON.stringify(key.slice(0, 40))}`,
          );
        }),
        propertyRun(100),
      );
    },
  );

  conformanceTest(
    ['soap.fault.unlisted-codes'],
    'the code addProjectMember answers for a login it cannot add is observed: 3100 for an unknown login and for an existing member',
    async (ctx) => {
      const soap = SoapClient.project(ctx.http);
      const admin = await sessionKey(ctx.http, ctx.target, 'projectAdmin');
      const project = ctx.fixtures.publicProject.id;
      expectFault(
        await soap.call('addProjectMember', [admin, project, `no-such-user-${inject('runTag')}`]),
        3100,
        'addProjectMember of an unknown login',
      );
      expectFault(
        await soap.call('addProjectMember', [
          admin,
          project,
          ctx.target.accounts.projectMember.username,
        ]),
        3100,
        'addProjectMember of an existing member',
      );
    },
  );
});

describe('how a session key is obtained (not shown: observed)', () => {
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

describe('roles', () => {
  conformanceTest(
    ['soap.auth.site-admin'],
    'a site admin who does not administer the project is observed: the read operations on it are allowed',
    async (ctx) => {
      const soap = SoapClient.project(ctx.http);
      const keys = await sessionKeys(ctx.http, ctx.target, ['siteAdmin']);
      const project = ctx.fixtures.publicProject.id;
      for (const op of ['getProjectServicesUsage', 'getProjectDescriptionFieldsValue'])
        expectSuccess(await soap.call(op, [keys.siteAdmin, project]), `${op} by the site admin`);
    },
  );

  conformanceTest(
    ['soap.auth.project-admin'],
    'the read operations on a project must be allowed to its admin and refused to a member and an outsider',
    async (ctx) => {
      const soap = SoapClient.project(ctx.http);
      const keys = await sessionKeys(ctx.http, ctx.target, [
        'projectAdmin',
        'projectMember',
        'nonMember',
      ]);
      const project = ctx.fixtures.publicProject.id;
      for (const op of ['getProjectServicesUsage', 'getProjectDescriptionFieldsValue']) {
        expectSuccess(
          await soap.call(op, [keys.projectAdmin, project]),
          `${op} by the project admin`,
        );
        for (const role of ['projectMember', 'nonMember'] as const)
          expectFault(await soap.call(op, [keys[role], project]), 3203, `${op} by the ${role}`);
      }
    },
  );
});
