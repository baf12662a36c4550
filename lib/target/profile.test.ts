import { describe, expect, test } from 'vitest';
import { defaultProfile, resolveProfile } from './default-profile.ts';
import { systemClock } from '../../reference-server/domain/clock.ts';
import { createState } from '../../reference-server/domain/state.ts';
import { jsonErrorAt, parseProfile, ProfileError } from './profile.ts';
import { readFileSync } from 'node:fs';

describe('parseProfile', () => {
  test('accepts the documented example profile', () => {
    const example = JSON.parse(
      readFileSync(new URL('../../examples/profile.example.json', import.meta.url), 'utf8'),
    ) as unknown;
    expect(() => parseProfile(example, 'example')).not.toThrow();
  });

  test('names every invalid field', () => {
    const bad = {
      baseUrl: 'ftp://x',
      soapSessions: { mode: 'fixed' },
      fixtures: { templateProjectId: 'x' },
      capabilities: { testControl: 'yes', teleport: true },
    };
    let message = '';
    try {
      parseProfile(bad, 'p.json');
    } catch (error) {
      expect(error).toBeInstanceOf(ProfileError);
      message = (error as Error).message;
    }
    for (const field of [
      'baseUrl',
      'soapSessions',
      'fixtures.templateProjectId',
      'capabilities.testControl',
      'capabilities.teleport: unknown field',
    ]) {
      expect(message).toContain(field);
    }
  });
});

describe('help for the usual mistakes', () => {
  const messageOf = (value: unknown) => {
    try {
      parseProfile(value, 'p.json');
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  };

  test('a misspelt field: the field meant, and the fields allowed there', () => {
    expect(messageOf({ accounts: { projectMembr: {} } })).toContain(
      'accounts.projectMembr: unknown field (did you mean projectMember?); the fields: siteAdmin, projectAdmin, projectMember, nonMember',
    );
  });

  test('a value out of a set: the values allowed, and no complaint of the other branch', () => {
    const message = messageOf({ soapSessions: { mode: 'loginn' } });
    expect(message).toBe(
      'invalid profile p.json: soapSessions.mode: expected one of "login", "fixed"',
    );
  });

  test('broken JSON: the line and column', () => {
    const text =
      '{\n  "accounts": {\n    "siteAdmin": { "username": "a" "password": "b" }\n  }\n}\n';
    let error: Error | undefined;
    try {
      JSON.parse(text);
    } catch (e) {
      error = e as Error;
    }
    expect(jsonErrorAt(text, error!)).toMatch(/ at line 3, column 36$/);
  });

  test('a password read from a variable: the account remembers the variable, to name it', () => {
    const plain = { username: 'u', password: 'p' };
    const accounts = {
      siteAdmin: plain,
      projectAdmin: { username: 'alice', password: { env: 'ALICE_PW' } },
      projectMember: plain,
      nonMember: plain,
    };
    const parsed = parseProfile({ accounts }, 'p.json', { ALICE_PW: 'x' });
    expect(parsed.accounts?.projectAdmin).toEqual({
      username: 'alice',
      password: 'x',
      passwordEnv: 'ALICE_PW',
    });
  });
});

describe('label', () => {
  test('names the target in reports and compare; an empty one is refused', () => {
    expect(resolveProfile('http://t', parseProfile({ label: 'Tuleap 16' }, 'p')).label).toBe(
      'Tuleap 16',
    );
    expect(() => parseProfile({ label: '' }, 'p.json')).toThrow(/label/);
  });
});

describe('resolveProfile', () => {
  test('the target URL wins over the profile base URL; missing parts come from the defaults', () => {
    const profile = resolveProfile('http://h:1/', {
      baseUrl: 'http://other',
      capabilities: { testControl: true },
    });
    expect(profile.baseUrl).toBe('http://h:1');
    expect(profile.accounts.projectAdmin.username).toBe('alice');
    expect(profile.capabilities.testControl).toBe(true);
    expect(profile.fixtures.templateProjectId).toBe(100);
  });

  test("the reference server's static user groups are the default's only: a profile file names its own, or none", () => {
    expect(resolveProfile('http://h', undefined).fixtures.staticUgroups).toEqual({
      projectId: 101,
      ugroupIds: [102, 103],
    });
    expect(resolveProfile('http://h', { fixtures: { soapProjectId: 7 } }).fixtures).toEqual({
      templateProjectId: 100,
      soapProjectId: 7,
    });
    const named = { projectId: 9, ugroupIds: [11] };
    expect(
      resolveProfile('http://h', { fixtures: { staticUgroups: named } }).fixtures.staticUgroups,
    ).toEqual(named);
  });

  test("the default profile's static user groups are two static groups of a seeded project its projectAdmin administers", () => {
    const state = createState(systemClock());
    const { staticUgroups } = defaultProfile('http://h').fixtures;
    const project = state.projects.get(staticUgroups!.projectId)!;
    const alice = state.users.byUsername(
      defaultProfile('http://h').accounts.projectAdmin.username,
    )!;
    expect(project.admins.has(alice.id)).toBe(true);
    expect(staticUgroups!.ugroupIds).toHaveLength(2);
    for (const id of staticUgroups!.ugroupIds)
      expect(project.ugroups.has(id), `group ${id}`).toBe(true);
  });

  test('fixtures.staticUgroups: one or two distinct groups, each a positive integer', () => {
    const with_ = (ugroupIds: unknown) => ({
      fixtures: { staticUgroups: { projectId: 1, ugroupIds } },
    });
    expect(() => parseProfile(with_([5, 6]), 'p')).not.toThrow();
    for (const bad of [[], [5, 5], [1, 2, 3], [0], ['5']])
      expect(() => parseProfile(with_(bad), 'p'), JSON.stringify(bad)).toThrow(ProfileError);
  });
});

describe('secrets from the environment', () => {
  const profile = {
    accounts: {
      siteAdmin: { username: 'admin', password: { env: 'T_ADMIN_PASSWORD' } },
      projectAdmin: { username: 'alice', password: 'plain' },
      projectMember: { username: 'bob', password: { env: 'T_BOB_PASSWORD' } },
      nonMember: { username: 'carol', password: 'plain' },
    },
  };

  test('a password given as {"env": NAME} is read from that variable', () => {
    const parsed = parseProfile(profile, 'p.json', {
      T_ADMIN_PASSWORD: 'from-env',
      T_BOB_PASSWORD: 'bob-env',
    });
    expect(parsed.accounts?.siteAdmin.password).toBe('from-env');
    expect(parsed.accounts?.projectMember.password).toBe('bob-env');
    expect(parsed.accounts?.projectAdmin.password).toBe('plain');
  });

  test('a variable that is not set is named with its field', () => {
    expect(() => parseProfile(profile, 'p.json', { T_ADMIN_PASSWORD: 'x' })).toThrow(
      'invalid profile p.json: accounts.projectMember.password: environment variable T_BOB_PASSWORD is not set',
    );
  });
});
