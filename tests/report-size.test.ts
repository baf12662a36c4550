/**
 * Reports sized for CI artefacts: a full default run (seed 42) writes under 5 MB (no passing
 * test's transcript attached to Allure nor its reproduce script in summary.json, Allure's single
 * file compressed), and a test that did not pass keeps its evidence: its transcript and
 * reproduce script in summary.json, its transcript in Allure's results and in its report.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { SECTIONS, SECTION_TITLES } from '../lib/requirements/index.ts';
import { CHROMIUM_MISSING, launchChromium } from './support/chromium.ts';
import { sharedRun } from './support/shared-runs.ts';

const BUDGET = 5 * 1024 * 1024;

/** The bytes of every file under `dir` (what a CI artefact of it holds, before its own zip). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

/** The data files of Allure's packed single-file report (lib/runner/report/allure-pack.ts). */
function packedAllureData(reportDir: string): Map<string, string> {
  const html = readFileSync(join(reportDir, 'allure-report', 'index.html'), 'latin1');
  const packed = /allurePacked\.inflate\("([A-Za-z0-9+/=]+)"\)\.then\(function \(json\)/.exec(html);
  expect(
    packed,
    'allure-report/index.html is packed (lib/runner/report/allure-pack.ts)',
  ).not.toBeNull();
  const entries = JSON.parse(
    gunzipSync(Buffer.from(packed![1]!, 'base64')).toString('utf8'),
  ) as Array<[string, string, 0 | 1]>;
  return new Map(
    entries.map(([name, value, raw]) => [
      name,
      raw ? Buffer.from(value, 'base64').toString('utf8') : value,
    ]),
  );
}

describe('report size', () => {
  test('a full default run (seed 42) writes its reports in under 5 MB', async () => {
    const run = await sharedRun('embedded-seed-42');
    const bytes = bytesUnder(run.reportDir);
    const parts = readdirSync(run.reportDir, { withFileTypes: true }).map((entry) => {
      const path = join(run.reportDir, entry.name);
      return `${entry.name} ${entry.isDirectory() ? bytesUnder(path) : statSync(path).size}`;
    });
    expect(bytes, `report ${run.reportDir}: ${parts.join(', ')}`).toBeLessThan(BUDGET);
    const tests = run.summary().tests;
    const passed = tests.filter((t) => t.status === 'pass' || t.status === 'skip');
    expect(passed.length).toBeGreaterThan(300);
    // Neither the passing tests' transcripts nor their reproduce scripts (--keep-transcripts).
    expect(passed.filter((t) => t.transcript !== undefined || t.reproduce !== undefined)).toEqual(
      [],
    );
    const attachments = readdirSync(join(run.reportDir, 'allure-results')).filter((name) =>
      name.endsWith('-attachment.txt'),
    );
    expect(attachments).toEqual([]);
  }, 300_000);

  test('a test that did not pass keeps its transcript and reproduce script, in every report', async () => {
    const run = await sharedRun('broken-tokens');
    const failed = run
      .summary()
      .tests.filter((t) => t.status === 'fail' && t.transcript !== undefined);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.filter((t) => t.reproduce !== undefined).length).toBeGreaterThan(0);
    const resultsDir = join(run.reportDir, 'allure-results');
    const attached = new Set(
      readdirSync(resultsDir)
        .filter((name) => name.endsWith('-attachment.txt'))
        .map((name) => readFileSync(join(resultsDir, name), 'utf8')),
    );
    const report = [...packedAllureData(run.reportDir).values()];
    for (const t of failed) {
      expect(attached.has(t.transcript!), `${t.id}: its transcript in allure-results`).toBe(true);
      expect(report.includes(t.transcript!), `${t.id}: its transcript in allure-report`).toBe(true);
    }
    const passedWithEvidence = run
      .summary()
      .tests.filter((t) => t.status === 'pass' && (t.transcript ?? t.reproduce) !== undefined);
    expect(passedWithEvidence).toEqual([]);
  }, 300_000);

  test.skipIf(CHROMIUM_MISSING !== undefined)(
    "Allure's packed report opens from disk, its sections in specification order (§1 first)",
    async () => {
      const run = await sharedRun('embedded-seed-42');
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(String(error)));
        await page.route(/^https?:/, (route) => route.abort());
        await page.goto(pathToFileURL(join(run.reportDir, 'allure-report', 'index.html')).href);
        const sections = page.locator('[data-testid="tree-section"]');
        await sections.first().waitFor({ timeout: 30_000 });
        const names = (await sections.allInnerTexts()).map((text) => text.split('\n')[0]);
        expect(names).toEqual(SECTIONS.map((s) => `${s} ${SECTION_TITLES[s]}`));
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    300_000,
  );
});
