import { expect, test } from 'vitest';
import { GENERIC_USER_PASSWORD_ENV, genericUserSkipReason } from '../../kit/cleanup/restorable.ts';
import type { RunResult } from '../../run-result.ts';
import { renderFailureList } from './failure-list.ts';
import { genericUserPassword } from './prepare-generic-users.ts';

test('the terminal shows the skip reason of the generic-user checks up to its fix', () => {
  const run = {
    tests: [],
    requirements: [
      {
        id: 'soap.setProjectGenericUser.effect',
        section: '§4.2',
        level: 'MUST',
        text: '',
        status: 'skip',
        reason: genericUserSkipReason(105),
        tests: [],
      },
    ],
  } as unknown as RunResult;
  const printed = renderFailureList(run, false, 'reports/latest');
  expect(printed).toContain(`set ${GENERIC_USER_PASSWORD_ENV} and run \`prepare\` again`);
});

test("the password prepare gives: the profile's, else the environment's (then written as a reference)", () => {
  expect(genericUserPassword({ fixtures: { genericUserPassword: 'kept' } }, {})).toEqual({
    password: 'kept',
  });
  expect(genericUserPassword({}, { [GENERIC_USER_PASSWORD_ENV]: 'given' })).toEqual({
    password: 'given',
    reference: { env: GENERIC_USER_PASSWORD_ENV },
  });
  expect(genericUserPassword({}, {})).toBeUndefined();
});
