/**
 * The package as users get it: `npm pack` (its prepack script builds dist/) and the
 * tarball's size; then the compiled bin (bin/soap-rest-conformance.js, no tsx), timed as a child
 * process: `--help`, and `compare` of the summaries of two full default runs (seeds 1 and 2) the
 * bin made. Wall times from spawn to exit, medians.
 */
import { execFile, execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median } from './load.ts';
import { othersShare } from './processes.ts';

const exec = promisify(execFile);

export interface PackageFigures {
  /** The tarball (gzip) and what it unpacks to, in bytes; its file count. */
  packedBytes: number;
  unpackedBytes: number;
  files: number;
  helpMs: number;
  helpSamplesMs: number[];
  compareMs: number;
  compareSamplesMs: number[];
  /** The share of the machine other processes used while each was timed (processes.ts). */
  othersShare: { help: number; compare: number };
  /** The size of each summary.json compared, in bytes. */
  summaryBytes: number[];
}

export async function benchPackage(root: string, rounds: number): Promise<PackageFigures> {
  const work = await mkdtemp(join(tmpdir(), 'bench-package-'));
  try {
    const pack = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // Lifecycle scripts (prepack: npm run build) may print before the JSON.
    const [packed] = JSON.parse(pack.slice(pack.search(/^\[/m))) as Array<{
      size: number;
      unpackedSize: number;
      entryCount: number;
    }>;
    const bin = join(root, 'bin/soap-rest-conformance.js');
    const timed = async (args: string[]) => {
      const started = performance.now();
      await exec(process.execPath, [bin, ...args], { cwd: work, maxBuffer: 64 * 1024 * 1024 });
      return performance.now() - started;
    };
    const samples = async (args: string[]) => {
      const ms: number[] = [];
      for (let i = 0; i < rounds; i++) ms.push(await timed(args));
      return ms;
    };
    const help = await othersShare([], () => samples(['--help']));
    const summaries: string[] = [];
    for (const seed of ['1', '2']) {
      const dir = join(work, `run-${seed}`);
      // exec rejects unless the run exits 0 (conforming): the bench then stops, saying why.
      await exec(process.execPath, [bin, '--seed', seed, '--report-dir', dir], {
        cwd: work,
        maxBuffer: 64 * 1024 * 1024,
      });
      summaries.push(join(dir, 'summary.json'));
    }
    const compare = await othersShare([], () =>
      samples(['compare', ...summaries, '--out', join(work, 'compare')]),
    );
    return {
      packedBytes: packed!.size,
      unpackedBytes: packed!.unpackedSize,
      files: packed!.entryCount,
      helpMs: median(help.result),
      helpSamplesMs: help.result,
      compareMs: median(compare.result),
      compareSamplesMs: compare.result,
      othersShare: { help: help.othersShare, compare: compare.othersShare },
      summaryBytes: summaries.map((file) => statSync(file).size),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
