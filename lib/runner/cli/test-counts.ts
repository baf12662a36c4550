/**
 * How many tests each suite file holds, so that progress shows a fixed total from the start.
 * Counting means importing every file (vitest's collect, seconds of CPU), so the
 * counts are kept between runs, keyed by the file's size and time, the newest time under lib/
 * (tests made from tables there) and --grep. A file not in the cache is counted before the run.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export class TestCounts {
  private readonly cached: Record<string, number>;
  private readonly fresh: Record<string, number> = {};

  constructor(
    private readonly root: string,
    private readonly cacheFile: string,
    private readonly grep: string | undefined,
  ) {
    this.cached = readCache(cacheFile);
  }

  /** The key of a suite file's count: it changes whenever the count may. */
  private key(file: string): string {
    const s = statSync(file);
    return [
      relative(this.root, file),
      s.size,
      s.mtimeMs,
      newestUnder(join(this.root, 'lib')),
      this.grep ?? '',
    ].join('|');
  }

  /** The count of each file, or undefined when one of them is unknown. */
  known(files: readonly string[]): Map<string, number> | undefined {
    const counts = new Map<string, number>();
    for (const file of files) {
      const count = this.fresh[this.key(file)] ?? this.cached[this.key(file)];
      if (count === undefined) return undefined;
      counts.set(file, count);
    }
    return counts;
  }

  record(file: string, count: number): void {
    this.fresh[this.key(file)] = count;
  }

  /**
   * Keeps this run's counts (a cache: failing to write it changes nothing else), with those other
   * runs saved since this one read the file (npm test runs the CLI in parallel; the cache is in the
   * system's temporary directory): before, the last to save dropped theirs, and their next run
   * imported every suite file again to count. Replaced whole: never read half-written.
   */
  save(): void {
    try {
      mkdirSync(dirname(this.cacheFile), { recursive: true });
      const partial = `${this.cacheFile}.${process.pid}`;
      writeFileSync(partial, JSON.stringify({ ...readCache(this.cacheFile), ...this.fresh }));
      renameSync(partial, this.cacheFile);
    } catch {
      /* a read-only cache directory: the next run counts again */
    }
  }
}

function readCache(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

let newest: { dir: string; ms: number } | undefined;

function newestUnder(dir: string): number {
  if (newest?.dir === dir) return newest.ms;
  let ms = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (/\.(ts|js|json)$/.test(entry)) ms = Math.max(ms, statSync(join(dir, entry)).mtimeMs);
  newest = { dir, ms };
  return ms;
}
