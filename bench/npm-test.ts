/**
 * `npm test` as README names it, timed as one child process: its wall time, the CPU time of the
 * whole process tree (it waits for every process it starts), and vitest's own counts from its JSON
 * reporter, so a run that failed is not reported as a time alone. And `npm run test:quick` for a
 * change named on its command line (scripts/test-quick.ts), timed the same way.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childrenCpuMs, othersShare } from './processes.ts';

export interface NpmTestFigures {
  wallMs: number;
  /** user + system CPU of npm test and every process it started. */
  cpuMs: number;
  exitCode: number;
  /** vitest's counts (JSON reporter); absent when vitest did not run (tsc or eslint failed). */
  passed?: number;
  failed?: number;
  skipped?: number;
  othersShare: number;
  /** `npm run test:quick` for a typical one-area change, when it was measured. */
  quick?: QuickFigures;
}

export interface QuickFigures {
  /** The changed paths it was given (on its command line: no git state is involved). */
  change: string[];
  wallMs: number;
  cpuMs: number;
  exitCode: number;
  othersShare: number;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

export async function benchNpmTest(root: string): Promise<NpmTestFigures> {
  const work = await mkdtemp(join(tmpdir(), 'bench-npm-test-'));
  const json = join(work, 'vitest.json');
  try {
    const cpu0 = childrenCpuMs();
    const started = performance.now();
    const { result: exitCode, othersShare: share } = await othersShare([], () =>
      run(root, ['test', '--', '--reporter=dot', '--reporter=json', `--outputFile.json=${json}`]),
    );
    const wallMs = performance.now() - started;
    const cpuMs = childrenCpuMs() - cpu0;
    const counts = await readFile(json, 'utf8').then(
      (text) => JSON.parse(text) as VitestJson,
      () => undefined,
    );
    return {
      wallMs,
      cpuMs,
      exitCode,
      othersShare: share,
      ...(counts === undefined
        ? {}
        : {
            passed: counts.numPassedTests,
            failed: counts.numFailedTests,
            skipped: counts.numPendingTests + counts.numTodoTests,
          }),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** `npm run test:quick -- PATHS`, timed whole. */
export async function benchTestQuick(root: string, change: string[]): Promise<QuickFigures> {
  const cpu0 = childrenCpuMs();
  const started = performance.now();
  const { result: exitCode, othersShare: share } = await othersShare([], () =>
    run(root, ['run', 'test:quick', '--', ...change]),
  );
  return {
    change,
    wallMs: performance.now() - started,
    cpuMs: childrenCpuMs() - cpu0,
    exitCode,
    othersShare: share,
  };
}

/** npm with its output to the bench's stderr (the bench's own stdout stays its table). */
function run(root: string, args: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 2, 2] });
    child.once('error', fail);
    child.once('exit', (code) => done(code ?? -1));
  });
}
