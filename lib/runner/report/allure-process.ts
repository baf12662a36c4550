/**
 * Allure's generator, run as a child process. The bundle (allure-generator.ts) can be started
 * ahead, while the suites run: it loads its modules (a quarter of a second) and waits for its
 * arguments on stdin, which the report phase hands over. It runs in the report's staging
 * directory, as a generator started at the end does (Allure reads the git repository it runs in,
 * if any). It has a process group of its own, so that the Ctrl-C that interrupts a run, which
 * then writes its report, does not end it; it quits when its stdin closes unused (the run died).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { allureGenerator, ARGS_ON_STDIN } from './allure-generator.ts';
import { allureHtmlWanted } from './allure-html-wanted.ts';

const execFileAsync = promisify(execFile);
const TIMEOUT_MS = 120_000;

export class StartedAllure {
  private stopped = false;
  private taken = false;
  private readonly child: Promise<ChildProcess | undefined>;

  constructor(cwd: string) {
    if (!allureHtmlWanted()) {
      this.child = Promise.resolve(undefined);
      return;
    }
    this.child = allureGenerator().then(
      ({ script, bundled }) =>
        bundled && !this.stopped
          ? spawn(process.execPath, [script, ARGS_ON_STDIN], {
              cwd,
              stdio: ['pipe', 'ignore', 'pipe'],
              detached: true,
              windowsHide: true,
            })
          : undefined,
      () => undefined,
    );
  }

  /** The waiting generator, once; undefined if there is none or it has ended. */
  async take(): Promise<ChildProcess | undefined> {
    const child = await this.child;
    if (this.taken || child === undefined || child.exitCode !== null || child.signalCode !== null)
      return undefined;
    this.taken = true;
    return child;
  }

  /** Ends the generator if it was not used (the run ended before its reports). */
  stop(): void {
    this.stopped = true;
    void this.child.then((child) => {
      if (!this.taken) child?.kill();
    });
  }
}

/** `allure <args>` in `cwd`: the generator started ahead if there is one waiting, else a new one. */
export async function runAllure(args: string[], cwd: string, ahead?: StartedAllure): Promise<void> {
  const child = await ahead?.take();
  if (child === undefined) {
    const { script } = await allureGenerator();
    await execFileAsync(process.execPath, [script, ...args], {
      cwd,
      timeout: TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
    return;
  }
  await handOver(child, args);
}

function handOver(child: ChildProcess, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64 * 1024);
    });
    const timer = setTimeout(() => child.kill(), TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `Command failed: allure ${args.join(' ')} (${signal ?? `exit ${code}`})\n${stderr}`,
          ),
        );
    });
    // A write to a generator that died meanwhile: its 'close' says so.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(JSON.stringify(args));
  });
}
