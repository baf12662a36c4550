/** What `npm run bench` writes: the shape of results.json, and results.md rendered from it. */
import type { ConformanceRun } from './conformance-run.ts';
import type { Goal } from './goal.ts';
import type { NpmTestFigures } from './npm-test.ts';
import type { PackageFigures } from './package.ts';
import type { TrafficFigures } from './traffic.ts';
import { WHY_MISSED } from './why-missed.ts';

export type { Goal } from './goal.ts';

/** One wrk run against one server. */
export interface Sample {
  throughput: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** The server's CPU time (user + system) per answer. */
  cpuPerRequestUs: number;
  /** The server's CPU time over the sample, as a share of one core (1: one core busy). */
  serverCpu: number;
  /** wrk's own CPU time (all its threads), as a share of one core. */
  generatorCpu: number;
  /** wrk's count of answers with a status > 399, and its socket errors and timeouts. */
  failed: { status: number; socket: number };
}

/** One server on one request: medians over the samples; `failed`, their sum. */
export interface Side {
  throughput: number;
  p50Ms: number;
  p99Ms: number;
  cpuPerRequestUs: number;
  serverCpu: number;
  generatorCpu: number;
  failed: number;
  samples: Sample[];
}

export interface ThroughputRow {
  name: string;
  /** wrk's connections and threads for this request. */
  connections: number;
  threads: number;
  /** The goal for reference / bare, if one is set (bench/workloads.ts). */
  minRatio?: number;
  reference: Side;
  bare: Side;
  /** reference.throughput / bare.throughput */
  ratio: number;
  /** The share of the machine other processes used meanwhile (processes.ts, othersShare). */
  othersShare: number;
}

/** What `npm run bench -- --part NAME` measures (all of them by default). */
export const PARTS = ['conformance', 'throughput', 'rss', 'package', 'traffic', 'tests'] as const;
export type Part = (typeof PARTS)[number];

/** When, at which commit and with which options a part's figures were measured (bench/carry.ts). */
export interface Measured {
  startedAt: string;
  commit: string;
  options: Record<string, unknown>;
}

export interface BenchResults {
  startedAt: string;
  /** Each part's stamp: this run's, or an earlier run's whose figures this one kept. */
  measured?: Partial<Record<Part, Measured>>;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    /** The commit measured, and the files changed in the working tree on top of it. */
    commit: string;
    changedFiles: number;
    loadAtStart: number[];
    loadAtEnd: number[];
  };
  options: Record<string, unknown>;
  conformance?: {
    seed: number;
    delayMs: number;
    /** Each run with the share of the machine other processes used meanwhile. */
    embedded: { wallMs: number; samples: Array<ConformanceRun & { othersShare: number }> };
    /** `requests`: how many the proxy forwarded. */
    delayed: {
      wallMs: number;
      samples: Array<ConformanceRun & { othersShare: number; requests: number }>;
    };
    /** delayed.wallMs / embedded.wallMs */
    ratio: number;
    /** The report writers of the embedded runs (median), and their share of its wall time. */
    reports: { reportsMs: number; share: number };
  };
  throughput: ThroughputRow[];
  rss?: {
    rssAtStartKiB: number;
    /** Before the load (after the throughput part, if it ran), then after each block. */
    readings: Array<{ requests: number; rssKiB: number; othersShare: number }>;
  };
  package?: PackageFigures;
  /** `analyze` and `monitor` (bench/traffic.ts). */
  traffic?: TrafficFigures;
  /** `npm test`, timed whole (bench/npm-test.ts). */
  tests?: NpmTestFigures;
  goals: Goal[];
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => value.toFixed(2);
const loads = (values: readonly number[]) => values.map((v) => v.toFixed(2)).join(' ');
const pct = (share: number) => `${Math.round(100 * share)} %`;

function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function goalRows(r: BenchResults): string[][] {
  return r.goals.map((g) => [
    g.goal,
    g.value,
    g.met === undefined ? '—' : g.met ? 'yes' : '**no**',
  ]);
}

/** The parts `r` kept from earlier runs, each with its stamp. */
export function keptParts(r: Omit<BenchResults, 'goals'>): Array<[Part, Measured]> {
  return PARTS.flatMap((part) => {
    const stamp = r.measured?.[part];
    return stamp !== undefined && stamp.startedAt !== r.startedAt ? [[part, stamp]] : [];
  });
}

function heading(r: BenchResults): string {
  const kept = keptParts(r);
  return (
    `${r.startedAt}, commit ${r.machine.commit.slice(0, 7)}` +
    `${r.machine.changedFiles > 0 ? ` with ${r.machine.changedFiles} changed files` : ''}: ` +
    `${r.machine.cpus} cores (${r.machine.cpuModel}), node ${r.machine.node}; ` +
    `load average ${loads(r.machine.loadAtStart)} at the start, ${loads(r.machine.loadAtEnd)} at the end.` +
    (kept.length === 0
      ? ''
      : ` Not measured by this run, kept from earlier ones: ${kept
          .map(([part, m]) => `${part} (${m.startedAt}, commit ${m.commit.slice(0, 7)})`)
          .join(', ')}.`)
  );
}

/** The throughput table and what its columns mean, under a heading of `level`. */
function throughputSection(r: BenchResults, level: string): string[] {
  const first = r.throughput[0]!;
  const durationS = Number((r.measured?.['throughput']?.options ?? r.options)['durationMs']) / 1000;
  return [
    `${level} Throughput (wrk, median of ${first.reference.samples.length} samples of ${durationS} s)`,
    '',
    table(
      [
        'request',
        'wrk',
        'reference req/s',
        'p50 / p99 ms',
        'CPU µs/answer',
        'server CPU',
        'wrk CPU',
        'bare req/s',
        'p50 / p99 ms',
        'CPU µs/answer',
        'server CPU',
        'wrk CPU',
        'ratio',
        'failed',
        'others',
      ],
      r.throughput.map((t) => [
        t.name,
        `-t${t.threads} -c${t.connections}`,
        n(t.reference.throughput),
        `${ms(t.reference.p50Ms)} / ${ms(t.reference.p99Ms)}`,
        n(t.reference.cpuPerRequestUs),
        pct(t.reference.serverCpu),
        pct(t.reference.generatorCpu),
        n(t.bare.throughput),
        `${ms(t.bare.p50Ms)} / ${ms(t.bare.p99Ms)}`,
        n(t.bare.cpuPerRequestUs),
        pct(t.bare.serverCpu),
        pct(t.bare.generatorCpu),
        `${t.ratio.toFixed(3)}×`,
        String(t.reference.failed + t.bare.failed),
        pct(t.othersShare),
      ]),
    ),
    '',
    'Each request goes to the reference server and to `bench/bare-server.ts` (node:http answering ' +
      "a small JSON) in turn, in the same run. *CPU µs/answer*: the server process's own CPU time " +
      "per answer. *server CPU*: the server's CPU time as a share of one core (it runs on one): near " +
      '100 %, the server is the limit; well below, it waited for the generator or for a core that ' +
      "other processes held (*others*). *wrk CPU*: the load generator's own CPU time (all its " +
      'threads) as a share of one core: well under its threads × 100 %, the generator is not the ' +
      "limit. *failed*: answers with a status > 399 and wrk's socket errors, over all samples (each " +
      'request was first checked once, SOAP answers for faults). addProjectMember of a member is ' +
      'fault 3100 (the real system: "User is already a member"), so it is measured as add, then ' +
      'remove, of one login in one project per connection.',
  ];
}

/**
 * docs/performance.md's Performance block: the goals and the throughput of one run, said to be generated,
 * with the parts the run did not measure named (their goals are then absent, not met).
 */
export function renderPerformanceBlock(r: BenchResults): string {
  const parts = r.options['parts'] as readonly string[];
  const out = [
    '<!-- generated by `npm run bench` from bench/results.json: edit bench/report.ts, not this -->',
    '',
    `Last run (\`npm run bench -- ${parts.map((p) => `--part ${p}`).join(' ')}\`): ${heading(r)}`,
    '',
    table(['goal', 'measured', 'met'], goalRows(r)),
  ];
  out.push(...whyMissed(r));
  if (r.throughput.length > 0) out.push('', ...throughputSection(r, '##'));
  return out.join('\n');
}

/**
 * Each goal the run missed, with why (bench/why-missed.ts, written from a profile of that
 * measurement); a missed goal nobody explained says so, so the gap shows.
 */
export function whyMissed(
  r: BenchResults,
  reasons: Readonly<Record<string, string>> = WHY_MISSED,
): string[] {
  const missed = r.goals.filter((g) => g.met === false);
  if (missed.length === 0) return [];
  return [
    '',
    'Why each missed goal is missed:',
    '',
    ...missed.map(
      (g) =>
        `- **${g.goal}** (${g.value}): ${reasons[g.id] ?? 'not explained yet (bench/why-missed.ts has no entry for this goal).'}`,
    ),
  ];
}

export function renderMarkdown(r: BenchResults): string {
  const out: string[] = [
    '# Benchmark results',
    '',
    heading(r),
    '',
    table(['goal', 'measured', 'met'], goalRows(r)),
    '',
    "*others*: the share of the machine's CPU (all cores) that other processes used during a " +
      'measurement (/proc/stat less the bench and its servers): near 0 % on a quiet machine.',
    ...whyMissed(r),
  ];
  const c = r.conformance;
  if (c) {
    const runs = c.embedded.samples.length;
    out.push(
      '',
      `## Conformance runs (seed ${c.seed}, median of ${runs} run${runs === 1 ? '' : 's'} each)`,
      '',
      table(
        ['run', 'wall time', 'suites', 'reports', 'requests', 'others'],
        [
          row('1. default: embedded reference server', c.embedded),
          row(`2. through a ${c.delayMs} ms delay proxy`, c.delayed),
          ['ratio 2 / 1', c.ratio.toFixed(2), '', '', '', ''],
        ],
      ),
      '',
      `Report writers (index.html, summary.json, junit.xml, Allure): ${s(c.reports.reportsMs)}, ` +
        `${(100 * c.reports.share).toFixed(1)} % of run 1.`,
    );
  }
  if (r.throughput.length > 0) out.push('', ...throughputSection(r, '##'));
  if (r.rss) {
    out.push(
      '',
      '## Reference server RSS (its own process, VmRSS)',
      '',
      table(
        ['after', 'RSS MiB', 'others'],
        [
          ['start (seeded, before any request)', (r.rss.rssAtStartKiB / 1024).toFixed(1), ''],
          ...r.rss.readings.map((reading, i) => [
            i === 0 ? 'before the load' : `+${n(reading.requests)} requests`,
            (reading.rssKiB / 1024).toFixed(1),
            i === 0 ? '' : pct(reading.othersShare),
          ]),
        ],
      ),
    );
  }
  const p = r.package;
  if (p) {
    const list = (values: readonly number[]) => values.map((v) => (v / 1000).toFixed(2)).join(', ');
    out.push(
      '',
      '## The package (npm pack; the compiled bin, no tsx)',
      '',
      table(
        ['what', 'measured', 'others'],
        [
          ['packed (gzip)', `${n(p.packedBytes)} bytes, ${p.files} files`, ''],
          ['unpacked', `${n(p.unpackedBytes)} bytes`, ''],
          ['`--help`', `${list(p.helpSamplesMs)} s`, pct(p.othersShare.help)],
          [
            `\`compare\` of two full runs' summaries (${p.summaryBytes.map((b) => `${n(b / 1024)} KiB`).join(', ')})`,
            `${list(p.compareSamplesMs)} s`,
            pct(p.othersShare.compare),
          ],
        ],
      ),
      '',
      'Wall times from spawn to exit of `node bin/soap-rest-conformance.js …`, each run in turn.',
    );
  }
  const t = r.tests;
  if (t) {
    const counts =
      t.passed === undefined
        ? 'vitest did not run (tsc or eslint failed)'
        : `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`;
    out.push(
      '',
      '## npm test (tsc, eslint, vitest with coverage)',
      '',
      table(
        ['wall time', 'CPU (all its processes)', 'exit', 'vitest', 'others'],
        [[s(t.wallMs), s(t.cpuMs), String(t.exitCode), counts, pct(t.othersShare)]],
      ),
    );
  }
  return `${out.join('\n')}\n`;
}

function row(
  name: string,
  runs: {
    wallMs: number;
    samples: Array<ConformanceRun & { othersShare: number; requests?: number }>;
  },
): string[] {
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const suites = mid(runs.samples.flatMap((r) => (r.suitesMs === undefined ? [] : [r.suitesMs])));
  const reports = mid(
    runs.samples.flatMap((r) => (r.reportsMs === undefined ? [] : [r.reportsMs])),
  );
  return [
    name,
    s(runs.wallMs),
    suites === undefined ? '?' : s(suites),
    reports === undefined ? '?' : s(reports),
    runs.samples.flatMap((r) => (r.requests === undefined ? [] : [n(r.requests)])).join(', '),
    runs.samples.map((r) => pct(r.othersShare)).join(', '),
  ];
}
