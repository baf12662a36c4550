/**
 * `replay REPORT_DIR [--test ID]… [--profile FILE] [--timeout MS]` (design.md, "Commands"): for
 * the developer fixing their server, each failed test's judged exchange sent again to the
 * report's target, by running its reproduce script (lib/clients/reproduce.ts) with the accounts'
 * passwords (from the profile, else the reference server's seeded accounts) in place of the
 * placeholders. Per test: FIXED (the answer is now what the failed assertion expected),
 * STILL FAILING (the same answer as in the report), or CHANGED (another answer, which only
 * rerunning the test can judge: `--last-failed`). Exit 0 all fixed, 1 one still failing, 2 else.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { splitTranscript } from '../report/html-transcript.ts';
import { REDACTED } from '../clients/redact.ts';
import { isRootCause } from '../results/blocked.ts';
import type { RunResult, TestResult } from '../results/model.ts';
import { resolveProfile } from '../target/default-profile.ts';
import { loadProfileFile } from '../target/profile.ts';
import { UsageError } from './args.ts';
import { escapeXml } from '../xml/escape.ts';
import { CLI_COMMAND } from '../layout.ts';

export interface Answer {
  status: number;
  faultcode?: string;
}

export type ReplayOutcome =
  | { kind: 'FIXED' | 'STILL FAILING' | 'CHANGED'; before: Answer; now: Answer; note?: string }
  | { kind: 'NOT REPLAYED'; why: string };

export async function replay(argv: string[]): Promise<number> {
  const { values, positionals } = parseReplayArgs(argv);
  const [dir] = positionals;
  if (dir === undefined || positionals.length > 1)
    throw new UsageError(
      'replay: expected one REPORT_DIR (a report directory or its summary.json)',
    );
  const run = readSummary(dir);
  const wanted = values.test ?? [];
  const tests = run.tests.filter((t) =>
    wanted.length > 0 ? wanted.includes(t.id) : t.status === 'fail',
  );
  for (const id of wanted.filter((id) => !run.tests.some((t) => t.id === id)))
    throw new UsageError(`replay: no test '${id}' in ${dir}`);
  if (tests.length === 0) {
    process.stdout.write(`replay: no failed test in ${dir}: nothing to replay\n`);
    return 0;
  }
  const profile = resolveProfile(
    run.target,
    values.profile === undefined ? undefined : loadProfileFile(values.profile),
  );
  const passwords = new Map(
    Object.values(profile.accounts).map((a) => [a.username, a.password] as const),
  );
  const timeoutMs = Number(values.timeout ?? 10_000);
  process.stdout.write(`replay: ${tests.length} test(s) of ${dir} against ${run.target}\n`);
  const outcomes: ReplayOutcome[] = [];
  for (const test of tests) {
    const outcome = await replayTest(test, passwords, timeoutMs);
    outcomes.push(outcome);
    process.stdout.write(`${describe(test, outcome)}\n`);
  }
  const count = (kind: string) => outcomes.filter((o) => o.kind === kind).length;
  process.stdout.write(
    `replay: ${count('FIXED')} fixed, ${count('STILL FAILING')} still failing, ` +
      `${count('CHANGED')} changed (rerun them: ${CLI_COMMAND} --last-failed ${dir}), ` +
      `${count('NOT REPLAYED')} not replayed\n`,
  );
  if (count('STILL FAILING') > 0) return 1;
  return count('FIXED') === outcomes.length ? 0 : 2;
}

function parseReplayArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        test: { type: 'string', multiple: true },
        profile: { type: 'string' },
        timeout: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`replay: ${(error as Error).message}`);
  }
}

function readSummary(dir: string): RunResult {
  const file = dir.endsWith('.json') ? dir : join(dir, 'summary.json');
  if (!existsSync(file)) throw new UsageError(`replay: no summary.json in ${dir}`);
  return JSON.parse(readFileSync(file, 'utf8')) as RunResult;
}

export async function replayTest(
  test: TestResult,
  passwords: ReadonlyMap<string, string>,
  timeoutMs: number,
): Promise<ReplayOutcome> {
  if (isRootCause(test))
    return {
      kind: 'NOT REPLAYED',
      why: 'a setup read-back, no test of its own: every run reads it back again (--last-failed)',
    };
  if (!test.reproduce || !test.transcript)
    return { kind: 'NOT REPLAYED', why: 'the report has no exchange to send for it' };
  const recorded = recordedExchange(test);
  if (!recorded) return { kind: 'NOT REPLAYED', why: 'the judged exchange got no answer' };
  const before = recorded.answer;
  const script = withPasswords(test.reproduce, passwords);
  if (typeof script !== 'string') return { kind: 'NOT REPLAYED', why: script.why };
  const output = await runScript(script, timeoutMs);
  const now = answerIn(output);
  if (!now)
    return { kind: 'NOT REPLAYED', why: `no HTTP answer: ${output.trim().split('\n')[0] ?? ''}` };
  const kind = judge(test, before, now);
  // A conditional request judged against a version that has moved on since: the expected answer
  // may come from the new version, not from a fix.
  if (kind === 'FIXED' && recorded.conditional)
    return { kind: 'CHANGED', before, now, note: CONDITIONAL_NOTE };
  return { kind, before, now };
}

const CONDITIONAL_NOTE =
  'a conditional request (If-*): the resource has changed since the test, so only a rerun can tell';

/** FIXED when the failed assertion's expected status or fault code now comes back. */
export function judge(
  test: Pick<TestResult, 'expected' | 'actual'>,
  before: Answer,
  now: Answer,
): 'FIXED' | 'STILL FAILING' | 'CHANGED' {
  const expected = test.expected;
  if (expected !== undefined && /^\d{3}$/.test(expected) && test.actual === String(before.status))
    return now.status === Number(expected)
      ? 'FIXED'
      : same(before, now)
        ? 'STILL FAILING'
        : 'CHANGED';
  if (expected !== undefined && /^\d{4}$/.test(expected))
    return now.faultcode === expected ? 'FIXED' : same(before, now) ? 'STILL FAILING' : 'CHANGED';
  return same(before, now) ? 'STILL FAILING' : 'CHANGED';
}

function same(a: Answer, b: Answer): boolean {
  return a.status === b.status && a.faultcode === b.faultcode;
}

function recordedExchange(test: TestResult): { answer: Answer; conditional: boolean } | undefined {
  const parts = splitTranscript(test.transcript ?? '');
  const part = parts[test.judgedExchange ?? parts.length - 1];
  const status = /^--- HTTP (\d{3})/.exec(part?.statusLine ?? '')?.[1];
  if (!part || status === undefined) return undefined;
  return {
    answer: { status: Number(status), ...faultcodeOf(part.response.body) },
    conditional: /^if-(match|none-match|modified-since|unmodified-since):/im.test(
      part.request.headers,
    ),
  };
}

/** The last answer curl -i printed (credential requests print nothing: their output is captured). */
export function answerIn(output: string): Answer | undefined {
  const heads = [...output.matchAll(/^HTTP\/[\d.]+ (\d{3})[^\n]*$/gm)].filter(
    (m) => m[1] !== '100',
  );
  const last = heads.at(-1);
  if (!last) return undefined;
  return { status: Number(last[1]), ...faultcodeOf(output.slice(last.index)) };
}

function faultcodeOf(body: string): { faultcode?: string } {
  const code = /<(?:\w+:)?faultcode[^>]*>\s*(?:\w+:)?([^<\s]*)\s*</.exec(body)?.[1];
  return code === undefined ? {} : { faultcode: code };
}

/** The script with each `<password of USER>` replaced, escaped for where it stands. */
export function withPasswords(
  script: string,
  passwords: ReadonlyMap<string, string>,
): string | { why: string } {
  if (script.includes(REDACTED))
    return { why: 'it needs a secret whose origin the test did not show (redacted)' };
  let missing: string | undefined;
  const filled = script
    .split('\n')
    .map((line) =>
      line.replace(/<password of ([^>]+)>/g, (_, user: string) => {
        const password = passwords.get(user);
        if (password === undefined) missing = user;
        return inSingleQuotes(escapeFor(line, password ?? ''));
      }),
    )
    .join('\n');
  return missing === undefined
    ? filled
    : { why: `no password for '${missing}' (give the profile: --profile FILE)` };
}

/** The placeholder stands in a JSON body (POST /api/tokens), a SOAP body (login) or `-u`. */
function escapeFor(line: string, password: string): string {
  if (/"password":"<password of /.test(line)) return JSON.stringify(password).slice(1, -1);
  if (/<(?:\w+:)?passwd\b/.test(line)) return escapeXml(password);
  return password;
}

/** Every placeholder stands inside single quotes. */
function inSingleQuotes(text: string): string {
  return text.replaceAll("'", `'\\''`);
}

function runScript(script: string, timeoutMs: number): Promise<string> {
  return new Promise((done) =>
    execFile(
      'bash',
      ['-c', script],
      { timeout: timeoutMs * 4, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => done(stdout || (error ? `${error.message} ${stderr}` : stderr)),
    ),
  );
}

function describe(test: TestResult, outcome: ReplayOutcome): string {
  if (outcome.kind === 'NOT REPLAYED') return `NOT REPLAYED   ${test.id}\n  ${outcome.why}`;
  const show = (a: Answer) => `HTTP ${a.status}${a.faultcode ? ` fault ${a.faultcode}` : ''}`;
  return (
    `${outcome.kind.padEnd(14)} ${test.id}\n` +
    `  was ${show(outcome.before)}, now ${show(outcome.now)}` +
    (test.expected === undefined ? '' : `; the test expected ${test.expected}`) +
    (outcome.note ? `\n  ${outcome.note}` : '')
  );
}
