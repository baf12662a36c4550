/**
 * Scale in CI (docs/running-against-a-target.md, "Sharding and merging", "Comparing implementations"): the shares of a
 * --shard run, merged, give the verdicts of the whole run; a missing share is refused; compare
 * puts two implementations side by side and highlights where they differ.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pathToFileURL } from 'node:url';
import type { Comparison } from '../lib/runner/results/compare.ts';
import type { RunResult } from '../lib/run-result.ts';
import {
  newReportDir,
  runCli,
  runCommand,
  startServerProcess,
  type CliRun,
} from './support/cli.ts';
import { CHROMIUM_MISSING, launchChromium } from './support/chromium.ts';

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const statuses = (run: RunResult) =>
  Object.fromEntries(run.requirements.map((r) => [r.id, r.status]));

let whole: CliRun;
let shares: CliRun[];
let broken: CliRun;
let server: Awaited<ReturnType<typeof startServerProcess>>;
beforeAll(async () => {
  server = await startServerProcess('tests/support/misbehaving-server.ts', ['break-tokens']);
  // The REST suite files (several, so that each share has some): enough to see the mechanics.
  const base = ['--seed', '9', '--suite', 'rest'];
  [whole, broken, ...shares] = await Promise.all([
    runCli(base),
    runCli([...base, '--target', server.url]),
    runCli([...base, '--shard', '1/2']),
    runCli([...base, '--shard', '2/2']),
  ]);
});
afterAll(() => server?.stop());

describe('--shard and merge', () => {
  let out: string;
  let merged: Awaited<ReturnType<typeof runCommand>>;
  beforeAll(async () => {
    out = join(newReportDir(), 'merged');
    merged = await runCommand(['merge', ...shares.map((s) => s.reportDir), '--out', out]);
  });

  test('each share runs only part of the tests, and says it is a share', () => {
    const counts = shares.map((s) => s.summary().tests.length);
    for (const count of counts) expect(count).toBeGreaterThan(0);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(whole.summary().tests.length);
    expect(shares.map((s) => s.summary().shard)).toEqual(['1/2', '2/2']);
  });

  test('the merged shares give the verdicts, tests and exit code of the whole run', () => {
    expect(merged.code, merged.stderr).toBe(whole.code);
    const result = readJson<RunResult>(join(out, 'summary.json'));
    expect(statuses(result)).toEqual(statuses(whole.summary()));
    const ids = (run: RunResult) => run.tests.map((t) => t.id).sort();
    expect(ids(result)).toEqual(ids(whole.summary()));
    expect(result.requirementTotals).toEqual(whole.summary().requirementTotals);
    expect(result.mergedFrom?.map((m) => m.shard)).toEqual(['1/2', '2/2']);
    expect(merged.stdout).toMatch(new RegExp(`^exit ${whole.code}: `, 'm'));
  });

  test('the merged directory has every report, with the tests of both shares', () => {
    for (const file of ['index.html', 'summary.json', 'junit.xml', 'allure-report/index.html'])
      expect(existsSync(join(out, file)), file).toBe(true);
    const allure = (dir: string) => readdirSync(join(dir, 'allure-results')).length;
    expect(allure(out)).toBe(shares.reduce((n, s) => n + allure(s.reportDir), 0));
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(new RegExp(`<testsuites [^>]*tests="${whole.summary().tests.length}"`));
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toMatch(
      /<dd id="merged">2 runs: shard 1\/2/,
    );
  });

  test('merge --update-expectations rewrites the file from every share', async () => {
    const dir = newReportDir();
    const file = join(dir, 'known.txt');
    writeFileSync(file, '# ours\nrest.tokens.create  # passes by now\n');
    const updated = await runCommand([
      'merge',
      ...shares.map((s) => s.reportDir),
      '--out',
      join(dir, 'merged'),
      '--expectations',
      file,
      '--update-expectations',
    ]);
    expect(updated.stdout).toMatch(/expectations: wrote .* 1 removed\)/);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('# ours');
    expect(readFileSync(file, 'utf8')).not.toContain('rest.tokens.create');
    expect(
      readJson<RunResult>(join(dir, 'merged/summary.json')).expectations?.unexpectedPasses,
    ).toEqual([]);
  });

  test('a share may be empty (exit 0); a run that selects no test is not (exit 2)', async () => {
    const [empty, none] = await Promise.all([
      runCli(['--suite', 'rest/tokens', '--shard', '2/2']),
      runCli(['--suite', 'no-such-suite']),
    ]);
    expect(empty.summary().tests).toEqual([]);
    expect(empty.code).toBe(0);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /--suite no-such-suite selects no suite file; the suites: rest\/access-matrix, rest\/artifacts,/,
    );
    expect(existsSync(join(none.reportDir, 'summary.json'))).toBe(false);
  });

  test('a missing share is refused in one line (exit 2), never reported as not-covered', async () => {
    const missing = await runCommand(['merge', shares[0]!.reportDir, '--out', newReportDir()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toEqual(['conformance: shard 2/2 is missing']);
  });
});

describe('compare', () => {
  let out: string;
  let compared: Awaited<ReturnType<typeof runCommand>>;
  beforeAll(async () => {
    out = newReportDir();
    compared = await runCommand([
      'compare',
      join(whole.reportDir, 'summary.json'),
      broken.reportDir,
      '--label',
      'reference',
      '--label',
      'candidate',
      '--out',
      out,
    ]);
  });

  test('one row per requirement, one column per implementation, differences marked', () => {
    expect(compared.code, compared.stderr).toBe(0);
    const comparison = readJson<Comparison>(join(out, 'compare.json'));
    expect(comparison.implementations.map((i) => i.label)).toEqual(['reference', 'candidate']);
    expect(comparison.requirements).toHaveLength(whole.summary().requirements.length);
    const row = comparison.requirements.find((r) => r.id === 'rest.tokens.uri-form');
    expect(row?.statuses).toEqual({ reference: 'pass', candidate: 'fail' });
    expect(row?.differs).toBe(true);
    const same = comparison.requirements.find((r) => r.id === 'rest.tokens.create');
    expect(same?.differs).toBe(false);
    expect(comparison.differing).toBe(comparison.requirements.filter((r) => r.differs).length);
  });

  test('compare.html highlights the differing rows and links each cell to its report', () => {
    const html = readFileSync(join(out, 'compare.html'), 'utf8');
    expect(html).toMatch(/<tr id="req-rest\.tokens\.uri-form" class="diff">/);
    expect(html).toMatch(/<tr id="req-rest\.tokens\.create" class="same">/);
    expect(html).toContain('index.html#req-rest.tokens.uri-form');
    expect(html).not.toMatch(/<script|<link|src=/);
  });

  test.skipIf(CHROMIUM_MISSING)(
    'in Chromium, "show only the requirements that differ" leaves exactly those rows',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(pathToFileURL(join(out, 'compare.html')).href);
        const rows = page.locator('#matrix tr[id^="req-"]');
        const comparison = readJson<Comparison>(join(out, 'compare.json'));
        expect(await rows.count()).toBe(comparison.requirements.length);
        await page.locator('#only-diff').check();
        const shown = await rows.evaluateAll((trs) =>
          trs.filter((tr) => (tr as HTMLElement).offsetParent !== null).map((tr) => tr.id),
        );
        expect(shown).toEqual(
          comparison.requirements.filter((r) => r.differs).map((r) => `req-${r.id}`),
        );
        expect(shown.length).toBeGreaterThan(0);
      } finally {
        await browser.close();
      }
    },
  );

  test('a file that is not a summary is a one-line error (exit 2)', async () => {
    const bad = await runCommand(['compare', join(whole.reportDir, 'junit.xml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/junit\.xml: not a readable JSON file/);
  });
});
