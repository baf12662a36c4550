/**
 * `analyze` at scale: a HAR of N exchanges (the entries of a recorded run of the suites, cycled,
 * each cycle later in time) judged by `conformance analyze` in a process of its own; its wall
 * time, CPU and peak RSS (/usr/bin/time), at two sizes, so that flat memory shows as the same
 * peak for ten times the exchanges.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';

export interface AnalyzeSample {
  /** The V8 heap cap the run had (--max-old-space-size), if any. */
  heapMiB?: number;
  exchanges: number;
  /** Size of the HAR file, bytes. */
  bytes: number;
  wallMs: number;
  cpuMs: number;
  peakRssKiB: number;
  exitCode: number;
  /** The exchanges the written report counts: as many as the file holds when the run went through. */
  reported: number;
}

/** Writes a HAR of `count` entries cycled from `recorded` (a HAR file), streamed: returns its size. */
export async function writeCycledHar(
  recorded: string,
  count: number,
  out: string,
): Promise<number> {
  const entries = (
    JSON.parse(readFileSync(recorded, 'utf8')) as {
      log: { entries: Array<Record<string, unknown>> };
    }
  ).log.entries;
  if (entries.length === 0) throw new Error(`${recorded} holds no entries`);
  const first = Date.parse(String(entries[0]!['startedDateTime']));
  const last = Date.parse(String(entries[entries.length - 1]!['startedDateTime']));
  const cycleMs = last - first + 1000;
  const host = new URL(String((entries[0]!['request'] as { url: string }).url)).host;
  const stream = createWriteStream(out);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!stream.write(text)) await once(stream, 'drain');
  };
  await write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n');
  for (let i = 0; i < count; i++) {
    const e = entries[i % entries.length]!;
    const cycle = Math.floor(i / entries.length);
    const started = new Date(
      Date.parse(String(e['startedDateTime'])) + cycle * cycleMs,
    ).toISOString();
    // Each cycle is another server (an origin of its own): its collections and artifacts are its own.
    const text = JSON.stringify({ ...e, startedDateTime: started });
    await write(
      `${i === 0 ? '' : ',\n'}${cycle === 0 ? text : text.split(host).join(`cycle-${cycle}.bench.invalid`)}`,
    );
  }
  await write('\n]}}\n');
  stream.end();
  await once(stream, 'close');
  return bytes;
}

/** Runs `conformance analyze FILE` under /usr/bin/time: wall, CPU (user+sys) and peak RSS. */
export function timeAnalyze(
  heapMiB: number | undefined,
  root: string,
  har: string,
  reportDir: string,
  exchanges: number,
  bytes: number,
): AnalyzeSample {
  const child = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      'TIME %e %U %S %M',
      process.execPath,
      ...(heapMiB === undefined ? [] : [`--max-old-space-size=${heapMiB}`]),
      join(root, 'scripts/conformance-from-source.js'),
      'analyze',
      har,
      '--report-dir',
      reportDir,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 24 },
  );
  const exitCode = child.status ?? -1;
  const stderr = child.stderr.toString();
  const match = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
  if (!match)
    throw new Error(`no timing from /usr/bin/time (exit ${exitCode}): ${stderr.slice(-300)}`);
  const [, wall, user, sys, rss] = match;
  let reported = 0;
  try {
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
      traffic?: { exchanges: number };
    };
    reported = summary.traffic?.exchanges ?? 0;
  } catch {
    // No report: the run died (out of memory); `reported` stays 0.
  }
  return {
    reported,
    ...(heapMiB === undefined ? {} : { heapMiB }),
    exchanges,
    bytes,
    wallMs: Number(wall) * 1000,
    cpuMs: (Number(user) + Number(sys)) * 1000,
    peakRssKiB: Number(rss),
    exitCode,
  };
}

/**
 * `sizes` exchanges each, then the largest again with the heap capped at `cappedHeapMiB`: memory
 * is flat when that run judges as much as the uncapped one. Files removed after.
 */
export async function benchAnalyze(
  root: string,
  recorded: string,
  tmp: string,
  sizes: readonly number[],
  cappedHeapMiB: number,
): Promise<AnalyzeSample[]> {
  const samples: AnalyzeSample[] = [];
  for (const [i, n] of sizes.entries()) {
    const har = join(tmp, `analyze-${n}.har`);
    const bytes = await writeCycledHar(recorded, n, har);
    try {
      const report = join(tmp, `analyze-${n}-report`);
      samples.push(timeAnalyze(undefined, root, har, report, n, bytes));
      if (i === sizes.length - 1)
        samples.push(timeAnalyze(cappedHeapMiB, root, har, `${report}-capped`, n, bytes));
    } finally {
      rmSync(har, { force: true });
    }
  }
  return samples;
}
