/**
 * How many requests a run sends, remembered per target and selection beside the quota ledger
 * (requests.json; docs/running-against-a-target.md, "What the harness keeps in your cache
 * folder"), so that `--rate-limit` says before the run what it will cost: the count of the last
 * run against that target with the same selection, else of a full run against another target,
 * else the suites' own estimate (a full run, checked against a measured run by
 * tests/request-estimate). A target is its origin and path; the embedded reference server, on a
 * new port each run, is one target. The file keeps the HISTORY_ENTRIES most recent entries.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ledgerPath, targetKey } from '../../kit/target/quota-ledger.ts';

/** The key of the embedded reference server (a run without --target), whatever its port. */
export const EMBEDDED_TARGET = 'embedded reference server';

/** Entries kept: the most recently written. */
export const HISTORY_ENTRIES = 50;

/**
 * What a run's count is kept under: the target's origin and path (no credentials, query or
 * trailing slash), or EMBEDDED_TARGET for the embedded reference server.
 */
export function historyTarget(baseUrl: string, embedded: boolean): string {
  if (embedded) return EMBEDDED_TARGET;
  try {
    const url = new URL(baseUrl);
    return targetKey(`${url.origin}${url.pathname}`);
  } catch {
    return targetKey(baseUrl);
  }
}

/** Requests of a full default run (every suite), as measured on the reference server. */
export const FULL_RUN_REQUESTS = 3500;

interface Entry {
  requests: number;
  at: string;
}

type History = Record<string, Entry>;

export function historyPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(ledgerPath(env)), 'requests.json');
}

export interface Selection {
  suites: readonly string[];
  grep?: string;
  shard?: string;
}

/** 'all' for a full run; else what selects the tests. */
export function selectionKey({ suites, grep, shard }: Selection): string {
  if (suites.length === 0 && grep === undefined && shard === undefined) return 'all';
  return JSON.stringify({ suites: [...suites].sort(), grep, shard });
}

function read(path: string): History {
  try {
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as History) : {};
  } catch {
    return {};
  }
}

/** `target`: historyTarget(…) of the run's target. */
export function recordRequests(
  target: string,
  selection: Selection,
  requests: number,
  path = historyPath(),
): void {
  const history = read(path);
  const key = `${targetKey(target)} ${selectionKey(selection)}`;
  // Written last, so that the entries are in the order they were written.
  delete history[key];
  history[key] = { requests, at: new Date().toISOString() };
  const kept = Object.fromEntries(Object.entries(history).slice(-HISTORY_ENTRIES));
  mkdirSync(dirname(path), { recursive: true });
  const aside = `${path}.${process.pid}.partial`;
  writeFileSync(aside, JSON.stringify(kept, null, 2));
  renameSync(aside, path);
}

export interface Estimate {
  requests: number;
  source: string;
}

export function estimateRequests(
  target: string,
  selection: Selection,
  path = historyPath(),
): Estimate | undefined {
  const history = read(path);
  const key = selectionKey(selection);
  const same = history[`${targetKey(target)} ${key}`];
  if (same) return { requests: same.requests, source: 'the last such run against this target' };
  if (key !== 'all') return undefined;
  const other = Object.entries(history)
    .filter(([k]) => k.endsWith(' all'))
    .sort(([, a], [, b]) => b.at.localeCompare(a.at))[0];
  if (other) return { requests: other[1].requests, source: 'the last full run, on another target' };
  return { requests: FULL_RUN_REQUESTS, source: "the suites' own estimate" };
}

/** The first line of a rate-limited run: what it will cost. */
export function describeRateLimitCost(perSecond: number, estimate: Estimate | undefined): string {
  if (estimate === undefined)
    return (
      `--rate-limit ${perSecond}/s: no count yet of the requests this selection sends ` +
      `(a full run sends about ${FULL_RUN_REQUESTS.toLocaleString('en')}, ${duration(FULL_RUN_REQUESTS / perSecond)} at this rate)`
    );
  return (
    `--rate-limit ${perSecond}/s: about ${estimate.requests.toLocaleString('en')} requests ` +
    `(${estimate.source}), so about ${duration(estimate.requests / perSecond)}`
  );
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}
