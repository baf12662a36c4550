/**
 * §4.1 "SOAP over HTTP" and §7.1 on every operation's answers (spec/matrix/messages.ts): each
 * operation's faults, provoked with an invalid session key on a project that does not exist (a
 * fault whatever the order of the target's checks, and nothing anywhere to change), are sent as
 * text/xml with HTTP 500; the read operations' successful answers as text/xml, on the public
 * project. The successful answers of the writing operations are judged in their own files, which
 * put back what they change (answer-messages.ts); addProject's all in add-project.test.ts.
 */
import { describe, inject } from 'vitest';
import type { ConformanceContext } from '../../lib/kit/conformance-test.ts';
import type { SoapAnswer } from '../../lib/kit/soap/client.ts';
import { armFailure } from '../../lib/kit/target/fail-next.ts';
import type { OperationName } from '../../spec/soap-operations.ts';
import { faultMessageTests, successMessageTests } from './answer-messages.ts';
import { NO_SUCH_ANY_ID, NO_SUCH_PROJECT } from '../../lib/kit/no-such-ids.ts';

const invalidKey = () => `invalid-${inject('runTag')}`;

type ProjectOperation = Exclude<
  OperationName,
  'addProject' | 'getPlateformProjectDescriptionFields'
>;

/** Each operation on a project called with `key` on a project that does not exist. */
function onNoProject(
  ctx: ConformanceContext,
): Record<ProjectOperation, (key: string) => Promise<SoapAnswer>> {
  const project = NO_SUCH_PROJECT;
  const login = `no-such-user-${inject('runTag')}`;
  const service = { group_id: project, service_id: NO_SUCH_ANY_ID };
  const ugroup = { groupId: project, ugroupId: NO_SUCH_ANY_ID, userId: NO_SUCH_ANY_ID };
  return {
    activateService: (key) => ctx.soap.call('activateService', { session_key: key, ...service }),
    deactivateService: (key) =>
      ctx.soap.call('deactivateService', { session_key: key, ...service }),
    addProjectMember: (key) =>
      ctx.soap.call('addProjectMember', { sessionKey: key, groupId: project, userLogin: login }),
    removeProjectMember: (key) =>
      ctx.soap.call('removeProjectMember', { sessionKey: key, groupId: project, userLogin: login }),
    addUserToUGroup: (key) => ctx.soap.call('addUserToUGroup', { sessionKey: key, ...ugroup }),
    removeUserFromUGroup: (key) =>
      ctx.soap.call('removeUserFromUGroup', { sessionKey: key, ...ugroup }),
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
        field_id_to_update: NO_SUCH_ANY_ID,
        field_value: 'never written',
      }),
    setProjectGenericUser: (key) =>
      ctx.soap.call('setProjectGenericUser', {
        session_key: key,
        group_id: project,
        password: `Never-${inject('runTag')}`,
      }),
    unsetGenericUser: (key) =>
      ctx.soap.call('unsetGenericUser', { session_key: key, groupId: project }),
  };
}

const PROJECT_OPERATIONS: readonly ProjectOperation[] = [
  'activateService',
  'addProjectMember',
  'addUserToUGroup',
  'deactivateService',
  'getProjectDescriptionFieldsValue',
  'getProjectGenericUser',
  'getProjectServicesUsage',
  'removeProjectMember',
  'removeUserFromUGroup',
  'setProjectDescriptionFieldValue',
  'setProjectGenericUser',
  'unsetGenericUser',
];

/**
 * What refuses a call on a project that does not exist: its §7.1 3000; for the generic-user
 * operations, which §7.1 gives no code, that they are project operations (soap.auth.generic-user).
 */
function noProjectRule(op: ProjectOperation) {
  return op === 'getProjectGenericUser' ||
    op === 'setProjectGenericUser' ||
    op === 'unsetGenericUser'
    ? 'soap.auth.generic-user'
    : (`soap.${op}.fault.3000` as const);
}

const platformFields = (ctx: ConformanceContext, key: string) =>
  ctx.soap.call('getPlateformProjectDescriptionFields', { sessionKey: key });

describe.concurrent('faults are sent as text/xml with HTTP 500', () => {
  for (const op of PROJECT_OPERATIONS)
    faultMessageTests(op, {
      how: 'with an invalid session key, on a project that does not exist',
      rule: noProjectRule(op),
      answer: (ctx) => onNoProject(ctx)[op](invalidKey()),
    });

  // §7.1 lists only 3107 for it: a target that serves an invalid key is judged on its 3107 (a
  // platform without description fields, or test control's fail-next for one call).
  faultMessageTests('getPlateformProjectDescriptionFields', {
    how: 'with an invalid session key, or on a platform without description fields',
    rule: 'soap.getPlateformProjectDescriptionFields.fault.3107',
    async answer(ctx) {
      const refused = await platformFields(ctx, invalidKey());
      if (refused.fault) return refused;
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const listed = await platformFields(ctx, key);
      if (listed.fault) return listed;
      if (!ctx.target.capabilities.failNext)
        ctx.skip(
          "getPlateformProjectDescriptionFields serves an invalid session key, the platform has description fields, and the target lacks the capability 'failNext' (test control) to answer one call as a platform without them (3107)",
          { needs: ['failNext'] },
        );
      await armFailure(ctx.http, {
        operation: 'getPlateformProjectDescriptionFields',
        failure: 'no-description-fields',
        sessionKey: key,
      });
      return platformFields(ctx, key);
    },
  });
});

describe.concurrent('successful answers of the read operations are sent as text/xml', () => {
  successMessageTests('getPlateformProjectDescriptionFields', {
    how: "as the project admin (the platform's fields)",
    rule: 'soap.getPlateformProjectDescriptionFields.effect',
    async answer(ctx) {
      const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
      const answer = await platformFields(ctx, key);
      if (answer.fault?.faultcode === '3107')
        ctx.skip(
          'the platform has no description field (fault 3107 of getPlateformProjectDescriptionFields): it has no successful answer',
        );
      return answer;
    },
  });

  for (const op of ['getProjectDescriptionFieldsValue', 'getProjectServicesUsage'] as const)
    successMessageTests(op, {
      how: 'of the public project, by its admin',
      rule: `soap.${op}.effect`,
      async answer(ctx) {
        const { projectAdmin: key } = await ctx.sessionKeys(['projectAdmin']);
        return ctx.soap.call(op, { session_key: key, group_id: ctx.fixtures.publicProject.id });
      },
    });
});
