/**
 * Ctrl-C (SIGINT) and SIGTERM during a run (docs/reading-the-report.md, "Reports are swapped in
 * whole"): the first one stops the suites after the tests in flight, whose cleanup runs, and the
 * run ends with a report marked interrupted and exit 130; before the suites start, the run stops at
 * its next step (run.ts). A second one quits at once, without cleanup or report. Once the run is
 * judged, a signal interrupts nothing: the report is finished, complete, and the run's own exit code
 * stands (once the report is written, a signal ends the process with it, silently).
 */
import { rmSync } from 'node:fs';
import type { ExitCode } from '../../run-result.ts';

export const INTERRUPTED_EXIT = 130;

export class Interruption {
  private received: NodeJS.Signals | undefined;
  /** The run is judged (judging()): a signal from now on interrupts nothing. */
  private judged = false;
  /** A signal that came once the run was judged: a second one quits at once. */
  private late: NodeJS.Signals | undefined;
  /** The run's exit code once its report is written (reported()). */
  private exitCode: ExitCode | undefined;
  private stop: (() => Promise<void>) | undefined;
  /** The stops sent: each ends once the tests in flight and their cleanups are done. */
  private readonly stopping: Array<Promise<void>> = [];
  private filesQueued = false;
  /** Removed on a second signal, which quits at once (the report's staging directory). */
  staging: string | undefined;
  private readonly handler = (signal: NodeJS.Signals) => this.onSignal(signal);

  constructor(private readonly err: NodeJS.WritableStream = process.stderr) {}

  /**
   * The signal that interrupted the run, once one came. A method, not a field: it changes between
   * two reads of the caller, whose compiler would otherwise keep the first read's narrowing.
   */
  signal(): NodeJS.Signals | undefined {
    return this.received;
  }

  install(): void {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }

  /**
   * Removes the handlers; not once the report is written: a signal while the run ends (the
   * embedded server closing) then ends the process with the run's exit code, not the signal's.
   */
  dispose(): void {
    if (this.exitCode !== undefined) return;
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }

  /** From now on the first signal calls `stop` (the suites are running). */
  whileRunning(stop: () => Promise<void>): void {
    this.stop = stop;
  }

  /**
   * A file is queued. A stop that came before the first one (during the provisioning) did not
   * reach vitest's pool: sent again, once. Never over a stop in progress: vitest would then make
   * its workers quit at once, the cleanups of the tests in flight unrun.
   */
  fileQueued(): void {
    const first = !this.filesQueued;
    this.filesQueued = true;
    if (first && this.received !== undefined) this.runStop();
  }

  /** Resolves once the stops sent are over: the tests in flight and their cleanups are done. */
  async stopped(): Promise<void> {
    await Promise.allSettled(this.stopping);
  }

  private runStop(): void {
    if (this.stop !== undefined) this.stopping.push(this.stop());
  }

  /** The suites are over: a signal now only marks the run interrupted. */
  suitesDone(): void {
    this.stop = () => Promise.resolve();
  }

  /**
   * The suites are over and are being judged: the signal that interrupted them, if any. A signal
   * from now on lets the report be finished, complete, and the run keep its exit code.
   */
  judging(): NodeJS.Signals | undefined {
    this.judged = true;
    return this.received;
  }

  /** The report is written and said: the exit code of the run, which a signal no longer changes. */
  reported(exitCode: ExitCode): ExitCode {
    this.exitCode = this.received === undefined ? exitCode : INTERRUPTED_EXIT;
    return this.exitCode;
  }

  private onSignal(signal: NodeJS.Signals): void {
    if (this.exitCode !== undefined) process.exit(this.exitCode);
    if (this.judged && this.received === undefined && this.late === undefined) {
      this.late = signal;
      this.err.write(
        `conformance: ${signal}: the suites are over and judged; the report is being written, ` +
          `then the run ends with its own exit code (${signal} again to quit at once, without report)\n`,
      );
      return;
    }
    if (this.received !== undefined || this.late !== undefined) {
      this.err.write(
        `conformance: interrupted (${signal}) again: quitting now, without cleanup or report\n`,
      );
      if (this.staging) rmSync(this.staging, { recursive: true, force: true });
      process.exit(INTERRUPTED_EXIT);
    }
    this.received = signal;
    this.err.write(
      this.stop === undefined
        ? `conformance: interrupted (${signal}): stopping before the suites start (${signal} again to quit at once)\n`
        : `conformance: interrupted (${signal}): stopping after the tests in flight and their cleanup; ` +
            `the report will say so (${signal} again to quit at once)\n`,
    );
    this.runStop();
  }
}

/**
 * Runs `create` without letting it listen to SIGINT/SIGTERM: vitest's logger would exit the
 * process on the first signal (even one that comes while vitest is being made), before our
 * cleanup and report. It registers them with process.once.
 */
export async function withoutTheirSignalListeners<T>(create: () => Promise<T>): Promise<T> {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with this process, put back
  const once = process.once;
  process.once = function (this: NodeJS.Process, event: string | symbol, listener: never) {
    if (event === 'SIGINT' || event === 'SIGTERM') return this;
    return once.call(this, event, listener);
  } as typeof process.once;
  try {
    return await create();
  } finally {
    process.once = once;
  }
}
