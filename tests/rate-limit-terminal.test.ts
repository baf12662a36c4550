/**
 * Under --rate-limit a run is never silent for more than 10 s (a heartbeat: tests
 * done, requests sent, what it waits for), and a Ctrl-C stops it within 5 s, saying what it waits
 * for. Measured on a run of soap/services at 5/s against the embedded reference server.
 */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { NO_ALLURE_HTML } from '../lib/runner/report/allure-html-wanted.ts';
import { childEnv, CLI, newReportDir, ROOT } from './support/cli.ts';

interface Line {
  atMs: number;
  text: string;
}

/** A rate-limited run, sent SIGINT after `interruptAfterMs`: its lines with their times. */
function rateLimitedRun(interruptAfterMs: number) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...CLI,
      'run',
      '--suite',
      'soap/services',
      '--rate-limit',
      '5/s',
      '--report-dir',
      newReportDir(),
    ],
    { cwd: ROOT, env: childEnv({ [NO_ALLURE_HTML]: '1' }), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: Line[] = [];
  const read = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) lines.push({ atMs: performance.now() - started, text });
    });
  };
  read(child.stdout);
  read(child.stderr);
  let sentAtMs = Number.NaN;
  const timer = setTimeout(() => {
    sentAtMs = performance.now() - started;
    child.kill('SIGINT');
  }, interruptAfterMs);
  return new Promise<{ code: number | null; lines: Line[]; sentAtMs: number; endedAtMs: number }>(
    (done) =>
      child.once('exit', (code) => {
        clearTimeout(timer);
        done({ code, lines, sentAtMs, endedAtMs: performance.now() - started });
      }),
  );
}

test('--rate-limit 5/s: a line at least every 10 s; Ctrl-C stops within 5 s, saying what it waits for', async () => {
  const { code, lines, sentAtMs, endedAtMs } = await rateLimitedRun(40_000);
  const text = lines.map((l) => `${(l.atMs / 1000).toFixed(1)} ${l.text}`).join('\n');
  const before = lines.filter((l) => l.atMs < sentAtMs);
  const gaps = before.slice(1).map((l, i) => l.atMs - before[i]!.atMs);
  // The run's figures, printed for whoever reads the test's output.
  console.log(
    `longest silence before the Ctrl-C: ${(Math.max(...gaps, sentAtMs - before.at(-1)!.atMs) / 1000).toFixed(1)} s; ` +
      `stopped ${((endedAtMs - sentAtMs) / 1000).toFixed(1)} s after it\n${text}`,
  );
  expect(Math.max(...gaps, sentAtMs - before.at(-1)!.atMs), text).toBeLessThanOrEqual(11_000);
  expect(text).toMatch(/\d+\/\d+ tests done, [\d,]+ requests sent/);
  const after = lines.filter((l) => l.atMs >= sentAtMs).map((l) => l.text);
  expect(after.join('\n')).toMatch(/waiting for/);
  expect(code, text).toBe(130);
  expect(endedAtMs - sentAtMs, text).toBeLessThanOrEqual(5_000);
}, 180_000);
