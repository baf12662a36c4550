/**
 * CLI runs made by a few long-lived processes (tests/support/cli-driver.js) instead of a process
 * each: a process of its own loads node, vitest, tsx and the harness again, the larger part of a
 * one-suite run's CPU time. For the tests that make many runs and read only their
 * exit code, output and summary.json (planted faults, variants, false alarms); a run that is
 * signalled, whose process itself is under test, or whose Allure report is read, takes runCli
 * (tests/support/cli.ts). These runs generate no Allure HTML report (NO_ALLURE_HTML): no test opens
 * it, and its generation and packing are a large share of a one-suite run's CPU time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { NO_ALLURE_HTML } from '../../lib/runner/report/allure-html-wanted.ts';
import { childEnv, newReportDir, readSummary, ROOT, type CliRun } from './cli.ts';

const DRIVER = join(ROOT, 'tests/support/cli-driver.js');
/** A run that takes longer is ended with its driver (as runCli's timeout ends its process). */
const TIMEOUT_MS = 240_000;
/** A driver is replaced after this many runs: what a run leaves loaded does not pile up. */
const RUNS_PER_DRIVER = 60;
/**
 * Runs at once: as many as vitest runs concurrent tests of a file (its maxConcurrency), as many as
 * the processes of runCli they replace. Fewer would make a test wait for a driver, and the wait
 * counts in its timeout.
 */
const DRIVERS = 5;

/**
 * For runs whose verdicts do not hang on the default concurrency (planted faults, variants): two
 * suite files of a run at once, not six. The runs already go DRIVERS at once and keep the cores
 * busy; each suite file a run adds at once is a worker thread that loads vitest and the harness
 * again, CPU time that judges nothing. The suites' verdicts do not depend on it (a user may run
 * `--concurrency 1`); the false alarms keep the default, the run a user makes.
 */
export const FEW_FILES_AT_ONCE = ['--concurrency', '2'] as const;

interface Answer {
  code: number;
  stdout: string;
  stderr: string;
}

interface Driver {
  child: ChildProcess;
  ready: Promise<void>;
  runs: number;
  /** What the process itself wrote (not a run's): the reason when it dies. */
  log: string;
}

const idle: Driver[] = [];
const all = new Set<Driver>();
let started = 0;
const waiting: ((driver: Driver) => void)[] = [];

function startDriver(): Driver {
  // childEnv: without this vitest's variables; each run gets its own quota ledger on top.
  // No execArgv of this vitest worker (its --conditions development among them): node as
  // runCli starts it.
  const child = fork(DRIVER, [], {
    execArgv: [],
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const driver: Driver = { child, runs: 0, log: '', ready: Promise.resolve() };
  all.add(driver);
  child.once('exit', () => all.delete(driver));
  const keep = (chunk: Buffer) => (driver.log = (driver.log + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  driver.ready = new Promise((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) =>
      reject(new Error(`cli-driver exited with ${code}: ${driver.log}`)),
    );
  });
  // A driver ended before it was ready and before any run asked for it (stopDrivers ending a
  // replacement still loading) is no error of the run: the rejection is seen by a run that awaits it.
  driver.ready.catch(() => undefined);
  // A test file's process may end with drivers idle: they do not keep it alive, and they quit
  // when its IPC channel closes.
  child.unref();
  child.channel?.unref();
  return driver;
}

async function takeDriver(): Promise<Driver> {
  const free = idle.pop();
  if (free) return free;
  if (started < DRIVERS) {
    started += 1;
    return startDriver();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function giveBack(driver: Driver, usable: boolean): void {
  if (!usable || driver.runs >= RUNS_PER_DRIVER) {
    driver.child.kill();
    driver = startDriver();
  }
  const next = waiting.shift();
  if (next) next(driver);
  else idle.push(driver);
}

function ask(driver: Driver, args: string[], env: NodeJS.ProcessEnv): Promise<Answer> {
  const { child } = driver;
  return new Promise((done) => {
    const finish = (answer: Answer) => {
      clearTimeout(timer);
      child.off('message', onAnswer);
      child.off('exit', onExit);
      done(answer);
    };
    const onAnswer = (answer: Answer) => finish(answer);
    const onExit = (code: number | null, signal: string | null) =>
      finish({
        code: -1,
        stdout: '',
        stderr: `cli-driver ended (${code ?? signal}): ${driver.log}`,
      });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ code: -1, stdout: '', stderr: `timed out after ${TIMEOUT_MS / 1000} s` });
    }, TIMEOUT_MS);
    child.on('message', onAnswer);
    child.once('exit', onExit);
    child.send({ args, env });
  });
}

/** `conformance run --report-dir DIR ARGS` as runCli makes it, in a driver. */
export async function runCliPooled(
  args: string[],
  reportDir = newReportDir(),
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun> {
  const driver = await takeDriver();
  const started = Date.now();
  let answer: Answer;
  try {
    await driver.ready;
    driver.runs += 1;
    // A ledger of the run's own, as childEnv gives a process of its own.
    const { SOAP_REST_CONFORMANCE_LEDGER } = childEnv();
    answer = await ask(driver, ['run', '--report-dir', reportDir, ...args], {
      SOAP_REST_CONFORMANCE_LEDGER,
      [NO_ALLURE_HTML]: '1',
      ...env,
    });
  } catch (error) {
    answer = { code: -1, stdout: '', stderr: String(error) };
  }
  giveBack(driver, answer.code !== -1);
  return {
    ...answer,
    durationMs: Date.now() - started,
    reportDir,
    summary: () => readSummary(reportDir),
  };
}

/**
 * Ends the drivers and waits for their exit (a test file's afterAll): a process that has ended
 * and been waited for is counted in its parent's CPU time, as the processes of runCli are.
 */
export async function stopDrivers(): Promise<void> {
  const ending = [...all].map(
    ({ child }) =>
      new Promise<void>((ended) => {
        if (child.exitCode !== null || child.signalCode !== null) return ended();
        child.once('exit', () => ended());
        child.kill();
      }),
  );
  idle.length = 0;
  started = 0;
  await Promise.all(ending);
}
