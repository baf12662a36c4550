/**
 * A Ctrl-C that comes once the suites are over and judged, while the report is
 * written, interrupts nothing: the report is complete, in the report directory, and the run's own
 * exit code stands, without an interruption message. (A Ctrl-C while tests run:
 * tests/terminal-and-reports.test.ts.)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { childEnv, CLI, newReportDir, readSummary, ROOT, WITH_ALLURE_HTML } from './support/cli.ts';

/**
 * A run sent SIGINT as soon as its staged report holds summary.json: the judging is done, and
 * Allure's HTML report (asked for: it takes the longest) is still being generated.
 */
function interruptWhileReporting(reportDir: string) {
  return interruptWhen(reportDir, (pid) =>
    existsSync(join(`${reportDir}.partial-${pid}`, 'summary.json')),
  );
}

/** A run sent SIGINT once its terminal shows its last line (the exit code): it is closing. */
function interruptOnceSaid(reportDir: string) {
  return interruptWhen(reportDir, (_pid, stdout) => /^exit \d: /m.test(stdout));
}

function interruptWhen(reportDir: string, when: (pid: number, stdout: string) => boolean) {
  const child = spawn(
    process.execPath,
    [...CLI, 'run', '--suite', 'rest/tokens', '--report-dir', reportDir],
    {
      cwd: ROOT,
      env: childEnv(WITH_ALLURE_HTML),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const poll = setInterval(() => {
    if (sent || !when(child.pid!, stdout)) return;
    sent = true;
    child.kill('SIGINT');
  }, 2);
  return new Promise<{ code: number | null; stdout: string; stderr: string; sent: boolean }>(
    (done) =>
      child.once('exit', (code) => {
        clearInterval(poll);
        done({ code, stdout, stderr, sent });
      }),
  );
}

test('Ctrl-C while the report is written: the run exits with its own code, no interruption said', async () => {
  const reportDir = newReportDir();
  const { code, stdout, stderr, sent } = await interruptWhileReporting(reportDir);
  expect(sent).toBe(true);
  expect(`${stdout}${stderr}`).not.toMatch(/interrupted/);
  expect(stderr).toMatch(
    /SIGINT: the suites are over and judged; the report is being written, then the run ends with its own exit code/,
  );
  expect(code, stderr).toBe(0);
  expect(readSummary(reportDir).interrupted).toBeUndefined();
  expect(readSummary(reportDir).exitCode).toBe(0);
  expect(existsSync(`${reportDir}.interrupted`)).toBe(false);
}, 120_000);

test('Ctrl-C once the report is written and said: the run exits with its own code, silently', async () => {
  const { code, stdout, stderr, sent } = await interruptOnceSaid(newReportDir());
  expect(sent).toBe(true);
  expect(`${stdout}${stderr}`).not.toMatch(/interrupted|SIGINT/);
  expect(code, stderr).toBe(0);
}, 120_000);
