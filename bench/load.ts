/**
 * A closed-loop load generator over undici: `connections` clients, each sending its next request as
 * soon as the previous answer is read, for a duration or a number of requests. It measures
 * throughput (answers per second) and latency percentiles, and counts every answer whose status
 * is not the expected one: a benchmark of error pages would measure the wrong thing.
 */
import { Pool } from 'undici';

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. /api/artifacts/7. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer must have (200 unless told). */
  status?: number;
}

export interface LoadOptions {
  connections: number;
  /** Stop after this long (ms)… */
  durationMs?: number;
  /** …or after this many requests, whichever comes first. */
  requests?: number;
}

export interface LoadResult {
  requests: number;
  /** Answers with another status than the expected one, and requests that got no answer. */
  errors: number;
  /** The first error seen, to say what went wrong. */
  firstError?: string;
  durationMs: number;
  /** Answers per second. */
  throughput: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Sends `toSend` (a list: each in turn) from `options.connections` closed loops. */
export async function runLoad(
  origin: string,
  toSend: LoadRequest | readonly LoadRequest[],
  options: LoadOptions,
): Promise<LoadResult> {
  const requests: readonly LoadRequest[] = Array.isArray(toSend) ? toSend : [toSend];
  if (requests.length === 0) throw new Error('runLoad: no request to send');
  if (options.durationMs === undefined && options.requests === undefined)
    throw new Error('runLoad: give durationMs, requests or both');
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + (options.durationMs ?? Infinity);
  const limit = options.requests ?? Infinity;

  async function loop(): Promise<void> {
    while (issued < limit && performance.now() < deadline) {
      const request = requests[issued % requests.length]!;
      const expected = request.status ?? 200;
      issued += 1;
      const sent = performance.now();
      try {
        const answer = await pool.request({
          method: request.method,
          path: request.path,
          ...(request.headers === undefined ? {} : { headers: request.headers }),
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        await answer.body.dump({ limit: Infinity });
        if (answer.statusCode !== expected) {
          errors += 1;
          firstError ??= `${request.method} ${request.path}: status ${answer.statusCode}, expected ${expected}`;
        }
      } catch (error) {
        errors += 1;
        firstError ??= `${request.method} ${request.path}: ${(error as Error).message}`;
      }
      latencies.push(performance.now() - sent);
    }
  }

  try {
    await Promise.all(Array.from({ length: options.connections }, loop));
  } finally {
    await pool.close();
  }
  const durationMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    ...(firstError === undefined ? {} : { firstError }),
    durationMs,
    throughput: (latencies.length * 1000) / durationMs,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
  };
}

/** The median of values (NaN when there are none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank percentile of sorted values (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1]!;
}
