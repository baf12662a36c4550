/**
 * `conformance monitor --upstream URL [--port N] [--host H] [--profile FILE] [--report-dir DIR]
 * [--duration S | --exchanges N] [--side server|client|both] [--insecure] [--ca FILE]`: a reverse
 * proxy in front of a server that forwards every exchange unchanged, judges each as it passes with
 * the traffic rules of the chosen sides, prints a status line now and then, and writes the usual
 * reports when it stops (SIGINT or SIGTERM, the duration, the count). Stopping is its normal end:
 * the exit code is the judgement's (0, 1 or 2).
 */
import { TrafficJudge } from '../../traffic/judge.ts';
import { JudgeQueue } from '../../traffic/proxy/judge-queue.ts';
import { MonitorProxy } from '../../traffic/proxy/proxy.ts';
import { TRAFFIC_RULES } from '../../traffic/rules/index.ts';
import { renderTrafficClosing } from '../traffic/closing.ts';
import { commandThatRan } from '../traffic/command-line.ts';
import { runOfTraffic } from '../traffic/run-of-traffic.ts';
import { writeTrafficReports } from '../traffic/write.ts';
import { includeSides } from './analyze.ts';
import { UsageError } from './args.ts';
import { monitorOptions } from './monitor-options.ts';
import { statusLine } from './monitor-status.ts';

/** Body bytes kept per message for the judge: longer bodies are forwarded whole, judged cut. */
const BODY_CAP = 1024 * 1024;
const STATUS_EVERY_MS = 10_000;
/** After the stop, how long an exchange in flight may take to end before its connection closes. */
const GRACE_MS = 2_000;

export async function monitor(argv: string[]): Promise<number> {
  const options = monitorOptions(argv);
  const judge = new TrafficJudge(TRAFFIC_RULES, includeSides(options.sides));
  const queue = new JudgeQueue(judge);
  let seen = 0;
  let stop: (why: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const upstreamErrors = new Map<string, number>();
  const startedAt = new Date();
  // Before the ready line: a signal sent as soon as it is printed must stop the monitor, not kill it.
  const onSignal = (signal: NodeJS.Signals) => stop(`on ${signal}`);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const proxy = await MonitorProxy.listen({
    upstream: options.upstream,
    host: options.host,
    port: options.port,
    bodyCap: BODY_CAP,
    sink: {
      exchange: (exchange) => {
        queue.exchange(exchange);
        if ((seen += 1) === options.exchanges) stop(`after ${seen} exchanges`);
      },
      unjudgeable: (seq, reason) => {
        queue.unjudgeable(seq, reason);
        if ((seen += 1) === options.exchanges) stop(`after ${seen} exchanges`);
      },
    },
    onUpstreamError: (error) => {
      const count = upstreamErrors.get(error.message) ?? 0;
      upstreamErrors.set(error.message, count + 1);
      if (count === 0)
        process.stderr.write(
          `monitor: a connection to ${options.upstream.origin} failed: ${error.message}\n`,
        );
    },
  }).catch((error: Error) => {
    throw new UsageError(
      `monitor: cannot listen on ${options.host}:${options.port}: ${error.message}`,
    );
  });
  const address = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${proxy.port}`;
  process.stdout.write(`monitoring ${address} → ${options.upstream.origin}\n`);

  const timer =
    options.durationS === undefined
      ? undefined
      : setTimeout(() => stop(`after ${options.durationS} s`), options.durationS * 1000);
  let lastShown = -1;
  const status = setInterval(() => {
    if (queue.settled === lastShown) return;
    lastShown = queue.settled;
    process.stdout.write(`${statusLine(judge.outcome())}\n`);
  }, STATUS_EVERY_MS);
  status.unref();

  const why = await stopped;
  clearTimeout(timer);
  clearInterval(status);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  await proxy.close(GRACE_MS);
  queue.drain();
  judge.end();
  const outcome = judge.outcome();
  process.stdout.write(`monitor stopped ${why}: ${statusLine(outcome)}\n`);
  const run = runOfTraffic(
    {
      mode: 'monitor',
      source: options.upstream.origin,
      sides: options.sides,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      command: commandThatRan(),
    },
    outcome,
  );
  for (const [message, count] of upstreamErrors)
    if (count > 1)
      process.stderr.write(`monitor: ${count} connections to the upstream failed: ${message}\n`);
  const written = await writeTrafficReports(options.reportDir, run);
  process.stdout.write(renderTrafficClosing(written, options.reportDir, options.verbose));
  return written.exitCode;
}
