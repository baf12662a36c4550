/** The §4.2 operations in the domain: every §7.1 code provoked, effects read back, order of checks. */
import { beforeEach, describe, expect, test } from 'vitest';
import { systemClock, type Clock } from './clock.ts';
import { DomainError } from './errors.ts';
import type { ProjectAdmin } from './project-admin.ts';
import { createState, type DomainState } from './state.ts';

let clock: Clock;
let state: DomainState;
let admin: ProjectAdmin;
/** Session keys: site admin, alice (admin of 101 and 102), bob (member), carol (outsider). */
let keys: { site: string; alice: string; bob: string; carol: string };

beforeEach(() => {
  clock = systemClock();
  state = createState(clock, { projectQuota: 3 });
  admin = state.projectAdmin;
  keys = {
    site: admin.login('admin', 'admin-pass').session_hash,
    alice: admin.login('alice', 'alice-pass').session_hash,
    bob: admin.login('bob', 'bob-pass').session_hash,
    carol: admin.login('carol', 'carol-pass').session_hash,
  };
});

function code(action: () => unknown): number | 'no error' {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

const ugroupOf = (projectId: number) => [...state.projects.get(projectId)!.ugroups.keys()][0]!;
const serviceOf = (projectId: number, shortName: string) =>
  state.projects.get(projectId)!.services.find((s) => s.shortName === shortName)!;

describe('login (core SOAP, tuleap-facts A.7)', () => {
  test('3002 on bad credentials or a suspended account; sessions expire after 24 h', () => {
    expect(code(() => admin.login('alice', 'nope'))).toBe(3002);
    expect(code(() => admin.login('dave', 'dave-pass'))).toBe(3002);
    expect(code(() => admin.getPlateformProjectDescriptionFields(keys.bob))).toBe('no error');
    clock.advance(24 * 3600);
    expect(code(() => admin.getPlateformProjectDescriptionFields(keys.bob))).toBe(3001);
  });

  test('logout ends the session', () => {
    admin.logout(keys.bob);
    expect(code(() => admin.getPlateformProjectDescriptionFields(keys.bob))).toBe(3001);
  });
});

describe('addProject', () => {
  type Over = Partial<{
    key: string;
    adminKey: string;
    short: string;
    full: string;
    privacy: string;
    template: number;
  }>;
  const add = (over: Over = {}) =>
    admin.addProject(
      over.key ?? keys.alice,
      over.adminKey ?? keys.site,
      over.short ?? 'newproj',
      over.full ?? 'New Project',
      over.privacy ?? 'public',
      over.template ?? 100,
    );

  test('creates a project from the template: admin, privacy, inherited services, no description', () => {
    const id = add({ privacy: 'private' });
    const project = state.projects.get(id)!;
    expect(project).toMatchObject({
      shortName: 'newproj',
      publicName: 'New Project',
      privacy: 'private',
      status: 'A',
      projectType: 'Project',
      description: '',
    });
    expect([...project.admins]).toEqual([102]);
    expect(project.services.map((s) => [s.shortName, s.isUsed])).toEqual(
      state.projects.get(100)!.services.map((s) => [s.shortName, s.isUsed]),
    );
    expect(project.descriptionValues.size).toBe(0);
    const [copy] = state.trackers.ofProject(id);
    const [original] = state.trackers.ofProject(100);
    expect(copy?.fields.map((f) => [f.name, f.type, f.values?.map((v) => v.label)])).toEqual(
      original?.fields.map((f) => [f.name, f.type, f.values?.map((v) => v.label)]),
    );
    expect(copy?.id).not.toBe(original?.id);
    expect(copy?.fields[0]?.id).not.toBe(original?.fields[0]?.id);
    expect(admin.getProjectDescriptionFieldsValue(keys.alice, id)).toEqual([]);
  });

  test.each<[string, Over, number]>([
    ['3001 bad session first', { key: 'nope', adminKey: 'nope', short: '_', template: 999 }, 3001],
    ['3200 adminSessionKey not a site admin', { adminKey: 'x', template: 999 }, 3200],
    ['3200 adminSessionKey of a non-admin', { adminKey: 'BOB' }, 3200],
    ['3100 unknown template before names', { template: 999, short: '_' }, 3100],
    ['3104 not a template and not its admin', { key: 'BOB', template: 101 }, 3104],
    ['3102 underscore', { short: 'a_b' }, 3102],
    ['3102 starts with a digit', { short: '1abc' }, 3102],
    ['3102 reserved', { short: 'www1' }, 3102],
    ['3102 too short', { short: 'ab' }, 3102],
    ['3102 too long', { short: 'a'.repeat(31) }, 3102],
    ['3102 existing project, any case', { short: 'PUBLIC-project' }, 3102],
    ['3102 existing user login', { short: 'carol' }, 3102],
    ['3103 public name too short once trimmed', { full: '  ab  ' }, 3103],
    ['3103 public name too long', { full: 'x'.repeat(41) }, 3103],
  ])('%s', (_label, over, expected) => {
    const resolved = {
      ...over,
      ...(over.adminKey === 'BOB' ? { adminKey: keys.bob } : {}),
      ...(over.key === 'BOB' ? { key: keys.bob } : {}),
    };
    const before = state.projects.all().length;
    expect(code(() => add(resolved))).toBe(expected);
    expect(state.projects.all().length).toBe(before);
  });

  test('an admin of a non-template project may use it as template', () => {
    expect(code(() => add({ template: 101 }))).toBe('no error');
  });

  test('4000 past the quota, counting failed name checks, platform-wide; the window moves with the clock', () => {
    expect(code(() => add({ short: 'quota1' }))).toBe('no error');
    expect(code(() => add({ short: '_bad' }))).toBe(3102);
    expect(code(() => add({ key: keys.site, short: 'quota3' }))).toBe('no error');
    expect(code(() => add({ short: 'quota4' }))).toBe(4000);
    expect(code(() => add({ template: 999 }))).toBe(3100);
    clock.advance(3601);
    expect(code(() => add({ short: 'quota4' }))).toBe('no error');
  });

  test('calls made while the clock was ahead count in no hour once it is set back', () => {
    clock.advance(1800);
    for (const short of ['ahead1', 'ahead2', 'ahead3'])
      expect(code(() => add({ short }))).toBe('no error');
    expect(code(() => add({ short: 'ahead4' }))).toBe(4000);
    clock.advance(-1800);
    expect(code(() => add({ short: 'back1' }))).toBe('no error');
  });

  test("privacy 'public' → public; any other value → private (the real system)", () => {
    expect(state.projects.get(add({ short: 'pubproj', privacy: 'public' }))!.privacy).toBe(
      'public',
    );
    expect(state.projects.get(add({ short: 'priv', privacy: 'whatever' }))!.privacy).toBe(
      'private',
    );
  });
});

describe('membership', () => {
  test('addProjectMember: 3000, 3001, 3201, then 3100 for an unknown, suspended or existing member', () => {
    expect(code(() => admin.addProjectMember(keys.alice, 999, 'carol'))).toBe(3000);
    expect(code(() => admin.addProjectMember('nope', 999, 'carol'))).toBe(3000);
    expect(code(() => admin.addProjectMember('nope', 101, 'carol'))).toBe(3001);
    expect(code(() => admin.addProjectMember(keys.bob, 101, 'carol'))).toBe(3201);
    expect(code(() => admin.addProjectMember(keys.alice, 101, 'nobody-here'))).toBe(3100);
    expect(code(() => admin.addProjectMember(keys.alice, 101, 'dave'))).toBe(3100);
    expect(code(() => admin.addProjectMember(keys.alice, 101, 'bob'))).toBe(3100);
    expect(admin.addProjectMember(keys.alice, 101, 'carol')).toBe(true);
    expect(state.projects.get(101)!.members.has(104)).toBe(true);
  });

  test('removeProjectMember: 3000, 3201, 3202, 3203, 3100 for an admin; removes from user groups', () => {
    const ugroup = ugroupOf(101);
    admin.addUserToUGroup(keys.alice, 101, ugroup, 103);
    expect(code(() => admin.removeProjectMember(keys.alice, 999, 'bob'))).toBe(3000);
    expect(code(() => admin.removeProjectMember(keys.bob, 101, 'bob'))).toBe(3201);
    expect(code(() => admin.removeProjectMember(keys.alice, 101, 'nobody-here'))).toBe(3202);
    expect(code(() => admin.removeProjectMember(keys.alice, 101, 'carol'))).toBe(3203);
    expect(code(() => admin.removeProjectMember(keys.alice, 101, 'alice'))).toBe(3100);
    expect(admin.removeProjectMember(keys.alice, 101, 'bob')).toBe(true);
    expect(state.projects.get(101)!.members.has(103)).toBe(false);
    expect(state.projects.get(101)!.ugroups.get(ugroup)!.members.has(103)).toBe(false);
  });
});

describe('user groups', () => {
  test('add/removeUserToUGroup: 3000, 3201, 3203 invalid user id, 3301 no such group; effects', () => {
    const ugroup = ugroupOf(101);
    for (const op of ['addUserToUGroup', 'removeUserFromUGroup'] as const) {
      expect(code(() => admin[op](keys.alice, 999, ugroup, 103))).toBe(3000);
      expect(code(() => admin[op](keys.bob, 101, ugroup, 103))).toBe(3201);
      expect(code(() => admin[op](keys.alice, 101, ugroup, 9999))).toBe(3203);
      expect(code(() => admin[op](keys.alice, 101, 9999, 103))).toBe(3301);
      expect(code(() => admin[op](keys.alice, 101, ugroupOf(102), 103))).toBe(3301);
    }
    expect(admin.addUserToUGroup(keys.alice, 101, ugroup, 103)).toBe(true);
    expect(state.projects.get(101)!.ugroups.get(ugroup)!.members.has(103)).toBe(true);
    expect(admin.removeUserFromUGroup(keys.alice, 101, ugroup, 103)).toBe(true);
    expect(state.projects.get(101)!.ugroups.get(ugroup)!.members.has(103)).toBe(false);
  });

  test('the project admins group (4): adding makes an admin; the last admin cannot leave', () => {
    expect(admin.addUserToUGroup(keys.alice, 101, 4, 104)).toBe(true);
    expect(state.projects.get(101)!.admins.has(104)).toBe(true);
    expect(admin.removeUserFromUGroup(keys.alice, 101, 4, 104)).toBe(true);
    expect(code(() => admin.removeUserFromUGroup(keys.alice, 101, 4, 102))).toBe(0);
  });
});

describe('services', () => {
  test('activate/deactivate: 3000, 3203 not admin, 3019 unknown or foreign service; read back', () => {
    const wiki = serviceOf(101, 'wiki');
    expect(code(() => admin.setServiceUsage(keys.alice, 999, wiki.id, true))).toBe(3000);
    expect(code(() => admin.setServiceUsage(keys.bob, 101, wiki.id, true))).toBe(3203);
    expect(code(() => admin.setServiceUsage(keys.alice, 101, 99999, true))).toBe(3019);
    expect(
      code(() => admin.setServiceUsage(keys.alice, 101, serviceOf(102, 'wiki').id, true)),
    ).toBe(3019);
    expect(admin.setServiceUsage(keys.alice, 101, wiki.id, true)).toBe(true);
    expect(
      admin.getProjectServicesUsage(keys.alice, 101).find((s) => s.id === wiki.id)?.isUsed,
    ).toBe(true);
    expect(admin.setServiceUsage(keys.alice, 101, wiki.id, false)).toBe(true);
    expect(
      admin.getProjectServicesUsage(keys.alice, 101).find((s) => s.id === wiki.id)?.isUsed,
    ).toBe(false);
  });

  test('getProjectServicesUsage: 3000, 3203 for a member who is not admin; site admin allowed', () => {
    expect(code(() => admin.getProjectServicesUsage(keys.alice, 999))).toBe(3000);
    expect(code(() => admin.getProjectServicesUsage(keys.bob, 101))).toBe(3203);
    expect(admin.getProjectServicesUsage(keys.site, 101).length).toBeGreaterThan(1);
  });
});

describe('description fields', () => {
  test('platform fields; 3107 on a platform without any', () => {
    expect(admin.getPlateformProjectDescriptionFields(keys.carol).map((f) => f.id)).toEqual([
      1, 2, 3,
    ]);
    const empty = createState(systemClock(), { descriptionFields: [] });
    const key = empty.projectAdmin.login('bob', 'bob-pass').session_hash;
    expect(code(() => empty.projectAdmin.getPlateformProjectDescriptionFields(key))).toBe(3107);
    expect(code(() => admin.getPlateformProjectDescriptionFields('nope'))).toBe(3001);
  });

  test('set: 3000, 3201, 3108; get: 3000, 3203; values read back, only fields with a value', () => {
    expect(code(() => admin.setProjectDescriptionFieldValue(keys.alice, 999, 1, 'x'))).toBe(3000);
    expect(code(() => admin.setProjectDescriptionFieldValue(keys.bob, 101, 1, 'x'))).toBe(3201);
    expect(code(() => admin.setProjectDescriptionFieldValue(keys.alice, 101, 42, 'x'))).toBe(3108);
    expect(code(() => admin.getProjectDescriptionFieldsValue(keys.alice, 999))).toBe(3000);
    expect(code(() => admin.getProjectDescriptionFieldsValue(keys.bob, 101))).toBe(3203);
    admin.setProjectDescriptionFieldValue(keys.alice, 101, 2, 'first');
    admin.setProjectDescriptionFieldValue(keys.alice, 101, 2, '<&é>');
    expect(admin.getProjectDescriptionFieldsValue(keys.alice, 101)).toEqual([
      { id: 2, value: '<&é>' },
    ]);
  });
});

describe('generic user (codes not shown: the real system)', () => {
  test('set creates forge__prjgen_<name> as a member; get returns it; unset drops the membership only', () => {
    expect(code(() => admin.getProjectGenericUser(keys.alice, 101))).toBe(3106);
    expect(code(() => admin.unsetGenericUser(keys.alice, 101))).toBe(3300);
    const info = admin.setProjectGenericUser(keys.alice, 101, 'secret1');
    expect(info).toMatchObject({
      username: 'forge__prjgen_public-project',
      real_name: 'Generic User For Project',
      email: '',
      ldap_id: '',
    });
    expect(info.identifier).toBe(info.id);
    expect(state.projects.get(101)!.members.has(Number(info.id))).toBe(true);
    expect(admin.getProjectGenericUser(keys.alice, 101)).toEqual(info);
    expect(admin.setProjectGenericUser(keys.alice, 101, 'secret2')).toEqual(info);
    expect(state.users.authenticate(info.username, 'secret2')).toBeDefined();
    admin.unsetGenericUser(keys.alice, 101);
    expect(state.projects.get(101)!.members.has(Number(info.id))).toBe(false);
    expect(code(() => admin.unsetGenericUser(keys.alice, 101))).toBe(3203);
    expect(admin.getProjectGenericUser(keys.alice, 101)).toEqual(info);
  });

  test('3001 bad session, 3201 not admin or no such project, 3105 empty password', () => {
    for (const op of ['getProjectGenericUser', 'unsetGenericUser'] as const) {
      expect(code(() => admin[op]('nope', 101))).toBe(3001);
      expect(code(() => admin[op](keys.bob, 101))).toBe(3201);
      expect(code(() => admin[op](keys.alice, 999))).toBe(3201);
    }
    expect(code(() => admin.setProjectGenericUser(keys.bob, 101, 'x1234'))).toBe(3201);
    expect(code(() => admin.setProjectGenericUser(keys.alice, 101, ''))).toBe(3105);
  });
});

describe('the alsoAdministers hook (domain/hooks.ts)', () => {
  test('grants what §5.1.2 refuses, for the scope it is asked about', () => {
    const scopes: string[] = [];
    const widened = createState(systemClock(), {
      hooks: {
        alsoAdministers: (user, project, scope) => {
          scopes.push(scope);
          return user.username === 'bob' && scope === 'project-admin';
        },
      },
    });
    const bob = widened.projectAdmin.login('bob', 'bob-pass').session_hash;
    expect(widened.projectAdmin.addProjectMember(bob, 101, 'carol')).toBe(true);
    expect(code(() => widened.projectAdmin.getProjectGenericUser(bob, 101))).toBe(3201);
    expect(scopes).toEqual(['project-admin', 'generic-user']);
    // Without the hook, the rule: bob is a member of 101, not an admin.
    expect(code(() => admin.addProjectMember(keys.bob, 101, 'carol'))).toBe(3201);
  });
});
