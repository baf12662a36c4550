/**
 * Allure agrees with the other reports: an INFO observation is passed (with what it saw), never
 * failed; a run of observations and skips has nothing failed or broken; harness errors are global.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { TestResult, TestStatus } from '../../run-result.ts';
import { rootCauseFailure } from '../../kit/blocked.ts';
import { alignAllureStatuses, writeAllureGlobals, writeRootCauses } from './allure-statuses.ts';

const TRACE = [
  'AssertionError: assertion',
  '    at file:///p/node_modules/allure-vitest/dist/matchers.js:353:170',
  '    at /p/suites/x.test.ts:3:4',
  '    at /p/lib/conformance-test.ts:77:7',
  '    at /u/node_modules/soap-rest-conformance/dist/suites/y/z.test.js:3:4',
  '    at /u/node_modules/soap-rest-conformance/dist/lib/conformance-test.js:77:7',
].join('\n');

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
        statusDetails: { message: 'assertion', trace: TRACE },
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
  expect(failed?.statusDetails.trace).toBe(
    'AssertionError: assertion\n    at /p/suites/x.test.ts:3:4\n' +
      '    at /u/node_modules/soap-rest-conformance/dist/suites/y/z.test.js:3:4',
  );
  expect(broken?.status).toBe('broken');
});

test('from the installed package: the compiled suite file, without a project name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const file = join(dir, 'observed-result.json');
  writeFileSync(
    file,
    JSON.stringify({
      fullName: 'node_modules/soap-rest-conformance/dist/suites/x.test.js#observed',
      status: 'failed',
    }),
  );
  await alignAllureStatuses(dir, [result('observed', 'observed')]);
  expect((JSON.parse(readFileSync(file, 'utf8')) as { status: string }).status).toBe('passed');
});

test('a run of INFO observations and skips shows nothing failed or broken in Allure', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const statuses = { observed: 'failed', skip: 'skipped', pass: 'passed' } as const;
  for (const [name, status] of Object.entries(statuses))
    writeFileSync(
      join(dir, `${name}-result.json`),
      JSON.stringify({ fullName: `pkg:suites/x.test.ts#${name}`, status }),
    );
  await alignAllureStatuses(dir, [
    result('observed', 'observed'),
    result('skip', 'skip'),
    result('pass', 'pass'),
  ]);
  const seen = Object.keys(statuses).map(
    (name) =>
      (JSON.parse(readFileSync(join(dir, `${name}-result.json`), 'utf8')) as { status: string })
        .status,
  );
  expect(seen).toEqual(['passed', 'skipped', 'passed']);
});

test('harness errors become Allure global errors, replaced on each write', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  await writeAllureGlobals(dir, [
    { message: 'one', count: 1 },
    { message: 'two', count: 1 },
  ]);
  await writeAllureGlobals(dir, [{ message: 'three', count: 2 }]);
  const globals = readdirSync(dir).filter((f) => f.endsWith('-globals.json'));
  expect(globals).toHaveLength(1);
  expect(JSON.parse(readFileSync(join(dir, globals[0]!), 'utf8'))).toEqual({
    errors: [{ message: 'three (×2)' }],
    attachments: [],
  });
  await writeAllureGlobals(dir, []);
  expect(readdirSync(dir).filter((f) => f.endsWith('-globals.json'))).toEqual([]);
});

test('blocked → skipped with its reason; its root cause is a failed result of its own, once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const file = join(dir, 'blocked-result.json');
  writeFileSync(
    file,
    JSON.stringify({
      fullName: 'pkg:suites/x.test.ts#blocked',
      status: 'skipped',
      statusDetails: {},
    }),
  );
  const blocked = {
    ...result('blocked', 'blocked'),
    message: 'not judged: depends on r, which failed',
  };
  const cause = {
    ...rootCauseFailure([{ requirement: 'r', fact: 'bob is a member', evidence: '3203' }]),
    transcript: 'POST /soap/project/',
  };
  await alignAllureStatuses(dir, [blocked, cause]);
  await writeRootCauses(dir, [blocked, cause]);
  await writeRootCauses(dir, [blocked, cause]);
  const skipped = JSON.parse(readFileSync(file, 'utf8')) as {
    status: string;
    statusDetails: { message?: string };
  };
  expect(skipped).toMatchObject({ status: 'skipped', statusDetails: { message: blocked.message } });
  const written = readdirSync(dir).filter((f) => f.startsWith('setup-'));
  expect(written.sort()).toEqual([
    expect.stringMatching(/-attachment\.txt$/),
    expect.stringMatching(/-result\.json$/),
  ]);
  const failure = JSON.parse(
    readFileSync(
      join(
        dir,
        written.find((f) => f.endsWith('.json'))!,
      ),
      'utf8',
    ),
  ) as { status: string; statusDetails: { message: string } };
  expect(failure.status).toBe('failed');
  expect(failure.statusDetails.message).toBe('bob is a member: does not hold. 3203');
});
