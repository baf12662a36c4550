/**
 * Known failures end to end (docs/running-against-a-target.md, "Known failures"): a target with two broken token rules
 * (tests/support/misbehaving-server.ts break-tokens), the token suite, and expectations files.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import {
  newReportDir,
  runCli,
  seededProjectsProfile,
  startServerProcess,
  type CliRun,
} from './support/cli.ts';

let server: Awaited<ReturnType<typeof startServerProcess>>;
beforeAll(async () => {
  server = await startServerProcess('tests/support/misbehaving-server.ts', ['break-tokens']);
});
afterAll(() => server?.stop());

const BROKEN = ['rest.tokens.fields', 'rest.tokens.uri-form'];

function expectationsFile(lines: string[]): string {
  const file = join(newReportDir(), 'known-failures.txt');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
const run = (...args: string[]) =>
  runCli([
    '--target',
    server.url,
    '--profile',
    seededProjectsProfile(),
    '--suite',
    'rest/tokens',
    ...args,
  ]);
const statusOf = (r: CliRun, id: string) =>
  r.summary().requirements.find((x) => x.id === id)?.status;

// Concurrent: each test starts its own runs; assertions use the test's own expect.
describe.concurrent('--expectations', () => {
  test('without a file, the broken rules fail the run (exit 1)', async ({ expect }) => {
    const r = await run();
    expect(r.code).toBe(1);
    for (const id of BROKEN) expect(statusOf(r, id), id).toBe('fail');
  });

  test('--update-expectations writes the failures; with that file the run exits 0, and says expected-fail everywhere', async ({
    expect,
  }) => {
    const file = join(newReportDir(), 'new-known-failures.txt');
    const written = await run('--expectations', file, '--update-expectations');
    expect(written.code, written.stdout).toBe(0);
    expect(written.stdout).toMatch(/expectations: wrote .* \(2 entries; 2 added, 0 removed\)/);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Known failures/);
    expect(text).toContain('suites/rest/tokens.test.ts::POST /api/tokens > the token response uri');

    const again = await run('--expectations', file);
    expect(again.code).toBe(0);
    for (const id of BROKEN) expect(statusOf(again, id), id).toBe('expected-fail');
    expect(statusOf(again, 'rest.tokens.create')).toBe('pass');
    expect(again.summary().totals['expected-fail']).toBe(2);
    expect(again.stdout).toMatch(/^all .* 2 /m);
    const html = readFileSync(join(again.reportDir, 'index.html'), 'utf8');
    expect(html).not.toContain('data-verdict="conforming"');
    expect(html).toContain('Expected failures (2)');
    expect(html).toMatch(/2 expected-fail/);
    const junit = readFileSync(join(again.reportDir, 'junit.xml'), 'utf8');
    expect(junit.match(/<skipped message="expected failure: /g)).toHaveLength(2);
    expect(junit).toContain('<property name="status" value="expected-fail"/>');
    expect(junit).toContain(
      '<property name="requirement rest.tokens.fields (MUST)" value="expected-fail"/>',
    );
    // Allure agrees: the two are skipped as expected failures, not failed.
    const allure = readdirSync(join(again.reportDir, 'allure-results'))
      .filter((f) => f.endsWith('-result.json'))
      .map(
        (f) =>
          JSON.parse(readFileSync(join(again.reportDir, 'allure-results', f), 'utf8')) as {
            status: string;
            statusDetails: { message?: string };
          },
      );
    expect(allure.filter((r) => r.status === 'failed')).toEqual([]);
    const excused = allure.filter((r) => r.statusDetails.message?.startsWith('expected failure'));
    expect(excused.map((r) => r.status)).toEqual(['skipped', 'skipped']);
  });

  test('a listed failure that passes is an unexpected pass (exit 2) that says how to fix the file', async ({
    expect,
  }) => {
    const file = expectationsFile([...BROKEN, 'rest.tokens.create  # fixed since']);
    const r = await run('--expectations', file);
    expect(r.code).toBe(2);
    expect(r.summary().expectations?.unexpectedPasses).toEqual(['rest.tokens.create']);
    expect(r.stdout).toContain(
      `unexpected pass: 'rest.tokens.create' is listed in ${file} but passed: remove that line, ` +
        `or rerun with --expectations ${file} --update-expectations`,
    );
    const html = readFileSync(join(r.reportDir, 'index.html'), 'utf8');
    expect(html).toContain('id="unexpected-passes"');

    const updated = await run('--expectations', file, '--update-expectations');
    expect(updated.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(`${BROKEN.join('\n')}\n`);
  });

  test('only the listed failures are excused', async ({ expect }) => {
    const r = await run('--expectations', expectationsFile(['rest.tokens.fields']));
    expect(r.code).toBe(1);
    expect(statusOf(r, 'rest.tokens.fields')).toBe('expected-fail');
    expect(statusOf(r, 'rest.tokens.uri-form')).toBe('fail');
  });

  test('--update-expectations refuses a --shard run: a share sees part of the tests', async ({
    expect,
  }) => {
    const r = await run('--expectations', 'x.txt', '--update-expectations', '--shard', '1/2');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^conformance: --update-expectations: not with --shard .*merge/);
  });

  test('an unknown requirement id is a one-line error naming the line (exit 2)', async ({
    expect,
  }) => {
    const r = await run('--expectations', expectationsFile(['# ok', 'rest.tokens.feilds']));
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("line 2: 'rest.tokens.feilds' is neither a requirement id");
  });
});
