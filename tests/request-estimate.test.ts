/**
 * The suites' own estimate of a full run's requests (lib/runner/cli/request-history.ts), which
 * `--rate-limit` quotes before any run has been counted, stays near what a full run sends.
 */
import { expect, test } from 'vitest';
import { FULL_RUN_REQUESTS } from '../lib/runner/cli/request-history.ts';
import { sharedRun } from './support/shared-runs.ts';

test('a full run sends about the requests the estimate says (within 30 %)', async () => {
  const { requests } = (await sharedRun('embedded-seed-42')).summary();
  expect(requests, 'requests counted by the full run').toBeGreaterThan(FULL_RUN_REQUESTS * 0.7);
  expect(requests, 'requests counted by the full run').toBeLessThan(FULL_RUN_REQUESTS * 1.3);
});
