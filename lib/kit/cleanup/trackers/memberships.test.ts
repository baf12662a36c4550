import { describe, expect, test } from 'vitest';
import { MembershipTracker } from './memberships.ts';

const call = (operation: string, key: string, project: string, login: string) => ({
  operation,
  args: [key, project, login],
  value: true,
});

describe('MembershipTracker', () => {
  test('a membership added is removed, one removed is restored (its entries are listed)', () => {
    const members = new MembershipTracker();
    members.observe(call('addProjectMember', 'k1', '101', 'carol'));
    members.observe(call('removeProjectMember', 'k2', '101', 'bob'));
    const part = members.plan(new Map());
    expect(part.undo.map((s) => [s.what, s.call])).toEqual([
      [
        'membership of carol in project 101',
        {
          kind: 'soap',
          service: 'project',
          operation: 'removeProjectMember',
          args: ['k1', 101, 'carol'],
        },
      ],
      [
        'membership of bob in project 101 (restored)',
        {
          kind: 'soap',
          service: 'project',
          operation: 'addProjectMember',
          args: ['k2', 101, 'bob'],
        },
      ],
    ]);
    expect(part.remaining).toEqual([
      {
        kind: 'user-group-entry',
        project: '101',
        what: "bob's user-group entries in project 101, dropped with the membership, are not restored",
      },
    ]);
  });

  test('added then removed leaves nothing; the undo uses the last session key', () => {
    const members = new MembershipTracker();
    members.observe(call('addProjectMember', 'k1', '101', 'carol'));
    members.observe(call('removeProjectMember', 'k1', '101', 'carol'));
    members.observe(call('addProjectMember', 'k1', '102', 'dave'));
    members.observe(call('removeProjectMember', 'k2', '102', 'dave'));
    members.observe(call('addProjectMember', 'k3', '102', 'dave'));
    const part = members.plan(new Map());
    expect(part.undo.map((s) => s.call)).toEqual([
      {
        kind: 'soap',
        service: 'project',
        operation: 'removeProjectMember',
        args: ['k3', 102, 'dave'],
      },
    ]);
    expect(part.remaining).toEqual([]);
  });

  test('introduced users are known by the user id of their login, when the test logged in', () => {
    const members = new MembershipTracker();
    members.observe(call('addProjectMember', 'k', '101', 'carol'));
    members.observe(call('addProjectMember', 'k', '101', 'erin'));
    const part = members.plan(new Map([['carol', '104']]));
    expect(part.introduced('101', '104')).toBe(true);
    expect(part.introduced('102', '104')).toBe(false);
    expect(part.introduced('101', 'erin')).toBe(false);
  });
});
