/**
 * Options of `conformance run` (docs/running-against-a-target.md, "Options"); a bad option is a
 * UsageError (exit 2).
 */
import { OneLineError } from '../../errors/one-line-error.ts';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../../did-you-mean.ts';

export class UsageError extends OneLineError {}

export interface RunOptions {
  target?: string;
  profile?: string;
  suites: string[];
  grep?: string;
  seed: number;
  /** --seed was given (else the seed is random, or --last-failed's report's). */
  seedGiven: boolean;
  runs: number;
  concurrency: number;
  timeoutMs: number;
  expectations?: string;
  updateExpectations: boolean;
  reportDir: string;
  shard?: string;
  /** --har FILE: every exchange of the run as HAR 1.2, redacted. */
  har?: string;
  /**
   * --keep-transcripts: the transcript and reproduce script of every test in the reports (by
   * default only those of tests that did not pass or skip: lib/runner/report/evidence.ts).
   */
  keepTranscripts: boolean;
  /** --last-failed REPORT_DIR: only the tests that failed or errored in that report. */
  lastFailed?: string;
  /** --rate-limit N/s: requests a second over the whole run. */
  rateLimit?: number;
  /** --insecure: accept any TLS certificate of the target. */
  insecure: boolean;
  /** --ca FILE: a CA certificate (PEM) to trust besides the system's. */
  ca?: string;
  /** Print every failing and unjudged MUST at the end, in full. */
  verbose: boolean;
  /** Print where the run's time went (npm run bench reads it). */
  timing: boolean;
  help: boolean;
  version: boolean;
}

export const HELP = `usage: npm run conformance -- [run] [options]          (npx soap-rest-conformance [run] [options])
       npm run conformance -- prepare --target URL --profile FILE [--timeout MS] [--insecure] [--ca FILE]
       npm run conformance -- replay REPORT_DIR [--test ID]... [--target URL] [--profile FILE] [--timeout MS] [--report-dir DIR]
       npm run conformance -- cleanup REPORT_DIR [--profile FILE] [--timeout MS] [--insecure] [--ca FILE]
       npm run conformance -- merge RUN... [--out DIR] [--expectations FILE [--update-expectations]]
       npm run conformance -- compare SUMMARY... [--out DIR] [--label NAME]...
       npm run conformance -- analyze FILE.har [--report-dir DIR] [--side server|client|both]
       npm run conformance -- monitor --upstream URL [--port N] [--host ADDR] [--profile FILE]
                                      [--report-dir DIR] [--duration S | --exchanges N]
                                      [--side server|client|both] [--insecure] [--ca FILE]

run (the default): runs the conformance suites against a target and writes the reports.
Without --target, starts the bundled reference server on 127.0.0.1 (ephemeral port, test control on).

  --target URL          base URL of the implementation to check (e.g. https://tuleap.example.org)
  --profile FILE        target profile (JSON; see examples/profile.example.json, schemas/profile.schema.json)
  --suite NAME          run only suite files whose path contains NAME (repeatable), e.g. rest, soap, rest/tokens
  --grep PATTERN        run only tests whose name matches PATTERN (regular expression)
  --seed N              fast-check seed (default: random, printed; replay a run with its seed)
  --runs N              fast-check runs per property (default 100)
  --concurrency N       suite files run in parallel (default ${defaultConcurrency()}); 1: one test at a time
  --timeout MS          per-request timeout in milliseconds (default 10000)
  --expectations FILE   known failures (one requirement or test id per line): exit 0 when only those fail
  --update-expectations rewrite the --expectations FILE from this run's failures (created if missing)
  --report-dir DIR      where reports go (default reports/latest)
  --shard I/N           run the I-th of N shares of the suite files (CI runners; join them with merge)
  --rate-limit N/s      at most N requests a second to the target, over the whole run (e.g. 5/s, 0.5/s)
  --insecure            accept any TLS certificate of the target (HTTP(S)_PROXY and NO_PROXY are honoured)
  --ca FILE             trust this CA certificate (PEM) besides the system's
  --last-failed DIR     rerun only the tests that failed or errored in the report DIR (its summary.json)
  --har FILE            write every exchange of the run to FILE as HAR 1.2 (redacted like the transcripts)
  --keep-transcripts    keep the transcript and reproduce script of passing and skipped tests too
                        (default: only of tests that did not pass, which keeps the reports small)
  --verbose             at the end, every failing and unjudged MUST in full (default: what fits a screen)
  --timing              print where the run's time went (suites, reports) on stderr
  --version             the harness's version
  -h, --help            this text

prepare: creates the shared projects once (those the profile does not name) and writes their ids
  into the profile's fixtures, so that daily runs create only what soap/add-project needs.

replay: reruns each failed test of a report (or each --test ID) through the harness with the
  report's seed, against the report's target (or --target URL), so that each test re-creates its
  own preconditions; --profile FILE as for a run; the rerun's report goes to REPORT_DIR-replay (or
  --report-dir). Per test: FIXED (the check passes now), STILL FAILING (it fails as before),
  CHANGED (it fails otherwise), NOT REPLAYED (why). Exit 0 all fixed, 1 one still fails, 2 else.

cleanup: retries undoing what a report lists as left on its target (the changes whose undo the
  target refused during the run), each with a new session of the account that made it (passwords
  from --profile, else the reference server's seeded accounts); prints what it undid and what
  remains, and records what it undid in REPORT_DIR/cleanup.json. Exit 0 when nothing the
  interfaces can undo remains, 1 when something does, 2 when it could not be done.

merge: joins the report directories of several runs (the shares of a --shard run) into one:
  RUN is a report directory (or its summary.json); --out DIR (default reports/merged) receives
  index.html, summary.json, junit.xml, allure-results/ and allure-report/. Requirements are judged
  again over every test. --expectations FILE re-judges known failures over the whole;
  --update-expectations rewrites that FILE from the merged failures.

compare: one HTML matrix (requirements x implementations, by section, differences highlighted) and a
  JSON from several summary.json files: --out DIR (default reports/compare) receives compare.html and
  compare.json; --label NAME (once per SUMMARY, in order) names the columns (default: the target).

analyze: judges a HAR 1.2 recording (the harness's own --har output, a browser's, a proxy's) with
  the traffic rules, server side and client side (--side, default both), and writes the usual
  reports. The file is read as a stream. A requirement no exchange exercised is not-run ("no
  exchange exercised it"); a malformed or truncated file stops with one line giving the position
  (exit 2), and what came before is judged and reported.

monitor: a reverse proxy in front of --upstream URL (an origin: http or https; --insecure and
  --ca FILE as for a run; --profile FILE: its base URL when --upstream is not given). It listens
  on --host (default 127.0.0.1) --port (default 8080; 0 picks a free port, named in the line
  'monitoring http://HOST:PORT → URL'), forwards every exchange unchanged, judges each as it passes
  like analyze, prints a status line now and then, and writes the reports when it stops: Ctrl-C
  (SIGINT) or SIGTERM, --duration S seconds, or --exchanges N. A stop is its normal end: the exit
  code is the judgement's. What it cannot read (malformed HTTP, a protocol switch) is forwarded
  all the same and counted unjudgeable; a body over 1 MiB is forwarded whole and judged cut.

Exit codes: 0 no MUST requirement failed (known failures excepted); 1 a MUST requirement failed;
            2 the run could not be done or could not judge a MUST (target unreachable, timeouts,
            invalid profile, bad option), or a known failure now passes (update the file).
Reports: DIR/index.html, DIR/summary.json, DIR/junit.xml, DIR/allure-results/, DIR/allure-report/index.html
`;

/**
 * Not sized by cores: the suite files mostly wait on the target (tens of ms a request on a remote
 * one), so 6 run at once even on 2 cores; from 6 on, the longest file's chain bounds the run
 * (lib/runner/cli/file-order.ts). `npm run bench` measures it.
 */
function defaultConcurrency(): number {
  return 6;
}

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`--${name}: expected an integer ≥ ${min}, got '${raw}'`);
  }
  return value;
}

/** The options of `run`, as node's parseArgs reads them. */
export const RUN_OPTIONS = {
  target: { type: 'string' },
  profile: { type: 'string' },
  suite: { type: 'string', multiple: true },
  grep: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  expectations: { type: 'string' },
  'update-expectations': { type: 'boolean', default: false },
  'report-dir': { type: 'string' },
  shard: { type: 'string' },
  har: { type: 'string' },
  'keep-transcripts': { type: 'boolean', default: false },
  'rate-limit': { type: 'string' },
  insecure: { type: 'boolean', default: false },
  ca: { type: 'string' },
  'last-failed': { type: 'string' },
  verbose: { type: 'boolean', default: false },
  timing: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export function parseRunArgs(argv: string[]): RunOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: RUN_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(withSuggestion((error as Error).message));
  }
  if (values.target !== undefined && !/^https?:\/\/[^/]/.test(values.target)) {
    throw new UsageError(`--target: expected an http(s) URL, got '${values.target}'`);
  }
  if (values.target !== undefined && !URL.canParse(values.target))
    throw new UsageError(`--target: not a URL: '${values.target}'`);
  if (values.grep !== undefined) {
    try {
      new RegExp(values.grep);
    } catch (error) {
      throw new UsageError(`--grep: ${(error as Error).message}`);
    }
  }
  if (values['update-expectations'] && values.expectations === undefined)
    throw new UsageError('--update-expectations: needs --expectations FILE (the file to write)');
  if (values['update-expectations'] && values.shard !== undefined)
    throw new UsageError(
      '--update-expectations: not with --shard (a share sees part of the tests); update when merging: merge … --expectations FILE --update-expectations',
    );
  if (
    values['last-failed'] !== undefined &&
    (values.suite !== undefined || values.grep !== undefined)
  )
    throw new UsageError('--last-failed: not with --suite or --grep (it selects the tests itself)');
  if (values.shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values.shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
      throw new UsageError(`--shard: expected I/N with 1 ≤ I ≤ N, got '${values.shard}'`);
    }
  }
  return {
    ...(values.target === undefined ? {} : { target: values.target.replace(/\/+$/, '') }),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    suites: (values.suite ?? []).flatMap((suite: string) => suite.split(',')).filter(Boolean),
    ...(values.grep === undefined ? {} : { grep: values.grep }),
    seed: integer('seed', values.seed, Math.floor(Math.random() * 2 ** 31), 0),
    seedGiven: values.seed !== undefined,
    runs: integer('runs', values.runs, 100, 1),
    concurrency: integer('concurrency', values.concurrency, defaultConcurrency(), 1),
    timeoutMs: integer('timeout', values.timeout, 10_000, 1),
    ...(values.expectations === undefined ? {} : { expectations: values.expectations }),
    updateExpectations: values['update-expectations'],
    reportDir: values['report-dir'] ?? 'reports/latest',
    ...(values.shard === undefined ? {} : { shard: values.shard }),
    ...(values.har === undefined ? {} : { har: values.har }),
    keepTranscripts: values['keep-transcripts'],
    ...(values['rate-limit'] === undefined ? {} : { rateLimit: rate(values['rate-limit']) }),
    insecure: values.insecure,
    ...(values.ca === undefined ? {} : { ca: values.ca }),
    ...(values['last-failed'] === undefined ? {} : { lastFailed: values['last-failed'] }),
    verbose: values.verbose,
    timing: values.timing,
    help: values.help,
    version: values.version,
  };
}

/** '5/s', '0.5/s' (or a bare number): requests a second, > 0. */
function rate(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)(?:\/s)?$/.exec(raw.trim());
  const value = match ? Number(match[1]) : Number.NaN;
  if (!(value > 0))
    throw new UsageError(`--rate-limit: expected N/s with N > 0 (e.g. 5/s), got '${raw}'`);
  return value;
}

/** The options of `run`, as typed on the command line. */
export const RUN_OPTION_NAMES = [
  ...new Set([...HELP.matchAll(/^ {2}(?:-h, )?(--[a-z-]+)/gm)].map((m) => m[1]!)),
  '-h',
];

/** parseArgs' "Unknown option '--sed'" gets the nearest known option, when one is near. */
function withSuggestion(message: string): string {
  const typed = /Unknown option '(-{1,2}[^'=]+)/.exec(message)?.[1];
  if (typed === undefined) return message;
  const near = didYouMean(typed, RUN_OPTION_NAMES);
  return `unknown option '${typed}'${near === undefined ? '' : `: did you mean ${near}?`}`;
}
