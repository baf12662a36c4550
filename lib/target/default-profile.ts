/**
 * The profile used without --profile: the reference server's seeded accounts
 * (docs/reference-server.md, "Seeded accounts"), SOAP login, template 100, the seeded public
 * project's two static user groups, the real system's quota of 10 per hour.
 */
import type { Profile, ProfileFile } from './profile.ts';

export function defaultProfile(baseUrl: string): Profile {
  return {
    baseUrl,
    accounts: {
      siteAdmin: { username: 'admin', password: 'admin-pass' },
      projectAdmin: { username: 'alice', password: 'alice-pass' },
      projectMember: { username: 'bob', password: 'bob-pass' },
      nonMember: { username: 'carol', password: 'carol-pass' },
    },
    soapSessions: { mode: 'login' },
    // The seeded public project's static user groups 'developers' and 'testers'.
    fixtures: { templateProjectId: 100, staticUgroups: { projectId: 101, ugroupIds: [102, 103] } },
    projectQuotaPerHour: 10,
    projectAdminsUgroupId: 4,
    capabilities: { testControl: false, failNext: false },
  };
}

/** Overlays a validated profile file on the defaults, for the target at baseUrl. */
export function resolveProfile(baseUrl: string, file: ProfileFile | undefined): Profile {
  const base = defaultProfile(baseUrl.replace(/\/+$/, ''));
  if (!file) return base;
  // The static user groups are the reference server's seeded ones: a file names its own, or none.
  const { staticUgroups: _seeded, ...fixtures } = base.fixtures;
  return {
    ...base,
    ...file,
    baseUrl: base.baseUrl,
    fixtures: { ...fixtures, ...file.fixtures },
    capabilities: { ...base.capabilities, ...file.capabilities },
  };
}
