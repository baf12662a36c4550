import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  describeRateLimitCost,
  EMBEDDED_TARGET,
  estimateRequests,
  FULL_RUN_REQUESTS,
  HISTORY_ENTRIES,
  historyTarget,
  recordRequests,
} from './request-history.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'requests-')), 'requests.json');
const ALL = { suites: [] };
const TOKENS = { suites: ['rest/tokens'] };

describe('what a --rate-limit run will cost', () => {
  test('the last run against the target with the same selection, else a full run elsewhere, else the estimate', () => {
    const path = fresh();
    expect(estimateRequests('http://a', ALL, path)).toEqual({
      requests: FULL_RUN_REQUESTS,
      source: "the suites' own estimate",
    });
    expect(estimateRequests('http://a', TOKENS, path)).toBeUndefined();
    recordRequests('http://b/', ALL, 2900, path);
    recordRequests('http://a', TOKENS, 40, path);
    expect(estimateRequests('http://a', ALL, path)).toEqual({
      requests: 2900,
      source: 'the last full run, on another target',
    });
    expect(estimateRequests('http://a', TOKENS, path)?.requests).toBe(40);
    expect(estimateRequests('http://b', ALL, path)?.source).toBe(
      'the last such run against this target',
    );
  });

  test('said in requests and time', () => {
    expect(describeRateLimitCost(5, { requests: 2570, source: 'x' })).toBe(
      '--rate-limit 5/s: about 2,570 requests (x), so about 9 min',
    );
    expect(describeRateLimitCost(50, { requests: 100, source: 'x' })).toBe(
      '--rate-limit 50/s: about 100 requests (x), so about 2 s',
    );
  });
});

describe('what requests.json keeps', () => {
  test('one entry per target (origin and path), not per port of the embedded reference server', () => {
    const path = fresh();
    for (const port of [40001, 40002, 40003])
      recordRequests(historyTarget(`http://127.0.0.1:${port}`, true), ALL, 3000 + port, path);
    recordRequests(historyTarget('https://tuleap.example.org/?x=1', false), ALL, 2900, path);
    recordRequests(historyTarget('https://u:p@tuleap.example.org/', false), TOKENS, 40, path);
    const kept = Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object);
    expect(kept.sort()).toEqual(
      [
        `${EMBEDDED_TARGET} all`,
        'https://tuleap.example.org all',
        'https://tuleap.example.org {"suites":["rest/tokens"]}',
      ].sort(),
    );
    expect(estimateRequests(historyTarget('http://127.0.0.1:40999', true), ALL, path)).toEqual({
      requests: 43003,
      source: 'the last such run against this target',
    });
  });

  test('bounded: the most recent entries only', () => {
    const path = fresh();
    for (let i = 0; i < HISTORY_ENTRIES + 30; i += 1)
      recordRequests(`https://t${i}.example.org`, ALL, i, path);
    const kept = Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object);
    expect(kept).toHaveLength(HISTORY_ENTRIES);
    expect(kept).toContain(`https://t${HISTORY_ENTRIES + 29}.example.org all`);
    expect(kept).not.toContain('https://t0.example.org all');
  });
});
