/**
 * No false alarms: the whole default run against the reference server passes with
 * ten different seeds, through a pass-through proxy on another port, and through one that closes
 * idle connections after 1 s (sooner than its Keep-Alive hint says: the client reuses connections
 * closed under it), without a single failure or harness error.
 *
 * Two runs at a time: each run is a vitest with its own workers and, for the seeds, its own
 * embedded reference server; ten at once on a 2-core machine measured event-loop stalls of seconds
 * and harness errors that a user's run never meets.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startReferenceServer } from '../reference-server/listen.ts';
import { runCliPooled, stopDrivers } from './support/cli-pool.ts';
import { startDelayProxy } from '../bench/delay-proxy.ts';

const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
const AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function verdictOf(args: string[]) {
  const run = await inTurn(() => runCliPooled([...args, '--runs', '25']));
  const summary = run.summary();
  const bad = [
    ...summary.requirements
      .filter((r) => r.status === 'fail' || r.status === 'error')
      .map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`.slice(0, 300)),
    ...summary.tests
      .filter((t) => t.status === 'error')
      .map((t) => `test ${t.id}: ${t.message ?? ''}`.slice(0, 300)),
    ...summary.harnessErrors.map((e) => `harness error: ${e.message} (×${e.count})`.slice(0, 300)),
    // The reference server does what the real system does: its INFO checks observe nothing else.
    ...summary.tests
      .filter((t) => t.status === 'observed')
      .map((t) => `observed on the reference server: ${t.id}: ${t.message ?? ''}`.slice(0, 300)),
  ];
  return { code: run.code, bad, stderr: run.stderr.slice(-2000) };
}

async function throughProxy(idleCloseMs: number | undefined, seed: number) {
  const server = await startReferenceServer({ testControl: true });
  // The bench's delay proxy with no delay: a plain pass-through on another port.
  const proxy = await startDelayProxy(server.url, 0, undefined, {
    ...(idleCloseMs === undefined ? {} : { idleCloseMs }),
  });
  try {
    const verdict = await verdictOf(['--target', proxy.url, '--seed', String(seed)]);
    expect(verdict.bad, verdict.stderr).toEqual([]);
    expect(verdict.code, verdict.stderr).toBe(0);
  } finally {
    await proxy.close();
    await server.close();
  }
}

afterAll(stopDrivers);

describe('no false alarms on the reference server', () => {
  test.concurrent.each(SEEDS)(
    'seed %i, embedded reference server: no failure, no error',
    { timeout: 600_000 },
    async (seed) => {
      const verdict = await verdictOf(['--seed', String(seed)]);
      expect(verdict.bad, `seed ${seed}: ${verdict.stderr}`).toEqual([]);
      expect(verdict.code, verdict.stderr).toBe(0);
    },
  );

  test.concurrent(
    'through a pass-through proxy on another port: no failure, no error',
    { timeout: 600_000 },
    () => throughProxy(undefined, 4242),
  );

  test.concurrent(
    'through a proxy that closes idle connections after 1 s: no failure, no error',
    { timeout: 600_000 },
    () => throughProxy(1000, 4243),
  );
});
