/**
 * `replay REPORT_DIR [--test ID]… [--target URL] [--profile FILE] [--timeout MS] [--report-dir DIR]`
 * (docs/reading-the-report.md, "The request that broke the rule"): for the developer fixing their
 * server, each failed test of a report is
 * judged again by running the test itself through the harness, with the report's seed: its own
 * setup first (artifacts, memberships, tokens), so that no write to shared state is ever sent
 * without it, and its whole check. Per test: FIXED (the check passes now), STILL FAILING (it fails
 * as in the report), CHANGED (it fails otherwise), NOT REPLAYED (why). Exit 0 all fixed, 1 one
 * still fails, 2 when the rerun could not be done or judged none of them.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { isRootCause } from '../../kit/blocked.ts';
import type { RunResult, TestResult } from '../../run-result.ts';
import { UsageError } from './args.ts';
import { selectionOf } from './last-failed.ts';
import { maskDates, masked } from './replay-mask.ts';

export type ReplayOutcome =
  | { kind: 'FIXED' }
  | { kind: 'STILL FAILING'; now: string }
  | { kind: 'CHANGED'; was: string; now: string }
  | { kind: 'NOT REPLAYED'; why: string };

const FAILED: ReadonlySet<string> = new Set(['fail', 'error']);

export async function replay(argv: string[]): Promise<number> {
  const { values, positionals } = parseReplayArgs(argv);
  const [dir] = positionals;
  if (dir === undefined || positionals.length > 1)
    throw new UsageError(
      'replay: expected one REPORT_DIR (a report directory or its summary.json)',
    );
  const run = readSummary(dir);
  const wanted = values.test ?? [];
  for (const id of wanted.filter((id) => !run.tests.some((t) => t.id === id)))
    throw new UsageError(`replay: no test '${id}' in ${dir}`);
  const tests = run.tests.filter((t) =>
    wanted.length > 0 ? wanted.includes(t.id) : FAILED.has(t.status),
  );
  if (tests.length === 0) {
    process.stdout.write(`replay: no failed test in ${dir}: nothing to replay\n`);
    return 0;
  }
  if (values.target === undefined && run.targetKind === 'embedded')
    throw new UsageError(
      `replay: ${dir} judged the embedded reference server, which ended with its run: give --target URL`,
    );
  const target = values.target ?? run.target;
  const rerunTests = toRerun(tests, run.tests);
  const reportDir = values['report-dir'] ?? `${reportDirOf(dir)}-replay`;
  process.stdout.write(
    `replay: ${tests.length} test(s) of ${dir} rerun against ${target}, seed ${run.seed}, ` +
      `each with its own setup (report: ${reportDir})\n`,
  );
  const rerun = await rerunSelected(rerunTests, run, {
    target,
    reportDir,
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.timeout === undefined ? {} : { timeout: values.timeout }),
  });
  if (typeof rerun === 'string') {
    process.stderr.write(`replay: the rerun could not be done: ${rerun}\n`);
    return 2;
  }
  const outcomes = tests.map((test) => {
    const outcome = judgeReplay(
      test,
      rerun.tests.find((t) => t.id === test.id),
    );
    process.stdout.write(`${describe(test, outcome)}\n`);
    return outcome;
  });
  const count = (kind: ReplayOutcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
  process.stdout.write(
    `replay: ${count('FIXED')} fixed, ${count('STILL FAILING')} still failing, ` +
      `${count('CHANGED')} changed, ${count('NOT REPLAYED')} not replayed\n`,
  );
  if (count('STILL FAILING') + count('CHANGED') > 0) return 1;
  return count('FIXED') === outcomes.length ? 0 : 2;
}

/**
 * The suite tests to rerun: the failed ones, and for a setup read-back that failed (a root cause,
 * no test of its own: every run reads it back again) the tests it blocked, whose run does it.
 */
function toRerun(selected: readonly TestResult[], all: readonly TestResult[]): TestResult[] {
  const causes = new Set(selected.filter(isRootCause).flatMap((t) => t.requirements));
  return [
    ...selected.filter((t) => !isRootCause(t)),
    ...all.filter((t) => t.blockedBy !== undefined && causes.has(t.blockedBy.requirement)),
  ];
}

/** FIXED only when the check itself passes now; a failure is the same when it reads the same. */
export function judgeReplay(before: TestResult, now: TestResult | undefined): ReplayOutcome {
  // A setup read-back that no longer fails is not in the rerun: the rule held this time.
  if (now === undefined && isRootCause(before)) return { kind: 'FIXED' };
  if (now === undefined)
    return { kind: 'NOT REPLAYED', why: 'the rerun has no such test (renamed or moved since?)' };
  if (now.status === 'pass' || now.status === 'observed') return { kind: 'FIXED' };
  if (!FAILED.has(now.status))
    return { kind: 'NOT REPLAYED', why: `${now.status}: ${firstLine(now.message)}` };
  const same =
    now.status === before.status &&
    masked(firstLine(now.message)) === masked(firstLine(before.message)) &&
    maskDates(now.expected ?? '') === maskDates(before.expected ?? '') &&
    maskDates(now.actual ?? '') === maskDates(before.actual ?? '');
  return same
    ? { kind: 'STILL FAILING', now: firstLine(now.message) }
    : { kind: 'CHANGED', was: firstLine(before.message), now: firstLine(now.message) };
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0] ?? '';
}

interface RerunOptions {
  target: string;
  reportDir: string;
  profile?: string;
  timeout?: string;
}

/** The tests rerun by the CLI itself (a child process, its output kept out of replay's). */
async function rerunSelected(
  tests: readonly TestResult[],
  run: RunResult,
  options: RerunOptions,
): Promise<RunResult | string> {
  const selection = selectionOf(tests);
  const args = [
    '--target',
    options.target,
    '--seed',
    String(run.seed),
    '--runs',
    String(run.runs),
    '--report-dir',
    options.reportDir,
    ...selection.suites.flatMap((suite) => ['--suite', suite]),
    '--grep',
    selection.grep,
    ...(options.profile === undefined ? [] : ['--profile', options.profile]),
    ...(options.timeout === undefined ? [] : ['--timeout', options.timeout]),
  ];
  const { code, stderr } = await runCli(args);
  const summary = join(options.reportDir, 'summary.json');
  if (code === 2 && !existsSync(summary)) return stderr.trim().split('\n').at(-1) ?? `exit ${code}`;
  return JSON.parse(readFileSync(summary, 'utf8')) as RunResult;
}

function runCli(args: string[]): Promise<{ code: number; stderr: string }> {
  const entry = process.argv[1] ?? '';
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) => done({ code: code ?? 2, stderr }));
  });
}

function parseReplayArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        test: { type: 'string', multiple: true },
        target: { type: 'string' },
        profile: { type: 'string' },
        timeout: { type: 'string' },
        'report-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`replay: ${(error as Error).message}`);
  }
}

function reportDirOf(dir: string): string {
  return (dir.endsWith('.json') ? dirname(dir) : dir).replace(/\/+$/, '');
}

function readSummary(dir: string): RunResult {
  const file = dir.endsWith('.json') ? dir : join(dir, 'summary.json');
  if (!existsSync(file)) throw new UsageError(`replay: no summary.json in ${dir}`);
  return JSON.parse(readFileSync(file, 'utf8')) as RunResult;
}

function describe(test: TestResult, outcome: ReplayOutcome): string {
  const head = `${outcome.kind.padEnd(14)} ${test.id}`;
  switch (outcome.kind) {
    case 'FIXED':
      return head;
    case 'STILL FAILING':
      return `${head}\n  ${outcome.now}`;
    case 'CHANGED':
      return `${head}\n  was: ${outcome.was}\n  now: ${outcome.now}`;
    case 'NOT REPLAYED':
      return `${head}\n  ${outcome.why}`;
  }
}
