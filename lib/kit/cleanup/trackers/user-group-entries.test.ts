import { describe, expect, test } from 'vitest';
import { UserGroupEntryTracker } from './user-group-entries.ts';

const call = (operation: string, project: string, group: string, userId: string) => ({
  operation,
  args: ['k', project, group, userId],
  value: true,
});
const none = { introduced: () => false, created: new Set<string>(), restored: [] };
const nothing = { undo: [], remaining: [] };

describe('UserGroupEntryTracker', () => {
  test('an entry added for a user the test made a member, or in a created project, is removed', () => {
    const entries = new UserGroupEntryTracker();
    entries.observe(call('addUserToUGroup', '101', '7', '104'));
    entries.observe(call('addUserToUGroup', '105', '7', '103'));
    const part = entries.plan({
      introduced: (project, userId) => project === '101' && userId === '104',
      created: new Set(['105']),
      restored: [],
    });
    expect(part.undo.map((s) => s.call)).toEqual([
      {
        kind: 'soap',
        service: 'project',
        operation: 'removeUserFromUGroup',
        args: ['k', 101, 7, 104],
      },
      {
        kind: 'soap',
        service: 'project',
        operation: 'removeUserFromUGroup',
        args: ['k', 105, 7, 103],
      },
    ]);
    expect(part.remaining).toEqual([]);
  });

  test('an entry that may have been there before is listed, the admins group named', () => {
    const entries = new UserGroupEntryTracker();
    entries.observe(call('addUserToUGroup', '101', '4', '104'));
    entries.observe(call('addUserToUGroup', '101', '7', '103'));
    expect(entries.plan(none)).toEqual({
      readd: nothing,
      undo: [],
      remaining: [
        {
          kind: 'user-group-entry',
          project: '101',
          what: 'user 104 in user group 4 of project 101 (project admins) (it may have been there before)',
        },
        {
          kind: 'user-group-entry',
          project: '101',
          what: 'user 103 in user group 7 of project 101 (it may have been there before)',
        },
      ],
    });
  });

  test('an entry removed is listed; one added and removed leaves nothing', () => {
    const entries = new UserGroupEntryTracker();
    entries.observe(call('removeUserFromUGroup', '101', '7', '103'));
    entries.observe(call('addUserToUGroup', '101', '7', '104'));
    entries.observe(call('removeUserFromUGroup', '101', '7', '104'));
    expect(entries.plan(none)).toEqual({
      readd: nothing,
      undo: [],
      remaining: [
        {
          kind: 'user-group-entry',
          project: '101',
          what: 'user 103 removed from user group 7 of project 101 (whether it was in it before is unknown)',
        },
      ],
    });
  });

  test('with the group read before the changes, each entry goes back to what was read', () => {
    const entries = new UserGroupEntryTracker();
    const read = (users: string[]) =>
      entries.observeRead({
        kind: 'user-group-read',
        group: '101_4',
        users: users.map((id) => ({ id, username: `u${id}` })),
      });
    read(['102', '103']);
    entries.observe(call('removeUserFromUGroup', '101', '4', '103'));
    entries.observe(call('removeUserFromUGroup', '101', '4', '104'));
    entries.observe(call('addUserToUGroup', '101', '4', '105'));
    entries.observe(call('removeProjectMember', '101', 'u102', ''));
    read(['105']);
    const part = entries.plan({
      ...none,
      restored: [{ project: '101', login: 'u102', key: 'k' }],
    });
    expect(part.remaining, 'nothing unknown remains').toEqual([]);
    expect(part.undo.map((s) => s.call)).toEqual([
      {
        kind: 'soap',
        service: 'project',
        operation: 'removeUserFromUGroup',
        args: ['k', 101, 4, 105],
      },
    ]);
    expect(part.readd.undo.map((s) => s.call.kind === 'soap' && s.call.args)).toEqual([
      ['k', 101, 4, 103],
      ['k', 101, 4, 102],
    ]);
    expect(entries.readBeforeChanges('101')).toBe(true);
    expect(entries.readBeforeChanges('102')).toBe(false);
  });

  test('a read after the test changed the project is no earlier state', () => {
    const entries = new UserGroupEntryTracker();
    entries.observe(call('removeUserFromUGroup', '101', '4', '103'));
    entries.observeRead({ kind: 'user-group-read', group: '101_4', users: [] });
    expect(entries.plan(none).remaining.map((r) => r.what)).toEqual([
      'user 103 removed from user group 4 of project 101 (whether it was in it before is unknown)',
    ]);
  });
});
