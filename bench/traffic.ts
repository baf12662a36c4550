/**
 * The traffic part of `npm run bench`: a recording of the full default run (--har), `analyze` of
 * it cycled to 10,000 and 100,000 exchanges (bench/analyze.ts), and `monitor` in front of the
 * reference server (bench/monitor.ts).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAnalyze, type AnalyzeSample } from './analyze.ts';
import { runConformance } from './conformance-run.ts';
import { benchMonitor, type MonitorFigures } from './monitor.ts';
import type { Goal } from './goal.ts';

export interface TrafficFigures {
  /** Exchanges of the recorded run the analysed files cycle. */
  recorded: number;
  analyze: AnalyzeSample[];
  monitor: MonitorFigures;
}

const SIZES = [10_000, 100_000];
const CAPPED_HEAP_MIB = 64;
const LATENCY_EXCHANGES = 2000;

export async function benchTraffic(
  root: string,
  seed: number,
  say: (line: string) => void,
): Promise<TrafficFigures> {
  const tmp = await mkdtemp(join(tmpdir(), 'bench-traffic-'));
  try {
    const har = join(tmp, 'recorded.har');
    say('traffic: recording a full run (--har)');
    const recording = await runConformance(root, ['--seed', String(seed), '--har', har]);
    if (recording.exitCode !== 0)
      throw new Error(`the recorded run ended with exit ${recording.exitCode}`);
    const recorded = countEntries(har);
    say(`traffic: analyze of ${SIZES.join(' and ')} exchanges`);
    const analyze = await benchAnalyze(root, har, tmp, SIZES, CAPPED_HEAP_MIB);
    for (const a of analyze)
      say(
        `  ${a.exchanges} exchanges${a.heapMiB ? ` (heap ≤ ${a.heapMiB} MiB)` : ''}: ${(a.wallMs / 1000).toFixed(1)} s, ` +
          `${(a.cpuMs / 1000).toFixed(1)} CPU-s, peak RSS ${(a.peakRssKiB / 1024).toFixed(0)} MiB, ${a.reported} reported`,
      );
    say(
      `traffic: monitor, ${LATENCY_EXCHANGES} exchanges direct and through it, then the full run both ways`,
    );
    const monitor = await benchMonitor(root, LATENCY_EXCHANGES, seed);
    say(
      `  median ${monitor.directMedianMs.toFixed(2)} ms direct, ${monitor.monitoredMedianMs.toFixed(2)} ms through monitor ` +
        `(+${monitor.addedMedianMs.toFixed(2)} ms); full run ${monitor.run ? `${(monitor.run.directMs / 1000).toFixed(1)} s → ${(monitor.run.monitoredMs / 1000).toFixed(1)} s` : 'not run'}`,
    );
    return { recorded, analyze, monitor };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** The recording is a few MB: read whole, once. */
function countEntries(har: string): number {
  return (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries
    .length;
}

export function trafficGoals(t: TrafficFigures): Goal[] {
  const largest = t.analyze.filter((a) => a.heapMiB === undefined).at(-1);
  const capped = t.analyze.find((a) => a.heapMiB !== undefined);
  const goals: Goal[] = [];
  if (largest)
    goals.push({
      id: 'analyze-100k',
      goal: `\`analyze\` of ${largest.exchanges.toLocaleString('en-US')} exchanges ≤ 30 s`,
      value: `${(largest.wallMs / 1000).toFixed(1)} s (${(largest.bytes / 1e6).toFixed(0)} MB, peak RSS ${(largest.peakRssKiB / 1024).toFixed(0)} MiB)`,
      met: largest.wallMs <= 30_000 && largest.reported === largest.exchanges,
    });
  if (largest && capped)
    goals.push({
      id: 'analyze-memory',
      goal: `flat memory: the same judged with the heap capped at ${capped.heapMiB} MiB`,
      value: `${capped.reported.toLocaleString('en-US')} of ${capped.exchanges.toLocaleString('en-US')} reported, peak RSS ${(capped.peakRssKiB / 1024).toFixed(0)} MiB`,
      met: capped.reported === capped.exchanges && capped.exitCode === largest.exitCode,
    });
  const m = t.monitor;
  goals.push({
    id: 'monitor-latency',
    goal: '`monitor` adds ≤ 1 ms to the median exchange',
    value: `+${m.addedMedianMs.toFixed(2)} ms (${m.directMedianMs.toFixed(2)} → ${m.monitoredMedianMs.toFixed(2)} ms; ${m.monitorCpuPerExchangeUs.toFixed(0)} µs CPU per exchange)`,
    met: m.addedMedianMs <= 1,
  });
  if (m.run)
    goals.push({
      id: 'monitor-run',
      goal: 'the full run through `monitor` ≤ 1.2× direct, still Conforming, no failure in the monitor',
      value: `${m.run.ratio.toFixed(2)}× (monitor exit ${m.run.monitorExitCode})`,
      met:
        m.run.ratio <= 1.2 &&
        m.run.runs.every((r) => r.exitCode === 0) &&
        m.run.monitorExitCode === 0,
    });
  return goals;
}
