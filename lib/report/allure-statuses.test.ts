/** Allure agrees with the other reports: an INFO observation is passed (with what it saw), never failed. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { TestResult, TestStatus } from '../results/model.ts';
import { alignAllureStatuses } from './allure-statuses.ts';

const result = (name: string, status: TestStatus): TestResult => ({
  id: `suites/x.test.ts::${name}`,
  file: 'suites/x.test.ts',
  name,
  status,
  requirements: ['r'],
  durationMs: 1,
  message: `why ${name}`,
});

test('observed → passed with what was observed (no trace); fail stays failed; error → broken', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const written = (['observed', 'fail', 'error'] as const).map((status) => {
    const file = join(dir, `${status}-result.json`);
    writeFileSync(
      file,
      JSON.stringify({
        fullName: `pkg:suites/x.test.ts#${status}`,
        status: 'failed',
        statusDetails: { message: 'assertion', trace: 'at line 1' },
      }),
    );
    return file;
  });
  await alignAllureStatuses(dir, [
    result('observed', 'observed'),
    result('fail', 'fail'),
    result('error', 'error'),
  ]);
  const [observed, failed, broken] = written.map(
    (f) =>
      JSON.parse(readFileSync(f, 'utf8')) as {
        status: string;
        statusDetails: { message?: string; trace?: string };
      },
  );
  expect(observed?.status).toBe('passed');
  expect(observed?.statusDetails.message).toMatch(
    /^observed \(INFO.*never a failure\): why observed$/,
  );
  expect(observed?.statusDetails.trace).toBeUndefined();
  expect(failed?.status).toBe('failed');
  expect(failed?.statusDetails.trace).toBe('at line 1');
  expect(broken?.status).toBe('broken');
});
