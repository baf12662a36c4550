/**
 * The terminal tells what failed, and reports are atomic and honest about subsets: a
 * fixed progress total, an empty selection and an interrupted run that keep the previous report,
 * --timing, --version, -h and "did you mean". (The failures at the end of a run and not-run for a
 * subset: tests/reproduce-and-replay.test.ts, on its planted fault.)
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RunResult } from '../lib/run-result.ts';
import {
  childEnv,
  CLI,
  newReportDir,
  ROOT,
  runCli,
  runCommand,
  type CliRun,
} from './support/cli.ts';

const summaryOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as RunResult;
/** Whatever a run left beside its report directory (staging directories must not remain). */
const besides = (reportDir: string) =>
  readdirSync(dirname(reportDir)).filter((name) => name.startsWith(`${basename(reportDir)}.`));

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
      /no test ran: .*the previous report is left as it was\. The suites: rest\/access-matrix, rest\/artifacts, /,
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
    expect(stdout).toContain(`the last complete report is still ${previous.reportDir}`);
  });

  test('Ctrl-C where no run has written a report yet: it names none', async () => {
    const fresh = newReportDir();
    const { code, stdout } = await interruptWhen(fresh, /^\[1\/\d+\]/m);
    expect(code).toBe(130);
    expect(stdout).toContain(
      `there is no complete report in ${fresh} yet; this run's is ${fresh}.interrupted`,
    );
    expect(stdout).not.toContain('the last complete report');
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
  const child = spawn(process.execPath, [...CLI, '--report-dir', reportDir], {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
      runCommand(['mrege']),
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
