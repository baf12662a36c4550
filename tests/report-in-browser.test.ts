/**
 * The HTML report as a person sees it: opened from disk in real headless Chromium, with no network,
 * its requirement table shows the counts of summary.json; a failure shows its explanation.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM_MISSING, launchChromium } from './support/chromium.ts';
import { BROKEN_TOKENS, runCli, startServerProcess, type CliRun } from './support/cli.ts';

describe.skipIf(CHROMIUM_MISSING)('index.html in headless Chromium', () => {
  let browser: Browser;
  let good: CliRun;
  let broken: CliRun;
  beforeAll(async () => {
    const server = await startServerProcess('reference-server/main.ts', BROKEN_TOKENS);
    [good, broken] = await Promise.all([runCli([]), runCli(['--target', server.url])]);
    await server.stop();
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function open(run: CliRun) {
    const page = await browser.newPage();
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) external.push(r.url());
    });
    await page.goto(pathToFileURL(join(run.reportDir, 'index.html')).href);
    return { page, external };
  }

  test('the requirement totals table shows the counts of summary.json, with no network request', async () => {
    const { page, external } = await open(good);
    const summary = good.summary();
    const cell = (status: string) =>
      page
        .locator(`#requirement-totals tr[data-section="all"] td[data-status="${status}"]`)
        .innerText();
    for (const status of ['pass', 'fail', 'error', 'skip', 'not-covered'] as const) {
      expect(Number(await cell(status)), status).toBe(summary.requirementTotals[status]);
    }
    expect(Number(await cell('total'))).toBe(summary.requirements.length);
    expect(await page.locator('#seed').innerText()).toContain(String(summary.seed));
    expect(await page.locator('table.requirements tr[data-status]').count()).toBe(
      summary.requirements.length,
    );
    expect(external).toEqual([]);
    await page.screenshot({ path: join(good.reportDir, 'screenshot.png'), fullPage: false });
  });

  test('a failure shows requirement, expectation, transcript and a reproduce command', async () => {
    const { page } = await open(broken);
    const failure = page.locator('.failure').filter({ hasText: 'uri of the token' });
    expect(await failure.count()).toBe(1);
    const text = await failure.innerText();
    expect(text).toContain('rest.tokens.uri-form');
    expect(text).toContain('Expected');
    expect(text).toContain('/api/tokens/');
    expect(text).toContain('curl -i -X POST');
    await failure.locator('summary').click();
    expect(await failure.locator('details pre').innerText()).toContain('--- HTTP 200');
    expect(await page.locator('.verdict').innerText()).toContain('Not conforming');
    await page.screenshot({ path: join(broken.reportDir, 'screenshot.png'), fullPage: true });
    process.stdout.write(
      `screenshots: ${good.reportDir}/screenshot.png ${broken.reportDir}/screenshot.png\n`,
    );
  });

  test('what INFO checks observed is shown next to their requirement', async () => {
    const observedRequirements = good.summary().requirements.filter((r) => r.observations?.length);
    expect(observedRequirements.length, 'requirements with observations').toBeGreaterThan(0);
    const { page } = await open(good);
    for (const r of observedRequirements) {
      const shown = await page.locator(`tr[id="req-${r.id}"] .observed li`).allInnerTexts();
      expect(shown, r.id).toEqual(r.observations!.map((o) => `Observed: ${o}`));
    }
  });
});
