/**
 * `conformance monitor --upstream URL [--port N] [--host H] [--profile FILE] [--report-dir DIR]
 * [--duration S | --exchanges N] [--side server|client|both] [--insecure] [--ca FILE]`: a reverse
 * proxy in front of a server that forwards every exchange unchanged, judges each as it passes with
 * the traffic rules of the chosen sides, prints a status line now and then, and writes the usual
 * reports when it stops (SIGINT or SIGTERM, the duration, the count). Stopping is its normal end:
 * the exit code is the judgement's (0, 1 or 2).
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CLI_COMMAND } from '../../layout.ts';
import { loadProfileFile } from '../../target/profile.ts';
import { TrafficJudge } from '../../traffic/judge.ts';
import { JudgeQueue } from '../../traffic/proxy/judge-queue.ts';
import { MonitorProxy } from '../../traffic/proxy/proxy.ts';
import { upstreamOf } from '../../traffic/proxy/upstream.ts';
import { TRAFFIC_RULES } from '../../traffic/rules/index.ts';
import { renderTrafficClosing } from '../traffic/closing.ts';
import { runOfTraffic } from '../traffic/run-of-traffic.ts';
import { writeTrafficReports } from '../traffic/write.ts';
import { includeSides, parseSides } from './analyze.ts';
import { UsageError } from './args.ts';
import { statusLine } from './monitor-status.ts';
import { transportOptions } from './transport-options.ts';

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
  const outcome = judge.outcome();
  process.stdout.write(`monitor stopped ${why}: ${statusLine(outcome)}\n`);
  const run = runOfTraffic(
    {
      mode: 'monitor',
      source: options.upstream.origin,
      sides: options.sides,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      command: `${CLI_COMMAND} monitor ${argv.join(' ')}`,
    },
    outcome,
  );
  const written = await writeTrafficReports(options.reportDir, run);
  process.stdout.write(renderTrafficClosing(written, options.reportDir, options.verbose));
  return written.exitCode;
}

interface MonitorOptions {
  upstream: Exclude<ReturnType<typeof upstreamOf>, string>;
  host: string;
  port: number;
  reportDir: string;
  sides: ReturnType<typeof parseSides>;
  durationS?: number;
  exchanges?: number;
  verbose: boolean;
}

function monitorOptions(argv: string[]): MonitorOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string', default: '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        profile: { type: 'string' },
        'report-dir': { type: 'string' },
        duration: { type: 'string' },
        exchanges: { type: 'string' },
        side: { type: 'string', default: 'both' },
        insecure: { type: 'boolean', default: false },
        ca: { type: 'string' },
        verbose: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`monitor: ${(error as Error).message}`);
  }
  // The profile names the target: its base URL is the upstream when --upstream is not given.
  const fromProfile =
    values.profile === undefined ? undefined : loadProfileFile(values.profile).baseUrl;
  const raw =
    values.upstream ?? (fromProfile === undefined ? undefined : new URL(fromProfile).origin);
  if (raw === undefined) throw new UsageError('monitor: give --upstream URL (the server to proxy)');
  const tls = transportOptions(values.insecure, values.ca);
  const upstream = upstreamOf(raw, {
    insecure: tls.insecure === true,
    ...(tls.ca ? { ca: tls.ca } : {}),
  });
  if (typeof upstream === 'string') throw new UsageError(`monitor: --upstream: ${upstream}`);
  if (values.duration !== undefined && values.exchanges !== undefined)
    throw new UsageError('monitor: give --duration or --exchanges, not both');
  return {
    upstream,
    host: values.host,
    port: whole('port', values.port, 0, 65535),
    reportDir: resolve(values['report-dir'] ?? 'reports/latest'),
    sides: parseSides(values.side, 'monitor'),
    ...(values.duration === undefined ? {} : { durationS: seconds(values.duration) }),
    ...(values.exchanges === undefined
      ? {}
      : { exchanges: whole('exchanges', values.exchanges, 1, Number.MAX_SAFE_INTEGER) }),
    verbose: values.verbose,
  };
}

function whole(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new UsageError(
      `monitor: --${name}: expected an integer from ${min} to ${max}, got '${raw}'`,
    );
  return value;
}

function seconds(raw: string): number {
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0))
    throw new UsageError(`monitor: --duration: expected seconds > 0, got '${raw}'`);
  return value;
}
