/**
 * `cleanup REPORT_DIR [--profile FILE] [--timeout MS] [--insecure] [--ca FILE]` (design.md,
 * "Commands"): retries undoing what a report lists as left on its target. Each leftover whose
 * undo the target refused during the run carries the project call that undoes it (summary.json
 * leftovers, `retry`); the command opens a session of the account that made it and sends it
 * again. It prints what it undid, what the target refused again, and the rest counted by kind
 * (the report's "Left on the target" lists each); what it undid is recorded beside the report
 * (cleanup.json), so a second `cleanup` does not send it again. Exit 0 when nothing the
 * interfaces can undo remains, 1 else, 2 when it could not be done.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { HttpClient } from '../../kit/clients/http.ts';
import { Transcript } from '../../kit/clients/transcript.ts';
import { configureTransport } from '../../kit/clients/transport.ts';
import { runCleanup } from '../../kit/cleanup/undo.ts';
import type { UndoStep } from '../../kit/cleanup/types.ts';
import { logoutAll, sessionKey } from '../../kit/fixtures/sessions.ts';
import type { RunResult } from '../../run-result.ts';
import { withSoapBase } from '../../kit/soap/base.ts';
import { resolveProfile } from '../../target/default-profile.ts';
import { loadProfileFile, type Profile, type Role } from '../../target/profile.ts';
import { UsageError } from './args.ts';
import { checkReachable, learnTargetSoapBase } from './preflight.ts';
import { transportOptions } from './transport-options.ts';
import { countByKind, LEFTOVERS_SECTION } from './leftovers-line.ts';

type Leftover = NonNullable<RunResult['leftovers']>['remaining'][number];

export async function cleanup(argv: readonly string[]): Promise<0 | 1> {
  const { values, positionals } = parseCleanupArgs(argv);
  const [where] = positionals;
  if (where === undefined || positionals.length > 1)
    throw new UsageError(
      'cleanup: expected one REPORT_DIR (a report directory or its summary.json)',
    );
  const summaryFile = statSync(where, { throwIfNoEntry: false })?.isDirectory()
    ? join(where, 'summary.json')
    : where;
  if (!existsSync(summaryFile)) throw new UsageError(`cleanup: no summary.json at ${where}`);
  const run = JSON.parse(readFileSync(summaryFile, 'utf8')) as RunResult;
  const record = join(dirname(summaryFile), 'cleanup.json');
  const done = new Set(readDone(record));
  const remaining = (run.leftovers?.remaining ?? []).filter((l) => !done.has(keyOf(l)));
  const retryable = remaining.filter((l) => l.retry !== undefined);
  const out = process.stdout;
  out.write(
    `cleanup: ${run.target}: ${remaining.length} thing(s) left by the run of ${run.startedAt}` +
      `${done.size > 0 ? ` (${done.size} undone by an earlier cleanup)` : ''}, ` +
      `${retryable.length} the interfaces can undo\n`,
  );
  const undone: Leftover[] = [];
  const refused = new Map<Leftover, string>();
  if (retryable.length > 0) {
    const profile = resolveProfile(
      run.target,
      values.profile === undefined ? undefined : loadProfileFile(values.profile),
    );
    const timeoutMs = Number(values.timeout ?? 10_000);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`cleanup: --timeout: not a positive integer: ${values.timeout}`);
    configureTransport(transportOptions(values.insecure ?? false, values.ca));
    await checkReachable(profile.baseUrl, timeoutMs);
    const soapBase = await learnTargetSoapBase(profile, timeoutMs);
    const transcript = new Transcript();
    for (const account of Object.values(profile.accounts)) transcript.secrets.add(account.password);
    const http = withSoapBase(
      new HttpClient(profile.baseUrl, transcript, timeoutMs),
      soapBase.base,
    );
    const keys = new Map<Role, string>();
    try {
      for (const leftover of retryable) {
        const role = roleOf(profile, leftover.retry!.as);
        if (role === undefined) {
          refused.set(leftover, `no account of the profile is '${leftover.retry!.as}'`);
          continue;
        }
        const key = keys.get(role) ?? (await sessionKey(http, profile, role));
        keys.set(role, key);
        const step: UndoStep = {
          kind: leftover.kind as UndoStep['kind'],
          what: undoneText(leftover),
          call: {
            kind: 'soap',
            service: 'project',
            operation: leftover.retry!.operation,
            args: [key, ...leftover.retry!.args],
          },
        };
        const outcome = await runCleanup({ undo: [step], remaining: [] }, http);
        if (outcome.undone.length > 0) undone.push(leftover);
        else
          refused.set(
            leftover,
            (outcome.remaining[0]?.what ?? '').slice(step.what.length).replace(NOT_UNDONE, '$1'),
          );
      }
    } finally {
      if (profile.soapSessions.mode === 'login') await logoutAll(http, [...keys.values()]);
    }
    writeFileSync(
      record,
      `${JSON.stringify({ undone: [...done, ...undone.map(keyOf)] }, null, 2)}\n`,
    );
  }
  for (const l of undone) out.write(`undone: ${undoneText(l)}\n`);
  for (const [l, why] of refused) out.write(`again refused: ${undoneText(l)} (${why})\n`);
  // Those no interface undoes (projects, artifacts, accounts…): counted, not listed one a line.
  const untouched = remaining.filter((l) => !undone.includes(l) && !refused.has(l));
  if (untouched.length > 0)
    out.write(
      `remain: ${countByKind(untouched).join(', ')}${
        untouched.some((l) => l.retry !== undefined) ? '' : ', which no interface undoes'
      } ("${LEFTOVERS_SECTION}" in ${join(dirname(summaryFile), 'index.html')} lists each)\n`,
    );
  const left = retryable.length - undone.length;
  out.write(
    `cleanup: ${undone.length} undone; ${remaining.length - undone.length} remain, of which ` +
      `${left} the interfaces can undo${left > 0 ? ' (run cleanup again later)' : ''}\n`,
  );
  return left === 0 ? 0 : 1;
}

function parseCleanupArgs(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        profile: { type: 'string' },
        timeout: { type: 'string' },
        insecure: { type: 'boolean' },
        ca: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`cleanup: ${(error as Error).message}`);
  }
}

/** The role of the account with that login; the projectAdmin when the report names none. */
function roleOf(profile: Profile, login: string | undefined): Role | undefined {
  if (login === undefined) return 'projectAdmin';
  const roles = Object.keys(profile.accounts) as Role[];
  return roles.find((role) => profile.accounts[role].username === login);
}

/** The refusal runCleanup (lib/kit/cleanup/undo.ts) appends to what it could not undo. */
const NOT_UNDONE = /^: not undone \((.*)\)$/;

/** The undo as it reads once done: the leftover without the run's refusal. */
function undoneText(l: Leftover): string {
  return l.what.replace(/: not undone \(.*\)$/, '');
}

/** What identifies a leftover across cleanups: its test, kind and text. */
function keyOf(l: Leftover): string {
  return `${l.test}\n${l.kind}\n${l.what}`;
}

function readDone(file: string): string[] {
  if (!existsSync(file)) return [];
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { undone?: unknown };
  return Array.isArray(parsed.undone) ? parsed.undone.filter((u) => typeof u === 'string') : [];
}
