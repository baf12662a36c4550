/**
 * `npm run bench` (issue 8): measures, side by side in one run on this machine,
 *   1. the wall time of the full default conformance run against the embedded reference server;
 *   2. the same through a proxy adding 50 ms to every response, and its ratio to 1;
 *   3. reference server throughput and p99 on three requests, each next to a bare node:http server;
 *   4. the reference server's RSS before and after 100k requests;
 *   5. the report writers' time as a share of the run (1's `conformance: timing:` line);
 *   6. the package (issue 15): its packed size, `--help` and `compare` of the compiled bin;
 * writes bench/results.json and bench/results.md and prints the table. Never a timed assertion:
 * the goals are reported as met or missed, and the exit code says only whether the bench ran.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { runConformance, type ConformanceRun } from './conformance-run.ts';
import { startDelayProxy } from './delay-proxy.ts';
import { median, runLoad, type LoadResult } from './load.ts';
import { benchPackage } from './package.ts';
import { cpuMs, othersShare, rssKiB } from './processes.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/cli.ts';
import { renderMarkdown, type BenchResults, type Goal, type Side } from './report.ts';
import { prepareWorkloads } from './workloads.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['conformance', 'throughput', 'rss', 'package'] as const;
/** `--help` and `compare` runs of the package part (the median is reported). */
const PACKAGE_ROUNDS = 5;
type Part = (typeof PARTS)[number];

const USAGE = `usage: npm run bench -- [options]
  --part NAME        conformance, throughput, rss or package (repeatable; default: all)
  --repeat N         conformance runs of each kind (default 1; the median is reported)
  --seed N           the conformance runs' seed (default 1: both runs do the same requests)
  --delay MS         the delay proxy's delay (default 50)
  --rounds N         throughput samples per server and request (default 3; the median is reported)
  --duration MS      length of a throughput sample (default 3000)
  --connections N    concurrent connections of the load generator (default 10)
  --rss-requests N   requests between two RSS readings (default 100000)
  --out DIR          where results.json and results.md go (default bench/)
`;

function options() {
  const { values } = parseArgs({
    options: {
      part: { type: 'string', multiple: true },
      repeat: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      delay: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '3000' },
      connections: { type: 'string', default: '10' },
      'rss-requests': { type: 'string', default: '100000' },
      out: { type: 'string', default: join(ROOT, 'bench') },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const int = (name: string, raw: string, min: number) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min)
      throw new Error(`--${name}: expected an integer ≥ ${min}`);
    return value;
  };
  const parts = (values.part ?? [...PARTS]).map((p) => {
    if (!(PARTS as readonly string[]).includes(p))
      throw new Error(`--part: '${p}' is none of ${PARTS.join(', ')}`);
    return p as Part;
  });
  return {
    parts,
    repeat: int('repeat', values.repeat, 1),
    seed: int('seed', values.seed, 0),
    delayMs: int('delay', values.delay, 0),
    rounds: int('rounds', values.rounds, 1),
    durationMs: int('duration', values.duration, 100),
    connections: int('connections', values.connections, 1),
    rssRequests: int('rss-requests', values['rss-requests'], 1),
    out: values.out,
  };
}

type Options = ReturnType<typeof options>;

function say(line: string): void {
  process.stdout.write(`bench: ${line}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const seconds2 = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** 1, 2 and 5: the default run, then the same through the delay proxy, `repeat` times each. */
async function benchConformance(o: Options) {
  const embedded: Array<ConformanceRun & { othersShare: number }> = [];
  const delayed: Array<ConformanceRun & { othersShare: number; requests: number }> = [];
  const seed = ['--seed', String(o.seed)];
  for (let i = 0; i < o.repeat; i++) {
    say(`conformance run ${i + 1}/${o.repeat}: embedded reference server`);
    const plain = await othersShare([], () => runConformance(ROOT, seed));
    embedded.push(check({ ...plain.result, othersShare: plain.othersShare }));
    say(`  ${seconds(plain.result.wallMs)}${others(plain.othersShare)}`);
    // The same server, as a child process, behind the proxy (test control on, as embedded).
    const server = await startServerProcess('reference-server/main.ts', [
      '--port',
      '0',
      '--test-control',
    ]);
    const proxy = await startDelayProxy(server.url, o.delayMs);
    try {
      say(`conformance run ${i + 1}/${o.repeat}: through a ${o.delayMs} ms delay proxy`);
      const run = await othersShare([server.pid], () =>
        runConformance(ROOT, [...seed, '--target', proxy.url]),
      );
      delayed.push(
        check({ ...run.result, othersShare: run.othersShare, requests: proxy.forwarded }),
      );
      say(`  ${seconds(run.result.wallMs)}, ${proxy.forwarded} requests${others(run.othersShare)}`);
      // Same seed, same suites: the delay must change the time, never a verdict.
      const [a, b] = [run.result.totals, plain.result.totals].map((t) => JSON.stringify(t));
      if (a !== b) say(`  WARNING: other totals than run 1: ${a} / ${b}`);
    } finally {
      await proxy.close();
      await server.stop();
    }
  }
  const embeddedMs = median(embedded.map((r) => r.wallMs));
  const delayedMs = median(delayed.map((r) => r.wallMs));
  const reportsMs = median(embedded.map((r) => r.reportsMs ?? NaN));
  return {
    seed: o.seed,
    delayMs: o.delayMs,
    embedded: { wallMs: embeddedMs, samples: embedded },
    delayed: { wallMs: delayedMs, samples: delayed },
    ratio: delayedMs / embeddedMs,
    reports: { reportsMs, share: reportsMs / embeddedMs },
  };
}

/** A run that did not end with exit 0 measured something else than the suites: stop. */
function check<R extends ConformanceRun>(run: R): R {
  if (run.exitCode !== 0)
    throw new Error(`a conformance run ended with exit ${run.exitCode}:\n${run.stderrTail ?? ''}`);
  return run;
}

/** One throughput sample, with the server's CPU time per answer. */
async function sample(server: ServerProcess, request: Parameters<typeof runLoad>[1], o: Options) {
  const cpuBefore = cpuMs(server.pid);
  const result = await runLoad(server.url, request, {
    connections: o.connections,
    durationMs: o.durationMs,
  });
  const cpuPerRequestUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests;
  if (result.errors > 0)
    throw new Error(`${result.errors} unexpected answers: ${result.firstError ?? ''}`);
  return { ...result, cpuPerRequestUs };
}

function side(samples: Array<LoadResult & { cpuPerRequestUs: number }>): Side {
  return {
    throughput: median(samples.map((s) => s.throughput)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    cpuPerRequestUs: median(samples.map((s) => s.cpuPerRequestUs)),
    samples: samples.map(({ throughput, p50Ms, p99Ms, maxMs, requests, cpuPerRequestUs }) => ({
      throughput,
      p50Ms,
      p99Ms,
      maxMs,
      requests,
      cpuPerRequestUs,
    })),
  };
}

/** 3 and 4: each request on the reference server next to the bare server, then RSS over load. */
async function benchServers(o: Options, parts: readonly Part[]) {
  const reference = await startServerProcess('reference-server/main.ts', ['--port', '0']);
  const bare = await startServerProcess('bench/bare-server.ts');
  try {
    const rssAtStartKiB = rssKiB(reference.pid);
    const workloads = await prepareWorkloads(reference.url);
    const throughput = [];
    if (parts.includes('throughput')) {
      for (const { name, request } of workloads) {
        say(`throughput: ${name}`);
        // Warm-up (JIT, connections), then rounds alternating which server goes first.
        for (const server of [bare, reference])
          await runLoad(server.url, request, { connections: o.connections, durationMs: 500 });
        const samples = {
          bare: [] as Array<Awaited<ReturnType<typeof sample>>>,
          reference: [] as Array<Awaited<ReturnType<typeof sample>>>,
        };
        const measured = await othersShare([bare.pid, reference.pid], async () => {
          for (let round = 0; round < o.rounds; round++) {
            const order =
              round % 2 === 0 ? (['bare', 'reference'] as const) : (['reference', 'bare'] as const);
            for (const which of order)
              samples[which].push(await sample(which === 'bare' ? bare : reference, request, o));
          }
        });
        const row = { name, bare: side(samples.bare), reference: side(samples.reference) };
        throughput.push({
          ...row,
          ratio: row.reference.throughput / row.bare.throughput,
          othersShare: measured.othersShare,
        });
        say(
          `  reference ${Math.round(row.reference.throughput)}/s, bare ${Math.round(row.bare.throughput)}/s` +
            others(measured.othersShare),
        );
      }
    }
    let rss;
    if (parts.includes('rss')) {
      const mix = workloads.map((w) => w.request);
      const readings = [{ requests: 0, rssKiB: rssKiB(reference.pid), othersShare: 0 }];
      for (let block = 1; block <= 2; block++) {
        say(`rss: ${block * o.rssRequests} requests of the three kinds`);
        const { result, othersShare: share } = await othersShare([reference.pid], () =>
          runLoad(reference.url, mix, { connections: o.connections, requests: o.rssRequests }),
        );
        if (result.errors > 0)
          throw new Error(`${result.errors} unexpected answers: ${result.firstError ?? ''}`);
        readings.push({
          requests: block * o.rssRequests,
          rssKiB: rssKiB(reference.pid),
          othersShare: share,
        });
      }
      rss = { rssAtStartKiB, readings };
    }
    return { throughput, rss };
  } finally {
    await reference.stop();
    await bare.stop();
  }
}

/** What is measured: the commit, and how many tracked files differ from it. */
function checkout(): { commit: string; changedFiles: number } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  try {
    const changed = git('status', '--porcelain', '--untracked-files=no').split('\n');
    return {
      commit: git('rev-parse', 'HEAD').trim(),
      changedFiles: changed.filter((line) => line !== '').length,
    };
  } catch {
    return { commit: 'unknown (not a git checkout)', changedFiles: 0 };
  }
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** ", others used 12 % of the machine" when other processes took a noticeable share. */
function others(share: number): string {
  return share >= 0.05 ? `; other processes used ${Math.round(100 * share)} % of the machine` : '';
}

/** The goals, each with the figure it is judged on. */
function goals(results: Omit<BenchResults, 'goals'>): Goal[] {
  const list: Goal[] = [];
  const c = results.conformance;
  if (c) {
    list.push(
      {
        goal: 'full default run ≤ 30 s',
        value: seconds(c.embedded.wallMs),
        met: c.embedded.wallMs <= 30_000,
      },
      {
        goal: `ratio run 2 / run 1 ≤ 2.5 (${c.delayMs} ms delay)`,
        value: c.ratio.toFixed(2),
        met: c.ratio <= 2.5,
      },
      {
        goal: 'report writers ≤ 10 % of the run',
        value: `${(100 * c.reports.share).toFixed(1)} %`,
        met: c.reports.share <= 0.1,
      },
    );
  }
  for (const row of results.throughput) {
    const min = row.name.startsWith('SOAP') ? 0.3 : 0.6;
    list.push({
      goal: `${row.name} ≥ ${min}× bare`,
      value: `${row.ratio.toFixed(3)}×`,
      met: row.ratio >= min,
    });
  }
  if (results.package) {
    const p = results.package;
    list.push(
      { goal: '`--help` ≤ 0.3 s (compiled bin)', value: seconds2(p.helpMs), met: p.helpMs <= 300 },
      {
        goal: '`compare` of two summaries ≤ 1 s',
        value: seconds2(p.compareMs),
        met: p.compareMs <= 1000,
      },
      {
        goal: 'packed size (reported, no goal)',
        value: `${(p.packedBytes / 1024).toFixed(0)} KiB`,
      },
    );
  }
  if (results.rss) {
    const [before, after] = results.rss.readings;
    const growth = (after!.rssKiB - before!.rssKiB) / before!.rssKiB;
    list.push({
      goal: `RSS flat over ${after!.requests} requests (growth ≤ 10 %)`,
      value: `${(before!.rssKiB / 1024).toFixed(0)} → ${(after!.rssKiB / 1024).toFixed(0)} MiB (${growth >= 0 ? '+' : ''}${(100 * growth).toFixed(1)} %)`,
      met: growth <= 0.1,
    });
  }
  return list;
}

const o = options();
const startedAt = new Date();
const machine = {
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  ...checkout(),
  loadAtStart: loadavg(),
};
say(`${machine.cpus} cores, node ${machine.node}, load average ${load()}`);
const conformance = o.parts.includes('conformance') ? await benchConformance(o) : undefined;
const servers =
  o.parts.includes('throughput') || o.parts.includes('rss')
    ? await benchServers(o, o.parts)
    : { throughput: [], rss: undefined };
const packageFigures = o.parts.includes('package')
  ? await benchPackage(ROOT, PACKAGE_ROUNDS)
  : undefined;
if (packageFigures)
  say(
    `package: ${(packageFigures.packedBytes / 1024).toFixed(0)} KiB packed, --help ${seconds2(packageFigures.helpMs)}, ` +
      `compare ${seconds2(packageFigures.compareMs)}`,
  );
const partial: Omit<BenchResults, 'goals'> = {
  startedAt: startedAt.toISOString(),
  machine: { ...machine, loadAtEnd: loadavg() },
  options: { ...o, out: undefined },
  ...(conformance === undefined ? {} : { conformance }),
  throughput: servers.throughput,
  ...(servers.rss === undefined ? {} : { rss: servers.rss }),
  ...(packageFigures === undefined ? {} : { package: packageFigures }),
};
const results: BenchResults = { ...partial, goals: goals(partial) };
// Written as the repository's Prettier would (npm run format:check covers bench/).
mkdirSync(o.out, { recursive: true });
const written = async (file: string, text: string) => {
  const path = join(o.out, file);
  const config = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(text, { ...config, filepath: path }));
};
const markdown = renderMarkdown(results);
await written('results.json', JSON.stringify(results));
await written('results.md', markdown);
process.stdout.write(`\n${markdown}\nbench: wrote ${join(o.out, 'results.json')} and results.md\n`);
