/**
 * Ctrl-C (SIGINT) and SIGTERM during a run (design.md, "Reports"): the first one stops the suites
 * after the tests in flight, whose cleanup runs, and the run ends with a report marked interrupted
 * and exit 130; a second one quits at once. Before the suites start nothing has been created:
 * the first signal quits at once.
 */
export const INTERRUPTED_EXIT = 130;

export class Interruption {
  /** The signal that interrupted the run, once one came. */
  signal: NodeJS.Signals | undefined;
  private stop: (() => Promise<void>) | undefined;
  private readonly handler = (signal: NodeJS.Signals) => this.onSignal(signal);

  constructor(private readonly err: NodeJS.WritableStream = process.stderr) {}

  install(): void {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }

  dispose(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }

  /** From now on the first signal calls `stop` (the suites are running). */
  whileRunning(stop: () => Promise<void>): void {
    this.stop = stop;
  }

  /** The suites are over: a signal now only marks the run interrupted. */
  suitesDone(): void {
    this.stop = async () => undefined;
  }

  private onSignal(signal: NodeJS.Signals): void {
    if (this.signal !== undefined || this.stop === undefined) {
      this.err.write(
        `conformance: interrupted (${signal})${this.signal ? ' again: quitting now, without cleanup or report' : ' before the suites started: nothing was created, no report written'}\n`,
      );
      process.exit(INTERRUPTED_EXIT);
    }
    this.signal = signal;
    this.err.write(
      `conformance: interrupted (${signal}): stopping after the tests in flight and their cleanup; ` +
        `the report will say so (${signal} again to quit at once)\n`,
    );
    void this.stop();
  }
}

/**
 * Runs `create` and takes back the SIGINT/SIGTERM listeners it added: vitest's logger exits the
 * process on the first signal, before our cleanup and report.
 */
export async function withoutTheirSignalListeners<T>(create: () => Promise<T>): Promise<T> {
  const before = {
    SIGINT: new Set(process.listeners('SIGINT')),
    SIGTERM: new Set(process.listeners('SIGTERM')),
  };
  const created = await create();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    for (const listener of process.listeners(signal))
      if (!before[signal].has(listener)) process.off(signal, listener);
  return created;
}
