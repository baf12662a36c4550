/**
 * The whole runs that several test files judge, made once per `npm test` (a full run each): the
 * first file to ask makes it, the others read what it wrote (waiting for it when
 * they ask while it runs). A file run alone makes its own. Each file still judges the run itself.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import {
  BROKEN_TOKENS,
  readSummary,
  runCli,
  startServerProcess,
  WITH_ALLURE_HTML,
  type CliRun,
} from './cli.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory of tests/support/shared-runs-setup.ts. */
    sharedRuns: string;
  }
}

/** Their Allure reports are opened (tests/cli-run.test.ts, tests/report-size.test.ts). */
const RUNS = {
  /** The default run against the embedded reference server, seed 42. */
  'embedded-seed-42': () => runCli(['--seed', '42'], undefined, WITH_ALLURE_HTML),
  /** The default run against a server that breaks the token rules, without test control. */
  'broken-tokens': async () => {
    const server = await startServerProcess('reference-server/main.ts', BROKEN_TOKENS);
    try {
      return await runCli(['--target', server.url], undefined, WITH_ALLURE_HTML);
    } finally {
      await server.stop();
    }
  },
} satisfies Record<string, () => Promise<CliRun>>;

export type SharedRunName = keyof typeof RUNS;

type Written = Omit<CliRun, 'summary'>;
const WAIT_MS = 300_000;
const made = new Map<SharedRunName, Promise<CliRun>>();

export function sharedRun(name: SharedRunName): Promise<CliRun> {
  let run = made.get(name);
  if (run === undefined) {
    run = makeOrRead(name);
    made.set(name, run);
  }
  return run;
}

async function makeOrRead(name: SharedRunName): Promise<CliRun> {
  const dir = join(inject('sharedRuns'), name);
  const file = join(dir, 'run.json');
  try {
    mkdirSync(dir); // the claim: one process of this npm test makes it
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return withSummary(await written(file, name));
  }
  const fresh = await RUNS[name]();
  const run: Written = {
    code: fresh.code,
    stdout: fresh.stdout,
    stderr: fresh.stderr,
    durationMs: fresh.durationMs,
    reportDir: fresh.reportDir,
  };
  writeFileSync(`${file}.partial`, JSON.stringify(run));
  renameSync(`${file}.partial`, file);
  return withSummary(run);
}

async function written(file: string, name: string): Promise<Written> {
  for (const started = Date.now(); !existsSync(file); await sleep(250))
    if (Date.now() - started > WAIT_MS)
      throw new Error(`the shared run ${name} was not written within ${WAIT_MS / 1000} s`);
  return JSON.parse(readFileSync(file, 'utf8')) as Written;
}

function withSummary(run: Written): CliRun {
  return { ...run, summary: () => readSummary(run.reportDir) };
}
