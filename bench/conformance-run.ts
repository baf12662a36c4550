/**
 * One `npm run conformance` as a user runs it: the CLI as a child process, reports in a temporary
 * directory; its wall time, exit code, test totals, and the timing line it writes on stderr.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ConformanceRun {
  wallMs: number;
  exitCode: number | null;
  totals: Record<string, number>;
  /** From the CLI's `conformance: timing:` line (lib/runner/cli/run.ts), in ms. */
  suitesMs?: number;
  reportsMs?: number;
  /** The last lines of stderr when the run did not end with 0. */
  stderrTail?: string;
}

export async function runConformance(
  root: string,
  args: readonly string[],
): Promise<ConformanceRun> {
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-conformance-'));
  try {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['scripts/conformance-from-source.js', ...args, '--timing', '--report-dir', reportDir],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => resolve(code));
    });
    const wallMs = performance.now() - started;
    const timing = /conformance: timing: suites ([\d.]+) s, reports ([\d.]+) s/.exec(stderr);
    let totals: Record<string, number> = {};
    try {
      const summary = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as {
        totals: Record<string, number>;
      };
      totals = summary.totals;
    } catch {
      // No summary: the run could not be done; stderrTail says why.
    }
    return {
      wallMs,
      exitCode,
      totals,
      ...(timing
        ? { suitesMs: Number(timing[1]) * 1000, reportsMs: Number(timing[2]) * 1000 }
        : {}),
      ...(exitCode === 0 ? {} : { stderrTail: stderr.split('\n').slice(-5).join('\n') }),
    };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}
