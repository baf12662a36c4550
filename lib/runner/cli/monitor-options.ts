/** The options of `conformance monitor`, checked: a bad one is a UsageError (one line, exit 2). */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadProfileFile } from '../../target/profile.ts';
import { upstreamOf, type Upstream } from '../../traffic/proxy/upstream.ts';
import { parseSides } from './analyze.ts';
import { UsageError } from './args.ts';
import { transportOptions } from './transport-options.ts';

export interface MonitorOptions {
  upstream: Upstream;
  host: string;
  port: number;
  reportDir: string;
  sides: ReturnType<typeof parseSides>;
  durationS?: number;
  exchanges?: number;
  verbose: boolean;
}

export function monitorOptions(argv: string[]): MonitorOptions {
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
