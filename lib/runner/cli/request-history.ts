/**
 * How many requests a run sends, remembered per target and selection beside the quota ledger, so
 * that `--rate-limit` says before the run what it will cost: the count of the last run against
 * that target with the same selection, else of a full run against another target, else the
 * suites' own estimate (a full run, checked against a measured run by tests/request-estimate).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ledgerPath, targetKey } from '../../kit/target/quota-ledger.ts';

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

export function recordRequests(
  target: string,
  selection: Selection,
  requests: number,
  path = historyPath(),
): void {
  const history = read(path);
  history[`${targetKey(target)} ${selectionKey(selection)}`] = {
    requests,
    at: new Date().toISOString(),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.partial`, JSON.stringify(history, null, 2));
  renameSync(`${path}.partial`, path);
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
