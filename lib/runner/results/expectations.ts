/**
 * Known failures (--expectations FILE). The file is text, one entry per line:
 *
 *   # comment lines, blank lines
 *   rest.tokens.fields                      # a requirement id: every failing test of it
 *   suites/rest/tokens.test.ts::POST /api/tokens > the token response uri must …   # a test id
 *
 * Text after a '#' that starts the line or follows a blank is a comment. A requirement id must be
 * in the catalogue (a typo is an error, exit 2); a test id is `<suite file>::<full name>`, as in
 * summary.json's `tests[].id`.
 *
 * Verdicts: a failing test becomes 'expected-fail' when its id is listed or every requirement it
 * checks is listed (a test of a listed and an unlisted requirement stays 'fail': the unlisted one
 * may be what broke). A listed requirement counts its failing tests as expected failures. Only
 * 'fail' is ever excused: an error (timeout, no answer) or a skip stays what it is. A listed entry
 * whose tests all ran and passed is an unexpected pass: the file must shrink (exit 2).
 */
import { OneLineError } from '../../errors/one-line-error.ts';
import { readFileSync } from 'node:fs';
import { requirement } from '../../requirements/index.ts';
import type { TestResult } from '../../run-result.ts';
import { CLI_COMMAND } from '../../layout.ts';

export class ExpectationsError extends OneLineError {}

export interface ExpectationEntry {
  id: string;
  kind: 'requirement' | 'test';
  /** 1-based line in the file. */
  line: number;
}

export interface Expectations {
  path: string;
  entries: ExpectationEntry[];
  /** The file's lines as read (kept by --update-expectations). */
  lines: string[];
}

const COMMENT = /(^|\s)#.*$/;

export function parseExpectations(path: string, text: string): Expectations {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const entries: ExpectationEntry[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, i) => {
    const id = raw.replace(COMMENT, '').trim();
    if (id === '') return;
    const line = i + 1;
    const kind = id.includes('::') ? 'test' : 'requirement';
    if (kind === 'requirement' && requirement(id) === undefined)
      problems.push(
        `line ${line}: '${id}' is neither a requirement id of the catalogue nor a test id (file::name)`,
      );
    else if (seen.has(id)) problems.push(`line ${line}: '${id}' is listed twice`);
    else entries.push({ id, kind, line });
    seen.add(id);
  });
  if (problems.length > 0)
    throw new ExpectationsError(`expectations ${path}: ${problems.join('; ')}`);
  return { path, entries, lines };
}

/** Reads FILE; with `missingIsEmpty` (for --update-expectations) a missing file is no entry. */
export function loadExpectations(path: string, missingIsEmpty = false): Expectations {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (missingIsEmpty && (error as NodeJS.ErrnoException).code === 'ENOENT')
      return { path, entries: [], lines: [] };
    throw new ExpectationsError(`cannot read expectations ${path}: ${(error as Error).message}`);
  }
  return parseExpectations(path, text);
}

/** Requirement ids the file lists: judgeRequirements counts their failing tests as expected. */
export function listedRequirements(entries: readonly ExpectationEntry[]): Set<string> {
  return new Set(entries.filter((e) => e.kind === 'requirement').map((e) => e.id));
}

export interface AppliedExpectations {
  tests: TestResult[];
  /** Entries whose tests all ran and passed. */
  unexpectedPasses: string[];
  /** Entries no test of the run concerns. */
  unseen: string[];
}

function concerns(entry: string, test: TestResult): boolean {
  return test.id === entry || test.requirements.includes(entry);
}

/** Listed by id, or every requirement it failed is listed (those it held or never reached are not). */
function excused(test: TestResult, listed: ReadonlySet<string>): boolean {
  const failed = test.outcomes
    ? test.requirements.filter((id) => test.outcomes?.[id]?.status === 'fail')
    : test.requirements;
  return listed.has(test.id) || (failed.length > 0 && failed.every((id) => listed.has(id)));
}

/**
 * Applies the entries to the run's tests. Tests already 'expected-fail' (a merged run's input)
 * are first put back to 'fail', so that the entries given here alone decide.
 */
export function applyExpectations(
  tests: readonly TestResult[],
  entries: readonly string[],
): AppliedExpectations {
  const listed = new Set(entries);
  const out = tests.map((t): TestResult => {
    const raw = t.status === 'expected-fail' ? 'fail' : t.status;
    return { ...t, status: raw === 'fail' && excused(t, listed) ? 'expected-fail' : raw };
  });
  const unexpectedPasses: string[] = [];
  const unseen: string[] = [];
  for (const entry of entries) {
    const concerned = out.filter((t) => concerns(entry, t));
    if (concerned.length === 0) unseen.push(entry);
    else if (concerned.every((t) => t.status === 'pass')) unexpectedPasses.push(entry);
  }
  return { tests: out, unexpectedPasses, unseen };
}

export interface UpdatedExpectations {
  text: string;
  entries: string[];
  added: string[];
  removed: string[];
}

/**
 * --update-expectations: the file rewritten from the run's failures. An entry about tests of this
 * run stays while one of them fails, and goes when none does; an entry about no test of this run
 * (another --suite, --grep or --shard) stays. Every failing test not yet excused is added by its
 * test id. Comments and the order of the kept lines are preserved.
 */
export function updateExpectations(
  current: Expectations,
  tests: readonly TestResult[],
  now = new Date(),
): UpdatedExpectations {
  const failing = tests.filter((t) => t.status === 'fail' || t.status === 'expected-fail');
  const kept = current.entries.filter((entry) => {
    const concerned = tests.filter((t) => concerns(entry.id, t));
    return concerned.length === 0 || concerned.some((t) => failing.includes(t));
  });
  const keptIds = new Set(kept.map((e) => e.id));
  const removed = current.entries.filter((e) => !keptIds.has(e.id)).map((e) => e.id);
  const removedLines = new Set(
    current.entries.filter((e) => !keptIds.has(e.id)).map((e) => e.line),
  );
  const lines = current.lines.filter((_, i) => !removedLines.has(i + 1));
  if (current.lines.length === 0) {
    lines.push(
      `# Known failures for \`${CLI_COMMAND} --expectations FILE\` (docs/running-against-a-target.md: "Known failures").`,
      '# One requirement id or test id (<suite file>::<full name>) per line; "#" starts a comment.',
    );
  }
  const added: string[] = [];
  for (const test of failing) {
    if (excused(test, keptIds) || keptIds.has(test.id)) continue;
    // A test id holding ' #' would read as a comment: list its requirements instead.
    const ids = /\s#/.test(test.id) ? test.requirements : [test.id];
    for (const id of ids) {
      if (keptIds.has(id)) continue;
      keptIds.add(id);
      added.push(id);
      const why = (test.message ?? '').split('\n')[0]?.slice(0, 120) ?? '';
      lines.push(
        ...(added.length === 1
          ? [`# added by --update-expectations on ${now.toISOString().slice(0, 10)}`]
          : []),
        `${id}  # ${test.requirements.join(', ')}${why ? `: ${why}` : ''}`,
      );
    }
  }
  return { text: `${lines.join('\n')}\n`, entries: [...keptIds], added, removed };
}
