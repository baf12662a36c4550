/**
 * Reproducing the request that broke a rule, and the terminal telling what failed: against a
 * server with a planted 412 fault (If-match ignored), run with --suite rest/concurrency, the end
 * of the run lists the failing MUSTs, the suites left out are not-run, and the failure names the
 * PUT it judged, not the read-back GET; its reproduce script, with the password put in,
 * reproduces the fault; replay reruns the test (STILL FAILING; FIXED once a correct server answers
 * at the same URL); --last-failed reruns only the failed tests; --har holds every exchange,
 * redacted.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestResult } from '../lib/run-result.ts';
import {
  newReportDir,
  ROOT,
  runCli,
  runCommand,
  startServerProcess,
  type CliRun,
} from './support/cli.ts';

const STALE = 'a PUT whose If-match is an older Etag must answer 412 and change nothing';

/** The reproduce scripts and replay run curl (Debian: apt-get install -y curl). */
const CURL_MISSING = spawnSync('curl', ['--version']).error !== undefined;
const CURL_NOTE = CURL_MISSING ? ' (skipped: no curl; apt-get install -y curl)' : '';

function bash(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((done) =>
    execFile(
      'bash',
      ['-c', script],
      { timeout: 30_000, env: { ...process.env, ...env } },
      (_e, out) => done(out),
    ),
  );
}

interface HarLog {
  version: string;
  entries: Array<{
    request: { method: string; headers: Array<{ name: string; value: string }> };
    comment: string;
  }>;
}

describe('a planted 412 fault (If-match ignored)', () => {
  const harLog = (): HarLog => (JSON.parse(readFileSync(har, 'utf8')) as { log: HarLog }).log;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let run: CliRun;
  let stale: TestResult;
  const har = join(newReportDir(), 'run.har');
  beforeAll(async () => {
    server = await startServerProcess('reference-server/main.ts', [
      '--port',
      '0',
      '--test-control',
      '--fault',
      'if-match-ignored',
    ]);
    run = await runCli(['--target', server.url, '--suite', 'rest/concurrency', '--har', har]);
    stale = run.summary().tests.find((t) => t.name.endsWith(STALE))!;
  });
  afterAll(() => server.stop());

  test('the end of the run lists each failing MUST: id, test, why, the request to reproduce', () => {
    expect(run.code).toBe(1);
    const list = run.stdout.slice(run.stdout.indexOf('failing MUST requirements ('));
    expect(list).toMatch(
      /^ {2}rest\.concurrency\.if-match-stale \(§4\.4\)\n {4}test: suites\/rest\/concurrency\.test\.ts > .*If-match.*\n {4}why: {2}.*412.*\n {4}reproduce: bash \S+\.sh {2}# needs ALICE_PASSWORD in the environment$/m,
    );
    // The line runs as copied (from the repository's root, where the run was started).
    const file = /^ {4}reproduce: bash (\S+\.sh)/m.exec(list)![1]!;
    expect(readFileSync(resolve(ROOT, file), 'utf8')).toBe(`${stale.reproduce}\n`);
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

  test('the failure names the PUT it judged, not the read-back after it', () => {
    expect(run.code).toBe(1);
    expect(stale.status).toBe('fail');
    // The test's own exchanges, in order, as the HAR holds them (its cleanup's are marked).
    const own = harLog().entries.filter(
      (e) =>
        e.comment === stale.id ||
        (e.comment.startsWith(`${stale.id} (`) && !e.comment.endsWith('(cleanup)')),
    );
    const judged = own[stale.judgedExchange!]!;
    expect(judged.request.method).toBe('PUT');
    expect(judged.request.headers.map((h) => h.name)).toContain('if-match');
    expect(stale.judgedExchange).toBeLessThan(own.length - 1);
    // The transcript in index.html opens at it.
    const html = readFileSync(join(run.reportDir, 'index.html'), 'utf8');
    expect(html).toContain(`class="exchange judged" data-exchange="${stale.judgedExchange}"`);
  });

  test.skipIf(CURL_MISSING)(
    `its reproduce script, with the password in the variable it names, reproduces the fault: 200 where 412 is due${CURL_NOTE}`,
    async () => {
      expect(stale.reproduce).toMatch(/ANSWER_1=\$\(curl .*\/api\/tokens'\)/);
      expect(stale.reproduce).toMatch(/^curl -sS -i -X PUT .*if-match: /m);
      const output = await bash(stale.reproduce!, { ALICE_PASSWORD: 'alice-pass' });
      expect(output).toMatch(/^HTTP\/1\.1 200 /m);
    },
  );

  test('replay reruns each failed test with its own setup: STILL FAILING, exit 1', async () => {
    const replayed = await runCommand(['replay', run.reportDir, '--test', stale.id]);
    expect(replayed.stdout).toMatch(/^STILL FAILING +.*older Etag/m);
    expect(replayed.stdout).toMatch(/seed \d+, each with its own setup/);
    expect(replayed.code).toBe(1);
  });

  test('--last-failed reruns only the tests that failed or were blocked, with the seed of that run', async () => {
    // Blocked: the both-headers and one-winner tests rely on the If-match rule that failed.
    const failed = run
      .summary()
      .tests.filter((t) => t.status === 'fail' || t.status === 'blocked')
      .map((t) => t.id);
    const again = await runCli(['--target', server.url, '--last-failed', run.reportDir]);
    expect(
      again
        .summary()
        .tests.map((t) => t.id)
        .sort(),
    ).toEqual(failed.sort());
    expect(again.code).toBe(1);
    expect(again.summary().seed).toBe(run.summary().seed);
    expect(again.stdout).toContain(`seed ${run.summary().seed} as in that run`);
  });

  test('replay after the fix (the same URL, now a correct server): every failed test FIXED, exit 0', async () => {
    const port = new URL(server.url).port;
    await server.stop();
    server = await startServerProcess('reference-server/main.ts', [
      '--port',
      port,
      '--test-control',
    ]);
    const failed = run.summary().tests.filter((t) => t.status === 'fail');
    const replayed = await runCommand(['replay', run.reportDir]);
    expect(replayed.stdout).toContain(`replay: ${failed.length} fixed, 0 still failing, 0 changed`);
    expect(replayed.code).toBe(0);
  });

  test('--har: HAR 1.2 with every exchange of the tests, no password nor token in it', () => {
    const text = readFileSync(har, 'utf8');
    const log = harLog();
    expect(log.version).toBe('1.2');
    // Each test whose transcript the report keeps has its exchanges in the HAR.
    const withTranscript = run.summary().tests.filter((t) => t.transcript !== undefined);
    expect(withTranscript.length).toBeGreaterThan(0);
    for (const t of withTranscript)
      expect(
        log.entries.some((e) => e.comment.startsWith(t.id)),
        t.id,
      ).toBe(true);
    expect(log.entries.some((e) => e.request.method === 'PUT' && e.comment.endsWith(STALE))).toBe(
      true,
    );
    expect(text).not.toContain('alice-pass');
    expect(text).toContain('«redacted»');
  });
});
