/**
 * Leave the target as found (docs/what-the-suites-assume.md): every project that existed before a
 * run (the seeded
 * ones and those `prepare` made) reads the same through the interfaces after it: the members of
 * each user group, the services, the description values, the generic user, and every artifact
 * that was there (its body, Etag and Last-Modified). What a run creates (projects, artifacts) is
 * allowed. Three runs: a full run without test control against prepared projects, a run
 * interrupted with SIGINT while tests are in flight, a full run with test control.
 * Costly: three full runs as child processes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { CLI, childEnv, newReportDir, ROOT, runCli, runCommand } from './support/cli.ts';
import { StateObserver, type StateSnapshot } from './support/state-snapshot.ts';

// prepare sets the shared projects' generic users with it, so that the generic-user checks run on
// them and are set back (README, `prepare`); read by the child processes.
process.env['CONFORMANCE_GENERIC_USER_PASSWORD'] = 'Leave-as-found-generic';

/** Enough for prepare and every run here: the quota is not what these runs are about. */
const QUOTA = 100;
/** The interrupted run is stopped once this many tests ended: others are then in flight. */
const INTERRUPT_AFTER_TESTS = 40;

/** What differs, on the projects of `before`, between two snapshots; new projects and artifacts are allowed. */
function differences(before: StateSnapshot, after: StateSnapshot): string[] {
  const found: string[] = [];
  for (const [id, was] of Object.entries(before)) {
    const now = after[Number(id)];
    if (now === undefined) {
      found.push(`project ${id}: no longer readable`);
      continue;
    }
    const same = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b))
        found.push(`project ${id} ${what}: was ${clip(a)}, now ${clip(b)}`);
    };
    same('representation', was.project, now.project);
    same('trackers', was.trackers, now.trackers);
    for (const { group, users } of was.userGroups) {
      const groupId = (group as { id: string }).id;
      const later = now.userGroups.find((g) => (g.group as { id: string }).id === groupId);
      same(`user group ${groupId} members`, users, later?.users);
    }
    same(
      'user groups',
      was.userGroups.map((g) => g.group),
      now.userGroups.map((g) => g.group),
    );
    for (const [operation, answer] of Object.entries(was.soap))
      same(operation, answer, now.soap[operation]);
    for (const artifact of was.artifacts) {
      const artifactId = (artifact.body as { id: number }).id;
      same(
        `artifact ${artifactId}`,
        artifact,
        now.artifacts.find((a) => (a.body as { id: number }).id === artifactId),
      );
    }
  }
  return found;
}

function clip(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

async function snapshot(url: string): Promise<StateSnapshot> {
  const observer = await StateObserver.open(url);
  try {
    return await observer.snapshot();
  } finally {
    await observer.close();
  }
}

/** A target server and a profile `prepare` filled with the shared projects it created. */
async function preparedTarget(testControl: boolean) {
  const server = await startReferenceServer({ testControl, projectQuota: QUOTA });
  const profile = join(mkdtempSync(join(tmpdir(), 'leave-as-found-')), 'profile.json');
  writeFileSync(
    profile,
    JSON.stringify({ fixtures: { templateProjectId: 100 }, projectQuotaPerHour: QUOTA }),
  );
  const prepared = await runCommand(['prepare', '--target', server.url, '--profile', profile]);
  expect(prepared.code, prepared.stderr).toBe(0);
  return { server, profile };
}

/** A full run as a user starts it, SIGINTed once `afterTests` tests have ended. */
function interruptedRun(
  args: string[],
  afterTests: number,
): Promise<{ code: number; out: string }> {
  const child = spawn(process.execPath, [...CLI, 'run', '--report-dir', newReportDir(), ...args], {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let sent = false;
  const read = (chunk: Buffer) => {
    out += chunk.toString();
    const done = [...out.matchAll(/(\d+)\/\d+ tests done/g)].at(-1)?.[1];
    if (!sent && Number(done ?? 0) >= afterTests) {
      sent = true;
      child.kill('SIGINT');
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return new Promise((done) => child.once('exit', (code) => done({ code: code ?? -1, out })));
}

describe('a run leaves every project that existed before it as found', () => {
  let withoutControl: { server: RunningServer; profile: string };
  beforeAll(async () => {
    withoutControl = await preparedTarget(false);
  }, 60_000);
  afterAll(() => withoutControl?.server.close());

  test(
    'a full run without test control, against prepared projects',
    { timeout: 240_000 },
    async () => {
      const { server, profile } = withoutControl;
      const before = await snapshot(server.url);
      const run = await runCli(['--target', server.url, '--profile', profile, '--seed', '42']);
      expect(run.code, run.stderr).toBe(0);
      expect(differences(before, await snapshot(server.url))).toEqual([]);
    },
  );

  test(
    'a run interrupted with SIGINT while tests are in flight',
    { timeout: 240_000 },
    async () => {
      const { server, profile } = withoutControl;
      const before = await snapshot(server.url);
      const run = await interruptedRun(
        ['--target', server.url, '--profile', profile, '--seed', '7'],
        INTERRUPT_AFTER_TESTS,
      );
      expect(run.code, run.out.slice(-2000)).toBe(130);
      expect(run.out, 'interrupted while tests were running').toMatch(
        /interrupted \(SIGINT\): \d+ tests ran/,
      );
      expect(differences(before, await snapshot(server.url))).toEqual([]);
    },
  );

  test(
    'a full run with test control, against prepared projects',
    { timeout: 240_000 },
    async () => {
      const { server, profile } = await preparedTarget(true);
      try {
        const before = await snapshot(server.url);
        const run = await runCli(['--target', server.url, '--profile', profile, '--seed', '42']);
        expect(run.code, run.stderr).toBe(0);
        expect(differences(before, await snapshot(server.url))).toEqual([]);
      } finally {
        await server.close();
      }
    },
  );
});
