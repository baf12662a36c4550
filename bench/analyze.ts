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
  exchanges: number;
  /** Size of the HAR file, bytes. */
  bytes: number;
  wallMs: number;
  cpuMs: number;
  peakRssKiB: number;
  exitCode: number;
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
    await write(`${i === 0 ? '' : ',\n'}${JSON.stringify({ ...e, startedDateTime: started })}`);
  }
  await write('\n]}}\n');
  stream.end();
  await once(stream, 'close');
  return bytes;
}

/** Runs `conformance analyze FILE` under /usr/bin/time: wall, CPU (user+sys) and peak RSS. */
export function timeAnalyze(
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
  return {
    exchanges,
    bytes,
    wallMs: Number(wall) * 1000,
    cpuMs: (Number(user) + Number(sys)) * 1000,
    peakRssKiB: Number(rss),
    exitCode,
  };
}

/** Both sizes, files removed after. */
export async function benchAnalyze(
  root: string,
  recorded: string,
  tmp: string,
  sizes: readonly number[],
): Promise<AnalyzeSample[]> {
  const samples: AnalyzeSample[] = [];
  for (const n of sizes) {
    const har = join(tmp, `analyze-${n}.har`);
    const bytes = await writeCycledHar(recorded, n, har);
    try {
      samples.push(timeAnalyze(root, har, join(tmp, `analyze-${n}-report`), n, bytes));
    } finally {
      rmSync(har, { force: true });
    }
  }
  return samples;
}
