/**
 * What failed, in the terminal at the end of a run: each failing MUST with its test,
 * the first line of its message and how to reproduce it (a command to copy when it is one short
 * line without credentials, else the script file the run wrote beside its report, with the
 * environment variables it needs); then each MUST not judged (error,
 * skipped, not run) with its reason. It fits a screen; `verbose` prints everything.
 */
import { isAbsolute, relative } from 'node:path';
import { scriptNeeds } from '../../kit/clients/reproduce.ts';
import type { RequirementResult, RunResult, TestResult } from '../../run-result.ts';
import { reproduceFile } from '../report/reproduce-files.ts';

/** Failing MUSTs shown without --verbose (4 lines each: a screen with the table above). */
const FAILURES_SHOWN = 6;
/** Not-judged reasons shown without --verbose. */
const NOT_JUDGED_SHOWN = 6;
const LINE_WIDTH = 160;

/** `reportDir`: where the run wrote its reports (and the reproduce scripts beside them). */
export function renderFailureList(run: RunResult, verbose: boolean, reportDir: string): string {
  const byId = new Map(run.tests.map((t) => [t.id, t]));
  const must = run.requirements.filter((r) => r.level === 'MUST');
  const lines: string[] = [];

  const failing = must.filter((r) => r.status === 'fail');
  if (failing.length > 0) {
    lines.push(`failing MUST requirements (${failing.length}):`);
    const shown = verbose ? failing : failing.slice(0, FAILURES_SHOWN);
    // A test that fails several requirements: its script once, the others point to it.
    const printed = new Set<string>();
    const blockedOn = new Map<string, number>();
    for (const t of run.tests)
      if (t.status === 'blocked' && t.blockedBy)
        blockedOn.set(t.blockedBy.requirement, (blockedOn.get(t.blockedBy.requirement) ?? 0) + 1);
    for (const r of shown) {
      lines.push(...describeFailure(r, byId, verbose, printed, reportDir));
      const blocked = blockedOn.get(r.id);
      // The root cause once, with what it kept from being judged.
      if (blocked) lines.push(`    blocks: ${blocked} test(s), not judged (status blocked)`);
    }
    if (shown.length < failing.length)
      lines.push(`  … ${failing.length - shown.length} more: index.html, or rerun with --verbose`);
  }

  const needTestControl = new Set((run.verdict?.needTestControl ?? []).map((r) => r.id));
  const notJudged = must.filter(
    (r) =>
      (r.status === 'error' ||
        r.status === 'skip' ||
        r.status === 'blocked' ||
        r.status === 'not-run') &&
      !needTestControl.has(r.id),
  );
  if (notJudged.length > 0) {
    lines.push(`MUST requirements not judged (${notJudged.length}):`);
    // Many requirements share one reason (a failed provisioning, a --suite subset): one line each.
    const groups = new Map<string, string[]>();
    for (const r of notJudged) {
      const key = `${r.status}: ${firstLine(r.reason ?? 'no reason recorded')}`;
      groups.set(key, [...(groups.get(key) ?? []), r.id]);
    }
    const entries = [...groups];
    const shown = verbose ? entries : entries.slice(0, NOT_JUDGED_SHOWN);
    for (const [reason, ids] of shown)
      lines.push(
        `  ${clip(ids.length === 1 ? ids[0]! : `${ids.length} requirements`, verbose)}: ${clip(reason, verbose)}`,
        ...(ids.length > 1 ? [`    ${clip(ids.join(', '), verbose)}`] : []),
      );
    if (shown.length < entries.length)
      lines.push(`  … ${entries.length - shown.length} more reasons: index.html, or --verbose`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function describeFailure(
  r: RequirementResult,
  byId: ReadonlyMap<string, TestResult>,
  verbose: boolean,
  printed: Set<string>,
  reportDir: string,
): string[] {
  const failed = r.tests.filter((t) => t.status === 'fail');
  const test = byId.get(failed[0]?.id ?? '');
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more tests)` : '';
  const lines = [`  ${r.id} (${r.section})`];
  if (!test) return [...lines, `    ${clip(r.reason ?? '', verbose)}`];
  lines.push(`    test: ${clip(`${test.file} > ${test.name}${more}`, verbose)}`);
  lines.push(`    why:  ${clip(firstLine(test.message ?? r.reason ?? ''), verbose)}`);
  if (test.reproduce) {
    const script = test.reproduce.split('\n');
    if (verbose && printed.has(test.id)) lines.push('    reproduce: the script above (same test)');
    else if (verbose) {
      printed.add(test.id);
      lines.push(
        `    reproduce (${scriptFile(test, reportDir)}):`,
        ...script.map((l) => `      ${l}`),
      );
    } else lines.push(`    reproduce: ${reproduceLine(test, reportDir)}`);
  }
  return lines;
}

/**
 * What to run to reproduce a test, in one line that runs as it is copied: the command itself when
 * the script is one short command that needs nothing, else the script file and what it needs.
 */
function reproduceLine(test: TestResult, reportDir: string): string {
  const script = test.reproduce ?? '';
  const commands = script
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#') && l !== 'set -euo pipefail');
  const needs = scriptNeeds(script);
  const only = commands[0] ?? '';
  if (commands.length === 1 && needs.length === 0 && only.length <= LINE_WIDTH) return only;
  // What it needs as a shell comment: the whole line still runs as it is copied.
  const env = needs.length === 0 ? '' : `  # needs ${needs.join(', ')} in the environment`;
  return `bash ${shellWord(scriptFile(test, reportDir))}${env}`;
}

/** The script's path: from the current directory when the report is under it, else absolute. */
function scriptFile(test: TestResult, reportDir: string): string {
  const dir = relative(process.cwd(), reportDir);
  const shown = dir === '' ? '.' : dir.startsWith('..') || isAbsolute(dir) ? reportDir : dir;
  return `${shown}/${reproduceFile(test)}`;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim() !== '') ?? '';
}

function clip(text: string, verbose: boolean): string {
  return verbose || text.length <= LINE_WIDTH ? text : `${text.slice(0, LINE_WIDTH - 1)}…`;
}
