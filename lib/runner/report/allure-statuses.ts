/**
 * Allure's results are written while the tests run, before the harness judges them: this gives
 * each result the status of the reports (error → broken, expected-fail → skipped with the reason,
 * observed → passed with what was observed, failed hooks and timeouts → broken), so that Allure
 * agrees with index.html and junit.xml; and its section, statements, reproduce command and a
 * trace without the harness's frames (allure-enrich.ts). The run's harness errors become
 * Allure's global errors. Idempotent: merge runs it again over the shares' results.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRootCause } from '../../kit/blocked.ts';
import { transcriptText } from './transcript-text.ts';
import type { TestResult, TestStatus } from '../../run-result.ts';
import { describeHarnessError, type HarnessErrorEntry } from '../results/harness-errors.ts';
import { enrichResult, type AllureResult } from './allure-enrich.ts';
import { stripHarnessFrames } from './harness-frames.ts';
import { sourceName } from '../../layout.ts';

const ALLURE_STATUS: Record<TestStatus, string> = {
  pass: 'passed',
  // INFO never fails: what the test saw is kept as the message of a passed result.
  observed: 'passed',
  fail: 'failed',
  error: 'broken',
  'expected-fail': 'skipped',
  // Not judged: its message names the failed requirement it depends on.
  blocked: 'skipped',
  skip: 'skipped',
};

const ALIGN_CONCURRENCY = 8;

/** A test's key: its file as the reports name it (lib/layout.ts) and its space-separated name. */
function key(file: string, spacedName: string): string {
  return `${file}#${spacedName}`;
}

/**
 * allure-vitest's fullName: '[<package>:]<file>#<suite names and test name, space-separated>', the
 * file relative to the nearest package.json above the working directory: from the installed
 * package, node_modules/soap-rest-conformance/dist/suites/x.test.js, keyed as suites/x.test.ts.
 */
function keyOf(fullName: string): string | undefined {
  const hash = fullName.indexOf('#');
  const at = fullName.lastIndexOf('suites/', hash);
  if (hash < 0 || at < 0) return undefined;
  return `${sourceName(fullName.slice(at, hash))}${fullName.slice(hash)}`;
}

export async function alignAllureStatuses(
  resultsDir: string,
  tests: readonly TestResult[],
): Promise<void> {
  const byKey = new Map(tests.map((t) => [key(t.file, t.name.split(' > ').join(' ')), t]));
  const names = (await readdir(resultsDir)).filter((name) => name.endsWith('-result.json'));
  // A few files at a time: their reads and writes overlap the parsing of the others.
  const work = async () => {
    for (let name = names.pop(); name !== undefined; name = names.pop())
      await alignResult(join(resultsDir, name), byKey);
  };
  await Promise.all(Array.from({ length: ALIGN_CONCURRENCY }, work));
}

async function alignResult(path: string, byKey: ReadonlyMap<string, TestResult>): Promise<void> {
  const result = JSON.parse(await readFile(path, 'utf8')) as AllureResult;
  const match = keyOf(result.fullName ?? '');
  const test = match === undefined ? undefined : byKey.get(match);
  if (!test) return;
  const status = ALLURE_STATUS[test.status];
  const raw =
    test.status === 'expected-fail'
      ? `expected failure (listed in the expectations file): ${test.message ?? ''}`
      : test.status === 'observed'
        ? `observed (INFO: the spec leaves this open; never a failure): ${test.message ?? ''}`
        : test.status === 'pass'
          ? undefined
          : test.message;
  const message = raw === undefined ? undefined : stripHarnessFrames(raw);
  result.status = status;
  const { trace, ...details } = result.statusDetails ?? {};
  delete details.message;
  result.statusDetails = {
    ...details,
    // An observation is no failure: no assertion stack under it.
    ...(test.status === 'observed' || trace === undefined ? {} : { trace }),
    ...(message === undefined ? {} : { message }),
  };
  const enriched = enrichResult(result, test);
  await writeFile(path, JSON.stringify(enriched));
}

/**
 * The failures of setup read-backs (results/blocked.ts), which no vitest test wrote: a failed
 * result each, with the read-back's transcript, so that Allure shows the root cause of its skipped
 * (blocked) tests. Named after the test id: written again (merge), never twice.
 */
export async function writeRootCauses(
  resultsDir: string,
  tests: readonly TestResult[],
): Promise<void> {
  for (const t of tests.filter(isRootCause)) {
    const name = `setup-${createHash('sha256').update(t.id).digest('hex').slice(0, 16)}`;
    const transcript = transcriptText(t);
    const attachments = transcript
      ? [{ name: 'transcript.txt', source: `${name}-attachment.txt`, type: 'text/plain' }]
      : [];
    if (transcript) await writeFile(join(resultsDir, `${name}-attachment.txt`), transcript);
    const result = enrichResult(
      {
        uuid: name,
        historyId: name,
        name: t.name,
        fullName: `${t.file}#${t.name}`,
        status: ALLURE_STATUS[t.status],
        statusDetails: { message: t.message ?? '' },
        stage: 'finished',
        labels: [],
        attachments,
        start: 0,
        stop: t.durationMs,
      },
      t,
    );
    await writeFile(join(resultsDir, `${name}-result.json`), JSON.stringify(result));
  }
}

/**
 * The run's harness errors as Allure's global errors (allure-results/<uuid>-globals.json, read by
 * Allure 3): a run that could not judge does not look clean there. Written anew each time.
 */
export async function writeAllureGlobals(
  resultsDir: string,
  harnessErrors: readonly HarnessErrorEntry[],
): Promise<void> {
  for (const name of await readdir(resultsDir))
    if (name.startsWith('harness-') && name.endsWith('-globals.json'))
      await rm(join(resultsDir, name), { force: true });
  if (harnessErrors.length === 0) return;
  const errors = harnessErrors.map((e) => ({ message: describeHarnessError(e) }));
  await writeFile(
    join(resultsDir, `harness-${randomUUID()}-globals.json`),
    JSON.stringify({ errors, attachments: [] }),
  );
}
