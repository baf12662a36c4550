/**
 * Issue 14, "The terminal tells what failed" and "Reports are atomic and honest about subsets":
 * the failures at the end of a run, a fixed progress total, not-run for a subset, an empty
 * selection and an interrupted run that keep the previous report, --timing, --version, -h and
 * "did you mean".
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunResult } from '../lib/results/model.ts';
import { childEnv, ROOT, runCli, startServerProcess, type CliRun } from './support/cli.ts';

const summaryOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as RunResult;
/** Whatever a run left beside its report directory (staging directories must not remain). */
const besides = (reportDir: string) =>
  readdirSync(dirname(reportDir)).filter((name) => name.startsWith(`${basename(reportDir)}.`));

describe('against a server that ignores If-match (planted fault), only rest/concurrency', () => {
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let run: CliRun;
  beforeAll(async () => {
    server = await startServerProcess('reference-server/main.ts', [
      '--port',
      '0',
      '--test-control',
      '--fault',
      'if-match-ignored',
    ]);
    run = await runCli(['--target', server.url, '--suite', 'rest/concurrency']);
  });
  afterAll(() => server.stop());

  test('the end of the run lists each failing MUST: id, test, why, the request to reproduce', () => {
    expect(run.code).toBe(1);
    const list = run.stdout.slice(run.stdout.indexOf('failing MUST requirements ('));
    expect(list).toMatch(
      /^ {2}rest\.concurrency\.if-match-stale \(§4\.4\)\n {4}test: suites\/rest\/concurrency\.test\.ts > .*If-match.*\n {4}why: {2}.*412.*\n {4}reproduce: .*curl /m,
    );
  });

  test('the requirements of the suites left out are not-run, with the reason, never not-covered', () => {
    const statuses = new Map(run.summary().requirements.map((r) => [r.id, r]));
    expect(statuses.get('rest.tokens.create')?.status).toBe('not-run');
    expect(statuses.get('rest.tokens.create')?.reason).toMatch(/selected a subset/);
    expect(statuses.get('soap.addProject.unobservable-properties')?.status).toBe('not-covered');
    expect(run.stdout).toMatch(/^MUST requirements not judged \(\d+\):$/m);
    expect(run.stdout).toMatch(/not-run \(a subset was run\)/);
  });

  test('no timing line without --timing', () => {
    expect(run.stderr).not.toMatch(/timing:/);
  });
});

describe('a report directory that holds a complete report', () => {
  let previous: CliRun;
  beforeAll(async () => {
    previous = await runCli(['--suite', 'rest', '--timing']);
  });

  test('progress shows one fixed total from the first line on, which the run reaches', () => {
    const lines = previous.stdout.split('\n').filter((l) => /^\[\d+\/\d+\]/.test(l));
    const totals = lines.map((l) => /^\[\d+\/(\d+)\].*\| \d+\/(\d+) tests done/.exec(l)!);
    expect(new Set(totals.map((m) => m[1])).size).toBe(1);
    expect(new Set(totals.map((m) => m[2])).size).toBe(1);
    expect(Number(totals[0]![2])).toBe(previous.summary().tests.length);
    expect(previous.stderr).toMatch(/conformance: timing: suites [\d.]+ s/);
  });

  test('a --grep that selects no test: exit 2, the suite names, the previous report untouched', async () => {
    const before = readFileSync(join(previous.reportDir, 'summary.json'), 'utf8');
    const none = await runCli(['--grep', 'no test is named like this'], previous.reportDir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /no test ran: .*the previous report is left as it was\. The suites: rest\/artifacts, /,
    );
    expect(readFileSync(join(previous.reportDir, 'summary.json'), 'utf8')).toBe(before);
    expect(besides(previous.reportDir)).toEqual([]);
  });

  test('Ctrl-C: the tests in flight finish, exit 130, the previous report intact, the interrupted one beside it', async () => {
    const before = readFileSync(join(previous.reportDir, 'summary.json'), 'utf8');
    const { code, stdout, stderr } = await interruptWhen(previous.reportDir, /^\[1\/\d+\]/m);
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/interrupted \(SIGINT\): stopping after the tests in flight/);
    expect(stdout).toMatch(/^interrupted \(SIGINT\): \d+ tests ran; /m);
    expect(readFileSync(join(previous.reportDir, 'summary.json'), 'utf8')).toBe(before);
    const interrupted = summaryOf(`${previous.reportDir}.interrupted`);
    expect(interrupted.interrupted).toBe(true);
    expect(interrupted.exitCode).toBe(130);
    expect(interrupted.verdict?.kind).toBe('interrupted');
    // The tests that ran are judged; the ones never started are no results (their requirements not-run).
    expect(interrupted.tests.length).toBeGreaterThan(0);
    expect(interrupted.tests.filter((t) => /aborted/.test(t.message ?? ''))).toEqual([]);
    expect(
      interrupted.requirements.some(
        (r) => r.status === 'not-run' && /interrupted/.test(r.reason ?? ''),
      ),
    ).toBe(true);
    expect(besides(previous.reportDir)).toEqual([`${basename(previous.reportDir)}.interrupted`]);
  });

  test('Ctrl-C before any test ended: exit 130, nothing judged, the previous report untouched', async () => {
    const before = readFileSync(join(previous.reportDir, 'summary.json'), 'utf8');
    const { code, stderr } = await interruptWhen(previous.reportDir, /^conformance: target /m);
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(
      /interrupted before (the suites started|any test ended): nothing judged/,
    );
    expect(readFileSync(join(previous.reportDir, 'summary.json'), 'utf8')).toBe(before);
    expect(besides(previous.reportDir).filter((name) => name.includes('.partial'))).toEqual([]);
  });
});

/** A run into `reportDir`, sent SIGINT when its output first matches `when`. */
function interruptWhen(
  reportDir: string,
  when: RegExp,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'lib/cli/main.ts'), '--report-dir', reportDir],
    { cwd: ROOT, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => {
    let sent = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!sent && when.test(stdout)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('the command line', () => {
  test('--version, -h, and "did you mean" for an option, a command and a suite name', async () => {
    const [version, help, option, suite, command] = await Promise.all([
      runCli(['--version']),
      runCli(['-h']),
      runCli(['--sed', '3']),
      runCli(['--suite', 'rest/tokenz']),
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', join(ROOT, 'lib/cli/main.ts'), 'mrege'],
          {
            cwd: ROOT,
            env: childEnv(),
          },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('exit', (code) => done({ code, stderr }));
      }),
    ]);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(`soap-rest-conformance ${pkg.version}`);
    expect(help.stdout).toMatch(/^usage: /);
    expect(help.stdout).toMatch(/--verbose/);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/unknown option '--sed': did you mean --seed\?/);
    expect(suite.code).toBe(2);
    expect(suite.stderr).toMatch(
      /--suite rest\/tokenz selects no suite file \(did you mean rest\/tokens\?\)/,
    );
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/unknown command 'mrege': did you mean merge\?/);
  });
});
