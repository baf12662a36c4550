import { describe, expect, test } from 'vitest';
import { GenericUserTracker } from './generic-users.ts';

const set = (project: string, username: string) => ({
  operation: 'setProjectGenericUser',
  args: ['k', project, 'pw'],
  value: { username },
});
const unset = (project: string) => ({
  operation: 'unsetGenericUser',
  args: ['k2', project],
  value: undefined,
});

describe('GenericUserTracker', () => {
  test('the account is listed; left set, it is unset in a created project, listed elsewhere', () => {
    const generic = new GenericUserTracker();
    generic.observe(set('105', 'p105-gen'));
    generic.observe(set('101', 'p101-gen'));
    expect(generic.plan(new Set(['105']))).toEqual({
      undo: [
        {
          kind: 'generic-user',
          what: 'generic user of project 105 unset',
          call: {
            kind: 'soap',
            service: 'project',
            operation: 'unsetGenericUser',
            args: ['k', 105],
          },
        },
      ],
      remaining: [
        {
          kind: 'generic-user',
          what: 'generic user account p105-gen of project 105; no interface deletes an account',
        },
        {
          kind: 'generic-user',
          what: 'generic user account p101-gen of project 101; no interface deletes an account',
        },
        {
          kind: 'membership',
          project: '101',
          what: 'generic user p101-gen left set on project 101 (a project this run did not create)',
        },
      ],
    });
  });

  test('a generic user the test unset is only listed; an unset without a set is ignored', () => {
    const generic = new GenericUserTracker();
    generic.observe(unset('102'));
    generic.observe(set('101', 'p101-gen'));
    generic.observe(unset('101'));
    expect(generic.plan(new Set())).toEqual({
      undo: [],
      remaining: [
        {
          kind: 'generic-user',
          what: 'generic user account p101-gen of project 101; no interface deletes an account',
        },
      ],
    });
  });

  test("with the profile's password, a generic user of a project the run did not create is set back (set or unset): nothing listed", () => {
    const generic = new GenericUserTracker();
    generic.observe(set('101', 'p101-gen'));
    generic.observe(set('103', 'p103-gen'));
    generic.observe(unset('103'));
    const plan = generic.plan(new Set(), 'prepared-pw');
    expect(plan.remaining).toEqual([]);
    expect(plan.undo.map((s) => [s.call, s.secret])).toEqual([
      [
        {
          kind: 'soap',
          service: 'project',
          operation: 'setProjectGenericUser',
          args: ['k', 101, 'prepared-pw'],
        },
        true,
      ],
      [
        {
          kind: 'soap',
          service: 'project',
          operation: 'setProjectGenericUser',
          args: ['k2', 103, 'prepared-pw'],
        },
        true,
      ],
    ]);
  });
});
