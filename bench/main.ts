/**
 * `npm run bench`: measures, side by side in one run on this machine,
 *   1. the wall time of the full default conformance run against the embedded reference server;
 *   2. the same through a proxy adding a delay to every response (a slow link), and its ratio to 1;
 *   3. reference server throughput, p50, p99 and CPU per answer on five requests, each next to a
 *      bare node:http server, driven by wrk with wrk's own CPU next to each figure;
 *   4. the reference server's RSS before and after 100k and 200k requests;
 *   5. the report writers' time as a share of the run (1's `conformance: timing:` line);
 *   6. the package: its packed size, `--help` and `compare` of the compiled bin;
 *   7. `npm test` as README names it, timed whole, with vitest's counts, and `npm run test:quick`
 *      for a typical one-area change;
 *   8. traffic: `analyze` of 10,000 and 100,000 exchanges (flat memory), the latency `monitor`
 *      adds to the median exchange and the full run through it;
 * writes bench/results.json and bench/results.md, rewrites the Performance block of
 * docs/performance.md (when --out is bench/) and prints the table. Never a timed assertion:
 * the goals are reported as met or missed, and the exit code says only whether the bench ran.
 * The goals, and what each stands on, are goals() below: the generated output states them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { runConformance, type ConformanceRun } from './conformance-run.ts';
import { startDelayProxy } from './delay-proxy.ts';
import { median, runLoad } from './load.ts';
import { benchNpmTest, benchTestQuick } from './npm-test.ts';
import { benchPackage } from './package.ts';
import { benchTraffic, trafficGoals } from './traffic.ts';
import { withEarlierParts } from './carry.ts';
import { cpuMs, othersShare, rssKiB } from './processes.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/cli.ts';
import { replaceBlock } from './doc-block.ts';
import {
  PARTS,
  renderMarkdown,
  renderPerformanceBlock,
  type Part,
  type BenchResults,
  type Goal,
  type Sample,
  type Side,
  type ThroughputRow,
} from './report.ts';
import { prepareWorkloads, type Workload } from './workloads.ts';
import { requireWrk, runWrk, wrkScript, type WrkOptions } from './wrk.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** `--help` and `compare` runs of the package part (the median is reported). */
const PACKAGE_ROUNDS = 5;
/** test:quick's change in the tests part: one file of the traffic judge, one area. */
const QUICK_CHANGE = ['lib/traffic/rules/server/wsdl.ts'];
/** The goals of the tests part: the full gate and the quick loop (on 2 cores). */
const NPM_TEST_GOAL_MS = 12 * 60_000;
const TEST_QUICK_GOAL_MS = 90_000;
/**
 * The run through the slow link is at its floor: its goal is to stay there, within a margin. The
 * floor (the median of three linked runs in one bench run) and its reason are stated in the goal's
 * row of the generated output. Not a ratio to the local run: the delay's share of the linked run
 * does not shrink when the harness's CPU time does, so the ratio rises as the harness gets faster.
 */
const LINK_FLOOR = { delayMs: 50, linkedS: 20.7, margin: 0.1 };

const USAGE = `usage: npm run bench -- [options]
  --part NAME        conformance, throughput, rss, package, traffic (analyze and monitor) or
                     tests (npm run test:quick and npm test, each timed whole; npm test takes
                     minutes) (repeatable; default: all). The parts not measured keep
                     their figures from the results.json in --out, each with its date and commit
  --repeat N         conformance runs of each kind (default 3; the median is reported)
  --seed N           the conformance runs' seed (default 1: both runs do the same requests)
  --delay MS         the delay proxy's delay (default 50)
  --rounds N         throughput samples per server and request (default 3; the median is reported)
  --duration S       length of a throughput sample, in seconds (default 3)
  --connections N    wrk's connections (default 50; the RSS part's undici connections too)
  --threads N        wrk's threads (default 2)
  --rss-requests N   requests between two RSS readings (default 100000)
  --workload TEXT    throughput: only the requests whose name contains TEXT (repeatable; the
                     results then hold those rows alone: for profiling, not for the docs)
  --quick-change P   the tests part: the changed path given to test:quick (repeatable; default
                     ${QUICK_CHANGE.join(' ')}: a typical one-area change)
  --out DIR          where results.json and results.md go (default bench/; only then is the
                     block of docs/performance.md rewritten)
  --render           measure nothing: render results.md and docs/performance.md's block again
                     from the results.json in --out (after a change of bench/report.ts)
The throughput part needs wrk (Debian: apt-get install -y wrk).
`;

function options() {
  const { values } = parseArgs({
    options: {
      part: { type: 'string', multiple: true },
      repeat: { type: 'string', default: '3' },
      seed: { type: 'string', default: '1' },
      delay: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      threads: { type: 'string', default: '2' },
      'rss-requests': { type: 'string', default: '100000' },
      workload: { type: 'string', multiple: true },
      'quick-change': { type: 'string', multiple: true },
      out: { type: 'string', default: join(ROOT, 'bench') },
      render: { type: 'boolean', default: false },
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
  if (values.workload !== undefined && resolve(values.out) === join(ROOT, 'bench'))
    throw new Error('--workload needs --out DIR: the committed results hold every request');
  return {
    parts,
    repeat: int('repeat', values.repeat, 1),
    seed: int('seed', values.seed, 0),
    delayMs: int('delay', values.delay, 0),
    rounds: int('rounds', values.rounds, 1),
    durationMs: 1000 * int('duration', values.duration, 1),
    connections: int('connections', values.connections, 1),
    threads: int('threads', values.threads, 1),
    rssRequests: int('rss-requests', values['rss-requests'], 1),
    workloads: values.workload ?? [],
    quickChange: values['quick-change'] ?? QUICK_CHANGE,
    out: values.out,
    render: values.render,
  };
}

type Options = ReturnType<typeof options>;

function say(line: string): void {
  process.stdout.write(`bench: ${line}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (share: number) => `${Math.round(100 * share)} %`;
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

/** One wrk sample, with the server's CPU time per answer and the shares of a core each used. */
async function sample(server: ServerProcess, script: string, load: WrkOptions): Promise<Sample> {
  const cpuBefore = cpuMs(server.pid);
  const r = await runWrk(server.url, script, load);
  const serverCpuMs = cpuMs(server.pid) - cpuBefore;
  const { status, ...socket } = r.errors;
  return {
    throughput: r.throughput,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    maxMs: r.maxMs,
    requests: r.requests,
    cpuPerRequestUs: (serverCpuMs * 1000) / r.requests,
    serverCpu: serverCpuMs / r.durationMs,
    generatorCpu: r.generatorCpuMs / r.durationMs,
    failed: { status, socket: Object.values(socket).reduce((a, b) => a + b, 0) },
  };
}

function side(samples: Sample[]): Side {
  const mid = (pick: (s: Sample) => number) => median(samples.map(pick));
  return {
    throughput: mid((s) => s.throughput),
    p50Ms: mid((s) => s.p50Ms),
    p99Ms: mid((s) => s.p99Ms),
    cpuPerRequestUs: mid((s) => s.cpuPerRequestUs),
    serverCpu: mid((s) => s.serverCpu),
    generatorCpu: mid((s) => s.generatorCpu),
    failed: samples.reduce((sum, s) => sum + s.failed.status + s.failed.socket, 0),
    samples,
  };
}

/** 3: each request on the reference server next to the bare server, driven by wrk. */
async function benchThroughput(
  o: Options,
  workloads: readonly Workload[],
  servers: { bare: ServerProcess; reference: ServerProcess },
): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  const chosen = workloads.filter(
    (w) => o.workloads.length === 0 || o.workloads.some((text) => w.name.includes(text)),
  );
  if (chosen.length === 0)
    throw new Error(
      `--workload: no request is named so; they are: ${workloads.map((w) => w.name).join('; ')}`,
    );
  for (const w of chosen) {
    // One sequence per connection needs a thread per connection (bench/wrk.ts).
    const load: WrkOptions =
      w.sequences.length > 1
        ? { connections: w.sequences.length, threads: w.sequences.length, durationMs: o.durationMs }
        : { connections: o.connections, threads: o.threads, durationMs: o.durationMs };
    say(`throughput: ${w.name} (wrk -t${load.threads} -c${load.connections})`);
    const script = wrkScript(w.sequences);
    const run = async (which: 'bare' | 'reference', durationMs: number) => {
      if (which === 'reference') await w.reset?.();
      return sample(servers[which], script, { ...load, durationMs });
    };
    // Warm-up (JIT, connections), then rounds alternating which server goes first.
    for (const which of ['bare', 'reference'] as const) await run(which, 1000);
    const samples = { bare: [] as Sample[], reference: [] as Sample[] };
    const measured = await othersShare([servers.bare.pid, servers.reference.pid], async () => {
      for (let round = 0; round < o.rounds; round++) {
        const order =
          round % 2 === 0 ? (['bare', 'reference'] as const) : (['reference', 'bare'] as const);
        for (const which of order) samples[which].push(await run(which, o.durationMs));
      }
    });
    const reference = side(samples.reference);
    const bare = side(samples.bare);
    rows.push({
      name: w.name,
      connections: load.connections,
      threads: load.threads,
      ...(w.minRatio === undefined ? {} : { minRatio: w.minRatio }),
      reference,
      bare,
      ratio: reference.throughput / bare.throughput,
      othersShare: measured.othersShare,
    });
    say(
      `  reference ${Math.round(reference.throughput)}/s (wrk ${pct(reference.generatorCpu)} of a core), ` +
        `bare ${Math.round(bare.throughput)}/s (wrk ${pct(bare.generatorCpu)})` +
        others(measured.othersShare),
    );
    if (reference.failed + bare.failed > 0)
      say(`  WARNING: ${reference.failed + bare.failed} answers failed (status > 399 or socket)`);
  }
  return rows;
}

/** 4: the reference server's RSS over load (the requests that leave nothing behind, in turn). */
async function benchRss(o: Options, workloads: readonly Workload[], reference: ServerProcess) {
  const mix = workloads.filter((w) => w.stateless).map((w) => w.sequences[0]![0]!);
  const readings = [{ requests: 0, rssKiB: rssKiB(reference.pid), othersShare: 0 }];
  for (let block = 1; block <= 2; block++) {
    say(`rss: ${block * o.rssRequests} requests of ${mix.length} kinds`);
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
  return readings;
}

/** 3 and 4, on one reference server and one bare server. */
async function benchServers(o: Options, parts: readonly Part[]) {
  if (parts.includes('throughput')) say(requireWrk());
  const reference = await startServerProcess('reference-server/main.ts', ['--port', '0']);
  const bare = await startServerProcess('bench/bare-server.ts');
  try {
    const rssAtStartKiB = rssKiB(reference.pid);
    const workloads = await prepareWorkloads(reference.url);
    const throughput = parts.includes('throughput')
      ? await benchThroughput(o, workloads, { bare, reference })
      : [];
    const rss = parts.includes('rss')
      ? { rssAtStartKiB, readings: await benchRss(o, workloads, reference) }
      : undefined;
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

/** The issue's goals, each with the figure it is judged on. */
function goals(results: Omit<BenchResults, 'goals'>): Goal[] {
  const list: Goal[] = [];
  const c = results.conformance;
  if (c) {
    list.push(
      {
        id: 'run-wall',
        goal: 'full default run ≤ 10 s',
        value: seconds(c.embedded.wallMs),
        met: c.embedded.wallMs <= 10_000,
      },
      {
        id: 'delay-ratio',
        goal:
          `run through a ${LINK_FLOOR.delayMs} ms link at its floor: ≤ ${LINK_FLOOR.linkedS} s + ` +
          `${Math.round(100 * LINK_FLOOR.margin)} %, set by the read-backs of each SOAP write's frame ` +
          '(lib/kit/frame), requests in turn that each pay the delay. Judged on its own time: its ' +
          'ratio to the local run (shown) rises when the harness gets faster',
        value:
          `${seconds(c.delayed.wallMs)} (ratio ${c.ratio.toFixed(2)} to the local ${seconds(c.embedded.wallMs)}, ` +
          `medians of ${c.embedded.samples.length}; ${c.delayed.samples[0]?.requests ?? '?'} requests)`,
        // The floor is the default delay's: another delay is measured, not judged.
        ...(c.delayMs === LINK_FLOOR.delayMs
          ? { met: c.delayed.wallMs <= LINK_FLOOR.linkedS * (1 + LINK_FLOOR.margin) * 1000 }
          : {}),
      },
      {
        id: 'report-share',
        goal: 'report writers ≤ 10 % of the run',
        value: `${(100 * c.reports.share).toFixed(1)} %`,
        met: c.reports.share <= 0.1,
      },
    );
  }
  for (const row of results.throughput) {
    const failed = row.reference.failed + row.bare.failed;
    const value = `${row.ratio.toFixed(3)}×${failed > 0 ? ` (${failed} failed answers)` : ''}`;
    const id = `throughput: ${row.name}`;
    list.push(
      row.minRatio === undefined
        ? { id, goal: `${row.name}, ratio to bare (reported, no goal)`, value }
        : {
            id,
            goal: `${row.name} ≥ ${row.minRatio}× bare`,
            value,
            met: failed === 0 && row.ratio >= row.minRatio,
          },
    );
  }
  if (results.package) {
    const p = results.package;
    list.push(
      {
        id: 'help',
        goal: '`--help` ≤ 0.3 s (compiled bin)',
        value: seconds2(p.helpMs),
        met: p.helpMs <= 300,
      },
      {
        id: 'compare',
        goal: '`compare` of two summaries ≤ 1 s',
        value: seconds2(p.compareMs),
        met: p.compareMs <= 1000,
      },
      {
        id: 'packed-size',
        goal: 'packed size (reported, no goal)',
        value: `${(p.packedBytes / 1024).toFixed(0)} KiB`,
      },
    );
  }
  if (results.rss) {
    const before = results.rss.readings[0];
    const after = results.rss.readings.at(-1);
    const growth = (after!.rssKiB - before!.rssKiB) / before!.rssKiB;
    list.push({
      id: 'rss',
      goal: `RSS flat over ${after!.requests} requests (growth ≤ 10 %)`,
      value: `${(before!.rssKiB / 1024).toFixed(0)} → ${(after!.rssKiB / 1024).toFixed(0)} MiB (${growth >= 0 ? '+' : ''}${(100 * growth).toFixed(1)} %)`,
      met: growth <= 0.1,
    });
  }
  if (results.traffic) list.push(...trafficGoals(results.traffic));
  const t = results.tests;
  if (t?.quick) {
    const q = t.quick;
    list.push({
      id: 'test-quick',
      goal: `\`npm run test:quick\` ≤ ${TEST_QUICK_GOAL_MS / 1000} s for a one-area change (${q.change.join(', ')}), all passing`,
      value: `${seconds(q.wallMs)} (${seconds(q.cpuMs)} CPU${others(q.othersShare)})${q.exitCode === 0 ? '' : ` (exit ${q.exitCode})`}`,
      met: q.wallMs <= TEST_QUICK_GOAL_MS && q.exitCode === 0,
    });
  }
  if (t)
    list.push({
      id: 'npm-test',
      goal: `\`npm test\` ≤ ${NPM_TEST_GOAL_MS / 60_000} min (CI, 2 cores), all passing, every check, property run, planted fault and variant`,
      value: `${(t.wallMs / 60_000).toFixed(1)} min (${seconds(t.cpuMs)} CPU${others(t.othersShare)})${t.exitCode === 0 ? '' : ` (exit ${t.exitCode})`}`,
      met: t.wallMs <= NPM_TEST_GOAL_MS && t.exitCode === 0,
    });
  return list;
}

/** A run of all the parts asked for, measured now. */
async function measure(o: Options): Promise<BenchResults> {
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
  const traffic = o.parts.includes('traffic') ? await benchTraffic(ROOT, o.seed, say) : undefined;
  // Last: npm test loads both cores for minutes, and the parts above are figures of a quiet machine.
  const quick = o.parts.includes('tests') ? await benchTestQuick(ROOT, o.quickChange) : undefined;
  if (quick)
    say(
      `npm run test:quick -- ${quick.change.join(' ')}: ${seconds(quick.wallMs)} wall, ${seconds(quick.cpuMs)} CPU, exit ${quick.exitCode}`,
    );
  const tests = o.parts.includes('tests')
    ? { ...(await benchNpmTest(ROOT)), ...(quick === undefined ? {} : { quick }) }
    : undefined;
  if (tests)
    say(
      `npm test: ${seconds(tests.wallMs)} wall, ${seconds(tests.cpuMs)} CPU, exit ${tests.exitCode}`,
    );
  const partial: Omit<BenchResults, 'goals'> = {
    startedAt: startedAt.toISOString(),
    machine: { ...machine, loadAtEnd: loadavg() },
    options: { ...o, out: undefined, render: undefined },
    ...(conformance === undefined ? {} : { conformance }),
    throughput: servers.throughput,
    ...(servers.rss === undefined ? {} : { rss: servers.rss }),
    ...(packageFigures === undefined ? {} : { package: packageFigures }),
    ...(traffic === undefined ? {} : { traffic }),
    ...(tests === undefined ? {} : { tests }),
  };
  const figures = withEarlierParts(partial, o.parts, earlierResults(o.out));
  return { ...figures, goals: goals(figures) };
}

/** The results a run in `out` replaces, if any: it keeps their parts it did not measure. */
function earlierResults(out: string): BenchResults | undefined {
  try {
    return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as BenchResults;
  } catch {
    return undefined;
  }
}

function rejudged(file: string): BenchResults {
  const { goals: _, ...figures } = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  return { ...figures, goals: goals(figures) };
}

const o = options();
// --render: the last run's results, rendered again (after a change of bench/report.ts).
// The goals are judged again from its figures: a goal changed since is shown as it is now.
const results = o.render ? rejudged(join(o.out, 'results.json')) : await measure(o);
// Written as the repository's Prettier would (npm run format:check covers bench/ and docs/).
mkdirSync(o.out, { recursive: true });
const writeFormatted = async (path: string, text: string) => {
  const config = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(text, { ...config, filepath: path }));
};
const written = (file: string, text: string) => writeFormatted(join(o.out, file), text);
const markdown = renderMarkdown(results);
if (!o.render) await written('results.json', JSON.stringify(results));
await written('results.md', markdown);
if (resolve(o.out) === join(ROOT, 'bench')) {
  const page = join(ROOT, 'docs/performance.md');
  await writeFormatted(
    page,
    replaceBlock(readFileSync(page, 'utf8'), renderPerformanceBlock(results)),
  );
  say("rewrote docs/performance.md's Performance block");
}
const what = o.render
  ? `results.md from ${join(o.out, 'results.json')}`
  : 'results.json and results.md';
process.stdout.write(`\n${markdown}\nbench: wrote ${what} in ${o.out}\n`);
