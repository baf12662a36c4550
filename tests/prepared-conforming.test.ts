/**
 * The documented daily workflow reaches "Conforming" (README, `prepare`): `prepare` with
 * CONFORMANCE_GENERIC_USER_PASSWORD set gives the generic user of the SOAP and foreign projects
 * that password and keeps it in the profile as an environment reference; a full run without test
 * control then judges the generic-user checks on those projects (none skipped) and sets each
 * generic user back: its password and its membership as `prepare` left them.
 * Costly: prepare and one full run as child processes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { JudgedRun } from '../lib/run-result.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { runCli, runCommand } from './support/cli.ts';

const QUOTA = 100;
const PASSWORD = 'Prepared-generic-7f3';

test(
  'prepare, then a full run without test control: Conforming on every MUST that can be judged without test control, generic users as prepared',
  { timeout: 300_000 },
  async () => {
    // Read by the child processes (tests/support/cli.ts childEnv).
    process.env['CONFORMANCE_GENERIC_USER_PASSWORD'] = PASSWORD;
    const server = await startReferenceServer({ testControl: false, projectQuota: QUOTA });
    try {
      const profile = join(mkdtempSync(join(tmpdir(), 'prepared-')), 'profile.json');
      writeFileSync(
        profile,
        JSON.stringify({ fixtures: { templateProjectId: 100 }, projectQuotaPerHour: QUOTA }),
      );
      const prepared = await runCommand(['prepare', '--target', server.url, '--profile', profile]);
      expect(prepared.code, prepared.stderr).toBe(0);
      const fixtures = (
        JSON.parse(readFileSync(profile, 'utf8')) as {
          fixtures: Record<string, unknown>;
        }
      ).fixtures;
      expect.soft(fixtures['genericUserPassword']).toEqual({
        env: 'CONFORMANCE_GENERIC_USER_PASSWORD',
      });
      expect(readFileSync(profile, 'utf8')).not.toContain(PASSWORD);
      const state = server.app.state;
      const generic = (id: number) => {
        const project = state.projects.get(id)!;
        const user = state.users.byIdOf(project.genericUserId!);
        return {
          password: user?.password,
          member: project.members.has(project.genericUserId!),
        };
      };
      const shared = [fixtures['soapProjectId'], fixtures['foreignProjectId']] as number[];
      for (const id of shared)
        expect.soft(generic(id), `generic user of project ${id} after prepare`).toEqual({
          password: PASSWORD,
          member: true,
        });

      const run = await runCli(['--target', server.url, '--profile', profile, '--seed', '42']);
      expect(run.code, run.stderr).toBe(0);
      const summary = run.summary() as JudgedRun;
      const genericTests = summary.tests.filter((t) => t.file === 'soap/generic-user.test.ts');
      expect
        .soft(
          genericTests.filter((t) => t.status === 'skip').map((t) => `${t.name}: ${t.message}`),
          'generic-user tests skipped',
        )
        .toEqual([]);
      const skipped = summary.requirements
        .filter((r) => r.level === 'MUST' && r.status === 'skip')
        .map((r) => `${r.id}: ${r.reason ?? ''}`);
      expect.soft(summary.verdict.kind, skipped.join('\n')).toBe('conforming-without-test-control');
      expect(summary.verdict.text).toMatch(
        /^Conforming on every MUST that can be judged without test control/,
      );
      for (const id of shared)
        expect(generic(id), `generic user of project ${id} after the run`).toEqual({
          password: PASSWORD,
          member: true,
        });
    } finally {
      delete process.env['CONFORMANCE_GENERIC_USER_PASSWORD'];
      await server.close();
    }
  },
);
