import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  describeRateLimitCost,
  estimateRequests,
  FULL_RUN_REQUESTS,
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
