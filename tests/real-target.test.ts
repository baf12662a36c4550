/**
 * A run against a real, shared target: reference servers started WITHOUT test control
 * (a real platform has none) and a small --project-quota, each test with a quota ledger of its
 * own. The addProject budget across runs (refused up front with the time to wait, the target
 * untouched), `prepare`, a 4000 caused by someone else's creations (error, never fail), a bad
 * account caught by the preflight, and a long-lived --test-control server serving any number of
 * runs.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../lib/kit/clients/http.ts';
import { Transcript } from '../lib/kit/clients/transcript.ts';
import { SoapClient } from '../lib/kit/soap/client.ts';
import { addProjectSuiteCalls } from '../lib/kit/target/quota-plan.ts';
import {
  childEnv,
  CLI,
  newLedger,
  newReportDir,
  ROOT,
  runCli,
  seededProjectsProfile,
  startServerProcess,
} from './support/cli.ts';

const servers: Array<{ stop(): Promise<void> }> = [];
afterAll(() => Promise.all(servers.map((s) => s.stop())));

async function server(...args: string[]) {
  const started = await startServerProcess('reference-server/main.ts', ['--port', '0', ...args]);
  servers.push(started);
  return started.url;
}

function profileFile(content: object): string {
  const file = join(newReportDir(), 'profile.json');
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
  return file;
}

/** Projects the site admin sees over REST: what a run created. */
async function projectCount(url: string): Promise<number> {
  const answer = await fetch(`${url}/api/projects?limit=50`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin-pass').toString('base64')}` },
  });
  return Number(answer.headers.get('x-pagination-size'));
}

/** Someone else on the platform creates projects (they count against the quota, §8). */
async function othersCreate(url: string, n: number): Promise<void> {
  const http = new HttpClient(url, new Transcript(), 10_000);
  const login = await SoapClient.login(http).raw('login', [
    { name: 'loginname', type: 'xsd:string', value: 'admin' },
    { name: 'passwd', type: 'xsd:string', value: 'admin-pass' },
  ]);
  const key = (login.value as { session_hash: string }).session_hash;
  for (let i = 0; i < n; i++) {
    const answer = await SoapClient.project(http).call('addProject', {
      sessionKey: key,
      adminSessionKey: key,
      shortName: `other-${Date.now().toString(36)}-${i}`,
      publicName: 'Someone else',
      privacy: 'public',
      templateId: 100,
    });
    expect(answer.fault, 'someone else creates a project').toBeUndefined();
  }
}

function ledgerCount(ledger: string): number {
  const file = JSON.parse(readFileSync(ledger, 'utf8')) as Record<string, Array<{ count: number }>>;
  return Object.values(file)
    .flat()
    .reduce((sum, e) => sum + e.count, 0);
}

function prepare(url: string, profile: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      [...CLI, 'prepare', '--target', url, '--profile', profile],
      { cwd: ROOT, env: childEnv(env) },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

describe('the addProject quota across runs (no test control)', () => {
  test('two runs back to back: the second is refused up front, with the time to wait, and creates nothing', async () => {
    const url = await server('--project-quota', '6');
    const ledger = newLedger();
    const profile = profileFile({ projectQuotaPerHour: 6 });
    const args = ['--target', url, '--profile', profile, '--suite', 'soap/add-project'];
    const first = await runCli(args, newReportDir(), { SOAP_REST_CONFORMANCE_LEDGER: ledger });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/conformance: quota: the ledger leaves 6 of 6 addProject calls/);
    expect(ledgerCount(ledger), 'the 5 shared projects and 1 add-project call').toBe(6);
    // Quota is not test control: its own reason, with when the hour frees up.
    const forQuota = first.summary().tests.filter((t) => /addProject quota/.test(t.message ?? ''));
    expect(forQuota.length).toBeGreaterThan(0);
    for (const t of forQuota) {
      expect(t.status).toBe('skip');
      expect(t.message).toMatch(/: wait until \d\d:\d\d local time or raise projectQuotaPerHour$/);
      expect(t.needs).toEqual(['quota']);
    }
    expect(first.stdout).not.toMatch(/need test control \(the clock\)/);
    const before = await projectCount(url);
    const second = await runCli(args, newReportDir(), { SOAP_REST_CONFORMANCE_LEDGER: ledger });
    expect(second.code).toBe(2);
    const lines = second.stderr.trim().split('\n');
    expect(lines, second.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/needs 5 addProject call\(s\) for the shared projects/);
    expect(lines[0]).toMatch(/counts 6 of the profile's 6 per hour used .* 0 left/);
    expect(lines[0]).toMatch(/Wait until \d\d:\d\d local time/);
    expect(lines[0]).toMatch(/prepare --target/);
    expect(await projectCount(url), 'the refused run created no project').toBe(before);
  });

  test('after `prepare`, a run creates only what soap/add-project needs and exits 0; {"env"} passwords stay references', async () => {
    const url = await server('--project-quota', '20');
    const ledger = newLedger();
    const env = { SOAP_REST_CONFORMANCE_LEDGER: ledger, CF_TEST_ADMIN_PASSWORD: 'admin-pass' };
    const profile = profileFile({
      accounts: {
        siteAdmin: { username: 'admin', password: { env: 'CF_TEST_ADMIN_PASSWORD' } },
        projectAdmin: { username: 'alice', password: 'alice-pass' },
        projectMember: { username: 'bob', password: 'bob-pass' },
        nonMember: { username: 'carol', password: 'carol-pass' },
      },
      projectQuotaPerHour: 20,
    });
    const prepared = await prepare(url, profile, env);
    expect(prepared.code, prepared.stderr).toBe(0);
    expect(prepared.stdout).toMatch(/prepare: created publicProject \d+/);
    const written = JSON.parse(readFileSync(profile, 'utf8')) as {
      accounts: { siteAdmin: { password: unknown } };
      fixtures: Record<string, number>;
      projectQuotaPerHour: number;
    };
    expect(written.accounts.siteAdmin.password).toEqual({ env: 'CF_TEST_ADMIN_PASSWORD' });
    expect(Object.keys(written.fixtures).sort()).toEqual([
      'foreignProjectId',
      'membershipProjectId',
      'privateProjectId',
      'publicProjectId',
      'soapProjectId',
      // Found in the projects it created, copied from the template's static user group.
      'staticUgroups',
    ]);
    expect(written.projectQuotaPerHour).toBe(20);
    expect(ledgerCount(ledger)).toBe(5);
    const before = await projectCount(url);
    const run = await runCli(
      [
        '--target',
        url,
        '--profile',
        profile,
        '--suite',
        'soap/add-project',
        '--suite',
        'soap/services',
      ],
      newReportDir(),
      env,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.summary().leftovers?.sharedProjects.every((p) => !p.createdByRun)).toBe(true);
    // Every add-project test ran within the ledger's budget; its counted calls are in the ledger.
    const suiteCalls = addProjectSuiteCalls({ testControl: false, failNext: false });
    expect(ledgerCount(ledger)).toBe(5 + suiteCalls);
    // The calls that count and create: all but the name conflict and the 3102 and 3103 refusals.
    expect(await projectCount(url)).toBe(before + suiteCalls - 3);
  });
});

describe("a 4000 caused by someone else's creations is error, never fail", () => {
  test('in the add-project tests (fixture projects in the profile): error with the reason, nothing failed', async () => {
    const url = await server('--project-quota', '6');
    await othersCreate(url, 6);
    const profile = JSON.parse(readFileSync(seededProjectsProfile(), 'utf8')) as object;
    const run = await runCli([
      '--target',
      url,
      '--profile',
      profileFile({ ...profile, projectQuotaPerHour: 6 }),
      '--suite',
      'soap/add-project',
    ]);
    expect(run.code, run.stdout).toBe(2);
    const summary = run.summary();
    expect(summary.totals.fail, 'no requirement failed').toBe(0);
    const status = (id: string) => summary.requirements.find((r) => r.id === id)?.status;
    expect(status('soap.addProject.creates')).toBe('error');
    expect(status('soap.addProject.fault.3001'), 'unrelated requirements are still judged').toBe(
      'pass',
    );
    expect(status('soap.addProject.fault.3200')).toBe('pass');
    const errored = summary.tests.find((t) => t.status === 'error');
    expect(errored?.message).toMatch(/spent elsewhere .* Retry at \d\d:\d\d local time/s);
  });

  test('in the provisioning: one harness error with the count of suite files, not one per file', async () => {
    const url = await server('--project-quota', '6');
    await othersCreate(url, 4);
    const env = { SOAP_REST_CONFORMANCE_LEDGER: newLedger() };
    const args = ['--target', url, '--profile', profileFile({ projectQuotaPerHour: 6 })];
    const run = await runCli([...args, '--suite', 'soap/'], newReportDir(), env);
    expect(run.code).toBe(2);
    const summary = run.summary();
    expect(summary.totals.fail).toBe(0);
    expect(summary.harnessErrors, JSON.stringify(summary.harnessErrors)).toHaveLength(1);
    const [entry] = summary.harnessErrors;
    expect(entry!.count).toBeGreaterThan(1);
    expect(entry!.message).toMatch(/spent elsewhere/);
    expect(run.stdout).toMatch(new RegExp(`spent elsewhere[^\\n]*\\(×${entry!.count}`));
    const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
    expect(junit.match(/name="harness-error"/g)).toHaveLength(1);
    // The ledger now counts the rest of the hour as spent: the next run is refused up front.
    const next = await runCli([...args, '--suite', 'rest/tokens'], newReportDir(), env);
    expect(next.code).toBe(2);
    expect(next.stderr).toMatch(/0 left\. Wait until \d\d:\d\d local time/);
  });
});

describe('preflight of the accounts', () => {
  test('a bad password stops the run before any suite: one line naming the role, exit 2', async () => {
    const url = await server();
    const run = await runCli([
      '--target',
      url,
      '--profile',
      profileFile({
        accounts: {
          siteAdmin: { username: 'admin', password: 'admin-pass' },
          projectAdmin: { username: 'alice', password: 'alice-pass' },
          projectMember: { username: 'bob', password: 'not-bobs' },
          nonMember: { username: 'carol', password: 'carol-pass' },
        },
      }),
      '--suite',
      'rest/tokens',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/project member \(accounts\.projectMember\) 'bob' cannot log in/);
    expect(run.stderr).not.toContain('not-bobs');
    expect(run.stdout).not.toMatch(/tests done/);
  });

  test('a site admin who is not one, and an outsider who is a member of the named private project', async () => {
    const url = await server();
    const accounts = {
      siteAdmin: { username: 'alice', password: 'alice-pass' },
      projectAdmin: { username: 'alice', password: 'alice-pass' },
      projectMember: { username: 'bob', password: 'bob-pass' },
      nonMember: { username: 'carol', password: 'carol-pass' },
    };
    const notAdmin = await runCli(['--target', url, '--profile', profileFile({ accounts })]);
    expect(notAdmin.code).toBe(2);
    expect(notAdmin.stderr).toMatch(
      /site admin \(accounts\.siteAdmin\) 'alice' is not a site admin/,
    );
    const seeded = JSON.parse(readFileSync(seededProjectsProfile(), 'utf8')) as object;
    const member = await runCli([
      '--target',
      url,
      '--profile',
      profileFile({
        ...seeded,
        accounts: {
          ...accounts,
          siteAdmin: { username: 'admin', password: 'admin-pass' },
          nonMember: accounts.projectMember,
        },
      }),
    ]);
    expect(member.code).toBe(2);
    expect(member.stderr.trim().split('\n')).toHaveLength(1);
    expect(member.stderr).toMatch(
      /outsider \(nonMember\) \(accounts\.nonMember\) 'bob' must not be a member/,
    );
  });
});

describe('with test control, provisioning opens a new hour itself', () => {
  test('more runs than the quota allows against one long-lived server: every one passes', async () => {
    const url = await server('--test-control', '--project-quota', '3');
    const profile = profileFile({ projectQuotaPerHour: 3 });
    for (let i = 1; i <= 3; i++) {
      const run = await runCli([
        '--target',
        url,
        '--profile',
        profile,
        '--suite',
        'soap/add-project',
      ]);
      expect(run.code, `run ${i}: ${run.stdout.slice(-2000)}`).toBe(0);
    }
  });
});
