/**
 * The main job end to end, as a user runs it: `conformance run` against the embedded reference
 * server, against the same server by URL, against a broken server, a down target and a bad profile.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newReportDir, runCli, startServerProcess, type CliRun } from './support/cli.ts';
import { sharedRun } from './support/shared-runs.ts';

const statuses = (run: CliRun) =>
  Object.fromEntries(run.summary().requirements.map((r) => [r.id, r.status]));

describe('conformance run against the embedded reference server', () => {
  let run: CliRun;
  beforeAll(async () => {
    run = await sharedRun('embedded-seed-42');
  });

  test('exits 0 and prints the closing summary by section', () => {
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^section\s+pass\s+observed\s+fail/m);
    expect(run.stdout).toMatch(/^§5\.2 REST authentication/m);
    expect(run.stdout).toMatch(/tests done/);
    // Issue 13: with test control (clock and fail-next) every MUST can be judged, and is.
    expect(run.stdout).toMatch(/^verdict: Conforming: all \d+ MUST requirements passed\.$/m);
    expect(run.summary().verdict?.kind).toBe('conforming');
  });

  test('writes index.html, summary.json, junit.xml and the single-file Allure report', () => {
    for (const file of ['index.html', 'summary.json', 'junit.xml', 'allure-report/index.html']) {
      expect(existsSync(join(run.reportDir, file)), file).toBe(true);
    }
    const allure = readFileSync(join(run.reportDir, 'allure-report/index.html'), 'utf8');
    expect(allure).not.toContain('googletagmanager');
  });

  test('summary.json carries the documented fields, the seed and every catalogue requirement', () => {
    const summary = run.summary();
    expect(summary.seed).toBe(42);
    expect(summary.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(summary.totals.pass).toBeGreaterThan(0);
    expect(summary.totals.fail).toBe(0);
    expect(statuses(run)['rest.tokens.uri-form']).toBe('pass');
    const covered = summary.requirements.find((r) => r.id === 'rest.tokens.fields');
    expect(covered?.tests.length).toBeGreaterThan(0);
  });

  test('junit.xml counts the same tests as summary.json', () => {
    const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(new RegExp(`<testsuites [^>]*tests="${run.summary().tests.length}"`));
    expect(junit).toContain('<property name="requirement" value="rest.tokens.fields"/>');
  });

  test('no password or token reaches a report', async () => {
    // The passing run keeps no transcript (--keep-transcripts); a failing run's are redacted.
    for (const dir of [run.reportDir, (await sharedRun('broken-tokens')).reportDir]) {
      const everything = ['index.html', 'summary.json', 'junit.xml']
        .map((file) => readFileSync(join(dir, file), 'utf8'))
        .join('\n');
      expect(everything).not.toContain('bob-pass');
      expect(everything).not.toMatch(/"token":"[0-9a-f]{32}"/);
      if (dir !== run.reportDir) expect(everything).toContain('«redacted»');
    }
  });

  describe('by URL, the same server gives the same verdicts', () => {
    let server: Awaited<ReturnType<typeof startServerProcess>>;
    beforeAll(async () => {
      server = await startServerProcess('reference-server/main.ts', [
        '--port',
        '0',
        '--test-control',
      ]);
    });
    afterAll(() => server?.stop());

    test('requirement statuses equal the embedded run', async () => {
      const byUrl = await runCli(['--target', server.url, '--seed', '42']);
      expect(byUrl.code).toBe(0);
      expect(byUrl.summary().capabilities?.['testControl']).toBe(true);
      expect(statuses(byUrl)).toEqual(statuses(run));
    });
  });
});

describe('verdicts against a server that breaks the token rules', () => {
  test('exits 1, failing exactly the broken requirements, and explains each failure', async () => {
    const run = await sharedRun('broken-tokens');
    expect(run.code).toBe(1);
    const status = statuses(run);
    expect(status['rest.tokens.create']).toBe('pass');
    expect(status['rest.tokens.fields']).toBe('fail');
    expect(status['rest.tokens.uri-form']).toBe('fail');
    expect(run.summary().capabilities?.['testControl']).toBe(false);
    const html = readFileSync(join(run.reportDir, 'index.html'), 'utf8');
    expect(html).toContain('Not conforming');
    expect(html).toContain('curl -sS -i -X POST');
    expect(html).toContain('type of user_id');
    // Tokens are secrets: no token value reaches the report.
    expect(html).not.toMatch(/"token": ?"[0-9a-f]{32}"/);
    expect(html).toContain('«redacted»');
  });
});

describe('runs that cannot be done exit 2 with a one-line reason', () => {
  test('a target that is down, within 10 s', async () => {
    const run = await runCli(['--target', 'http://127.0.0.1:9']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/unreachable: ECONNREFUSED/);
    expect(run.durationMs).toBeLessThan(10_000);
  });

  test.each([
    ['answers 404 to everything', 'not-found', 'WSDL: 404, /api/projects: 404'],
    ['is a web site', 'html-site', 'WSDL: 200, an HTML page, /api/projects: 200, an HTML page'],
  ])('a URL where something else %s: one line naming both probes', async (_, mode, probes) => {
    const server = await startServerProcess('tests/support/misbehaving-server.ts', [mode]);
    try {
      const run = await runCli(['--target', server.url]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        `conformance: no SOAP or REST interface at ${server.url} (${probes}): check --target`,
      ]);
      expect(run.stdout.trim()).toBe('');
    } finally {
      await server.stop();
    }
  });

  test('an invalid profile, naming the field', async () => {
    const dir = newReportDir();
    const profile = join(dir, 'profile.json');
    writeFileSync(
      profile,
      JSON.stringify({
        accounts: { siteAdmin: { username: 'a' } },
        projectQuotaPerHour: -1,
        colour: 'red',
      }),
    );
    const run = await runCli(['--profile', profile]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('accounts.siteAdmin.password: required');
    expect(run.stderr).toContain('projectQuotaPerHour');
    expect(run.stderr).toContain('colour: unknown field');
  });

  test('a bad option', async () => {
    const run = await runCli(['--concurrency', 'many']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--concurrency: expected an integer/);
  });
});
