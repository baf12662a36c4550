/**
 * Runs the CLI as a user would (a child process) and reads what it wrote; without Allure's HTML
 * report unless asked for (WITH_ALLURE_HTML).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunResult } from '../../lib/run-result.ts';
import { NO_ALLURE_HTML } from '../../lib/runner/report/allure-html-wanted.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

/** How `npm run conformance` starts the CLI from its sources (package.json), for a child process. */
export const CLI = [join(ROOT, 'scripts/conformance-from-source.js')];

/**
 * The environment of a child process, without this vitest's own variables, with a quota ledger of
 * its own (lib/kit/target/quota-ledger.ts): runs of different tests never share one, nor the user's.
 */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !name.startsWith('VITEST') && name !== 'TEST' && name !== 'NODE_ENV',
      ),
    ),
    SOAP_REST_CONFORMANCE_LEDGER: newLedger(),
    ...extra,
  };
}

/** A fresh quota ledger file (not yet written). */
export function newLedger(): string {
  return join(mkdtempSync(join(tmpdir(), 'conformance-ledger-')), 'quota-ledger.json');
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  durationMs: number;
  reportDir: string;
  summary(): RunResult;
}

export function newReportDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-report-'));
}

/** The summary.json of a run's report directory. */
export function readSummary(reportDir: string): RunResult {
  return JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as RunResult;
}

/**
 * The environment of a run whose Allure HTML report a test opens (runCli's `env`): runCli's runs
 * write every report but that one (lib/runner/report/allure-html-wanted.ts), whose generation and
 * packing are about a third of a one-suite run's CPU time, unless given this.
 */
export const WITH_ALLURE_HTML: NodeJS.ProcessEnv = { [NO_ALLURE_HTML]: '0' };

export function runCli(
  args: string[],
  reportDir = newReportDir(),
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  const started = Date.now();
  return new Promise((done) => {
    execFile(
      process.execPath,
      [...CLI, 'run', '--report-dir', reportDir, ...args],
      {
        cwd: ROOT,
        env: childEnv({ [NO_ALLURE_HTML]: '1', ...env }),
        timeout: 240_000,
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({
          code,
          stdout,
          stderr,
          durationMs: Date.now() - started,
          reportDir,
          summary: () => readSummary(reportDir),
        });
      },
    );
  });
}

/** `conformance <command> …` as a user runs it (merge, compare, replay, a mistyped one). */
export function runCommand(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      [...CLI, ...args],
      { cwd: ROOT, env: childEnv(), timeout: 240_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
        }),
    ),
  );
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Ends it (SIGTERM) and waits for its exit; at once if it has exited already. */
  stop(): Promise<void>;
}

/**
 * Starts a server script that prints `listening on URL` (a path under the repository, or an
 * absolute one) in a process of its own; resolves when it listens. A .ts script runs through tsx,
 * a .js one (the installed package's bins) as it is. The project's tests and `npm run bench` use it.
 */
export function startServerProcess(script: string, args: string[] = []): Promise<ServerProcess> {
  const file = resolve(ROOT, script);
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, file, ...args], {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`${script} did not print 'listening on' within 20 s: ${out}`)),
      20_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        done({ url: match[1]!, pid: child.pid!, child, stop: () => stop(child) });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${script} exited with ${code}: ${out}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((stopped) => {
    child.once('exit', () => stopped());
    child.kill('SIGTERM');
  });
}

/**
 * Arguments of reference-server/main.ts for a server that breaks the token rules of §2.2 (planted
 * faults): user_id a number, uri without /api. Everything else conforms, so the run is judged.
 */
export const BROKEN_TOKENS = [
  '--port',
  '0',
  '--fault',
  'token-user-id-number',
  '--fault',
  'token-uri-relative',
];

/**
 * A profile naming the reference server's seeded projects as the shared projects, so that a run
 * makes no addProject call: for tests that start many runs against one server (quota 10 an hour).
 */
export function seededProjectsProfile(): string {
  const file = join(newReportDir(), 'seeded-projects-profile.json');
  writeFileSync(
    file,
    JSON.stringify({
      fixtures: {
        templateProjectId: 100,
        publicProjectId: 101,
        privateProjectId: 102,
        soapProjectId: 101,
        membershipProjectId: 101,
        foreignProjectId: 103,
      },
    }),
  );
  return file;
}

/** A CLI run against a reference server (test control on) with one planted fault. */
export async function runAgainstFault(fault: string, args: readonly string[]): Promise<CliRun> {
  const server = await startServerProcess('reference-server/main.ts', [
    '--port',
    '0',
    '--test-control',
    '--fault',
    fault,
  ]);
  try {
    return await runCli(['--target', server.url, ...args]);
  } finally {
    await server.stop();
  }
}
