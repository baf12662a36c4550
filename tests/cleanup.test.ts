/**
 * Cleanup on a shared target: a full run whose profile names existing projects leaves
 * their memberships and user groups as it found them, no token or session open, and lists in its
 * report every other difference it left (projects, artifacts, accounts, values it could not undo).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { DomainState } from '../reference-server/domain/state.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { runCli, runCommand } from './support/cli.ts';

interface ProjectSnapshot {
  members: number[];
  admins: number[];
  groups: Record<string, number[]>;
  genericUser: number | null;
  services: Record<string, boolean>;
  values: Record<string, string>;
}

function snapshot(state: DomainState, ids: readonly number[]): Record<number, ProjectSnapshot> {
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return Object.fromEntries(
    ids.map((id) => {
      const p = state.projects.get(id)!;
      return [
        id,
        {
          members: sorted(p.members),
          admins: sorted(p.admins),
          groups: Object.fromEntries(
            [...p.ugroups].map(([g, group]) => [g, sorted(group.members)]),
          ),
          genericUser: p.genericUserId ?? null,
          services: Object.fromEntries(p.services.map((s) => [s.id, s.isUsed])),
          values: Object.fromEntries(p.descriptionValues),
        },
      ];
    }),
  );
}

/**
 * A private project administered by one account alone, made in-process: the profile's soapProject
 * or membershipProject (alice's) or foreignProject (bob's, the projectMember).
 */
function sharedProject(state: DomainState, owner: 'alice' | 'bob', shortName: string): number {
  const key = state.projectAdmin.login(owner, `${owner}-pass`).session_hash;
  const admin = state.projectAdmin.login('admin', 'admin-pass').session_hash;
  const id = state.projectAdmin.addProject(key, admin, shortName, 'Shared', 'private', 100);
  state.projectAdmin.logout(key);
  state.projectAdmin.logout(admin);
  return id;
}

function artifactCount(state: DomainState): number {
  const trackers = [...state.projects.all()].flatMap((p) => state.trackers.ofProject(p.id));
  return trackers.reduce((n, t) => n + state.artifacts.ofTracker(t.id).length, 0);
}

describe('cleanup on a shared target', () => {
  test(
    'memberships and user groups of the profile-named projects are as found; no token or session stays; every other change is listed',
    { timeout: 300_000 },
    async () => {
      const server = await startReferenceServer({ testControl: true });
      const state = server.app.state;
      try {
        const soapProject = sharedProject(state, 'alice', 'shared-soap');
        const membershipProject = sharedProject(state, 'alice', 'shared-member');
        const foreignProject = sharedProject(state, 'bob', 'shared-foreign');
        const named = [101, 102, soapProject, membershipProject, foreignProject];
        const profile = join(mkdtempSync(join(tmpdir(), 'cleanup-')), 'profile.json');
        writeFileSync(
          profile,
          JSON.stringify({
            fixtures: {
              templateProjectId: 100,
              publicProjectId: 101,
              privateProjectId: 102,
              soapProjectId: soapProject,
              membershipProjectId: membershipProject,
              foreignProjectId: foreignProject,
            },
          }),
        );
        const before = snapshot(state, named);
        const artifactsBefore = artifactCount(state);
        expect([state.tokens.live(), state.sessions.live()], 'tokens, sessions before').toEqual([
          0, 0,
        ]);

        const run = await runCli(['--target', server.url, '--profile', profile]);
        expect(run.code, run.stderr).toBe(0);

        const after = snapshot(state, named);
        const leftovers = run.summary().leftovers!;
        const listed = leftovers.remaining.map((r) => r.what).join('\n');
        for (const id of named) {
          const [b, a] = [before[id]!, after[id]!];
          // The one membership allowed to stay: a generic user the report lists as left set.
          const genericLeftSet =
            a.genericUser !== null && listed.includes(`left set on project ${id}`);
          expect(
            {
              members: a.members.filter((m) => !(genericLeftSet && m === a.genericUser)),
              admins: a.admins,
              groups: a.groups,
            },
            `memberships and user groups of project ${id}`,
          ).toEqual({ members: b.members, admins: b.admins, groups: b.groups });
        }
        expect(state.tokens.live(), 'tokens still valid after the run').toBe(0);
        expect(state.sessions.live(), 'SOAP sessions still open after the run').toBe(0);

        for (const id of named) {
          const [b, a] = [before[id]!, after[id]!];
          if (a.genericUser !== b.genericUser)
            expect(listed, `generic user of ${id} is listed`).toContain(`of project ${id}`);
          for (const [service, used] of Object.entries(a.services))
            if (b.services[service] !== used)
              expect(listed, `service ${service} of ${id}`).toContain(
                `service ${service} of project ${id}`,
              );
          for (const [field, value] of Object.entries(a.values))
            if (b.values[field] !== value)
              expect(listed, `description field ${field} of ${id}`).toContain(
                `description field ${field} of project ${id}`,
              );
        }
        const artifacts = artifactCount(state) - artifactsBefore;
        expect(
          leftovers.remaining.filter((r) => r.kind === 'artifact'),
          'every artifact the run created is listed',
        ).toHaveLength(artifacts);
        expect(leftovers.sharedProjects.map((p) => [p.id, p.createdByRun])).toEqual(
          named.map((id) => [id, false]),
        );
        expect(leftovers.undone, 'changes undone').toBeGreaterThan(0);
        // The terminal says it in one line, and where each is listed.
        const said = run.stdout.split('\n').filter((l) => /left on the target/.test(l));
        expect(said, run.stdout).toHaveLength(1);
        expect(said[0]).toMatch(
          /^conformance: left on the target: .*\d+ artifacts.*index\.html lists them/,
        );
      } finally {
        await server.close();
      }
    },
  );
});

describe('cleanup REPORT_DIR', () => {
  test(
    'sends again the undo a report lists as refused, prints what it undid and what remains; exit 1 while one the interfaces can undo remains, 0 after',
    { timeout: 60_000 },
    async () => {
      const server = await startReferenceServer({ testControl: false });
      const state = server.app.state;
      try {
        const key = state.projectAdmin.login('alice', 'alice-pass').session_hash;
        state.projectAdmin.setProjectDescriptionFieldValue(key, 102, 2, 'changed by a run');
        state.projectAdmin.logout(key);
        const report = mkdtempSync(join(tmpdir(), 'cleanup-report-'));
        const test = 'suites/soap/x.test.ts::a test';
        const leftover = (what: string, kind: string, retry?: object) => ({
          kind,
          what,
          test,
          ...(retry ? { retry } : {}),
        });
        const summary = (remaining: object[]) =>
          writeFileSync(
            join(report, 'summary.json'),
            JSON.stringify({
              target: server.url,
              startedAt: '2026-01-01T00:00:00.000Z',
              leftovers: { sharedProjects: [], undone: 0, remaining },
            }),
          );
        summary([
          leftover('artifact 7 in tracker 1', 'artifact'),
          leftover(
            'description field 2 of project 102 back to its earlier value: not undone (HTTP 503)',
            'description-value',
            {
              operation: 'setProjectDescriptionFieldValue',
              args: [102, 2, 'as found'],
              as: 'alice',
            },
          ),
          leftover('service 21 of project 999999 active again: not undone (HTTP 503)', 'service', {
            operation: 'activateService',
            args: [999999, 21],
            as: 'alice',
          }),
        ]);

        const first = await runCommand(['cleanup', report]);
        expect(first.code, first.stdout + first.stderr).toBe(1);
        expect(state.projects.get(102)!.descriptionValues.get(2), 'value written back').toBe(
          'as found',
        );
        expect(first.stdout).toContain(
          'undone: description field 2 of project 102 back to its earlier value',
        );
        expect(first.stdout).toContain(
          `remain: 1 artifact, which no interface undoes ("Left on the target" in ${join(report, 'index.html')} lists each)`,
        );
        expect(first.stdout).toMatch(
          /again refused: service 21 of project 999999 active again \(fault 3000/,
        );
        expect(first.stdout.trimEnd().split('\n')).toHaveLength(5);
        expect(existsSync(join(report, 'cleanup.json')), 'what it undid is recorded').toBe(true);

        // Once the refused one is gone from the report, nothing the interfaces can undo remains;
        // what the first cleanup undid is not sent again.
        summary([
          leftover('artifact 7 in tracker 1', 'artifact'),
          leftover(
            'description field 2 of project 102 back to its earlier value: not undone (HTTP 503)',
            'description-value',
            {
              operation: 'setProjectDescriptionFieldValue',
              args: [102, 2, 'as found'],
              as: 'alice',
            },
          ),
        ]);
        state.projectAdmin.setProjectDescriptionFieldValue(
          state.projectAdmin.login('alice', 'alice-pass').session_hash,
          102,
          2,
          'not to be overwritten',
        );
        const second = await runCommand(['cleanup', report]);
        expect(second.code, second.stdout + second.stderr).toBe(0);
        expect(second.stdout).toContain('1 undone by an earlier cleanup');
        expect(state.projects.get(102)!.descriptionValues.get(2)).toBe('not to be overwritten');
      } finally {
        await server.close();
      }
    },
  );
});
