/**
 * index.html reads at a glance, as a person sees it in headless Chromium at 1400 px:
 * the verdict badge with the exit code in its colour, the jump to the failures, the status filter
 * and the search, links both ways between requirement, test and failure card, pretty bodies with
 * the raw bytes kept, and nothing wider than the window. A run with planted faults (a SOAP and a
 * REST one) and a clean run of the same suites; screenshots of both are written next to them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sectionLabel, type AllureResult } from '../lib/runner/report/allure-enrich.ts';
import { VERDICT_BADGE } from '../lib/runner/report/html-style.ts';
import { CHROMIUM_MISSING, launchChromium } from './support/chromium.ts';
import { runCli, startServerProcess, WITH_ALLURE_HTML, type CliRun } from './support/cli.ts';

const SUITES = ['--suite', 'rest/tokens', '--suite', 'soap/membership'];
const FAULTS = ['--fault', 'token-uri-relative', '--fault', 'soap-member-add-not-applied'];
const WIDTH = 1400;

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

test('each verdict kind has a badge of its own colour', () => {
  const colours = Object.values(VERDICT_BADGE).map((b) => b.colour);
  expect(new Set(colours).size).toBe(colours.length);
  // Harness errors (undecided) are not the colour of a run that merely lacked something.
  expect(VERDICT_BADGE.undecided.colour).not.toBe(VERDICT_BADGE['not-shown'].colour);
});

describe.skipIf(CHROMIUM_MISSING)('index.html at a glance, in Chromium at 1400 px', () => {
  let browser: Browser;
  let failing: CliRun;
  let clean: CliRun;
  beforeAll(async () => {
    const server = await startServerProcess('reference-server/main.ts', [
      '--port',
      '0',
      '--test-control',
      ...FAULTS,
    ]);
    [failing, clean] = await Promise.all([
      runCli(['--target', server.url, ...SUITES], undefined, WITH_ALLURE_HTML),
      runCli(SUITES),
    ]);
    await server.stop();
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function open(run: CliRun): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 1000 } });
    await page.goto(pathToFileURL(join(run.reportDir, 'index.html')).href);
    return page;
  }

  const visible = (page: Page, selector: string) =>
    page
      .locator(selector)
      .evaluateAll((all) => all.filter((e) => e.getClientRects().length > 0).length);

  test('the badge says NOT CONFORMING with exit 1 in red; a clean run its own verdict in its own colour', async () => {
    expect(failing.code, failing.stderr.slice(-500)).toBe(1);
    expect(clean.code, clean.stderr.slice(-500)).toBe(0);
    expect(failing.summary().verdict?.kind).toBe('not-conforming');
    // A --suite subset of a clean run: no MUST failed, but not every one was run.
    const cleanKind = clean.summary().verdict!.kind;
    expect(cleanKind).not.toBe('not-conforming');
    for (const [run, kind, code] of [
      [failing, 'not-conforming', 1],
      [clean, cleanKind, 0],
    ] as const) {
      const page = await open(run);
      const badge = page.locator('#verdict .verdict-badge');
      expect(await badge.innerText()).toBe(VERDICT_BADGE[kind].label);
      expect(await badge.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
        rgb(VERDICT_BADGE[kind].colour),
      );
      expect(await page.locator('#verdict .exit').innerText()).toBe(`exit ${code}`);
      expect(await page.locator('#verdict').getAttribute('data-exit-code')).toBe(String(code));
      await page.screenshot({ path: join(run.reportDir, 'glance.png') });
      await page.close();
    }
    process.stdout.write(
      `screenshots: ${failing.reportDir}/glance.png ${clean.reportDir}/glance.png\n`,
    );
  });

  test('the jump link leads to the failures, which are there', async () => {
    const page = await open(failing);
    const jump = page.locator('#jump-failures');
    expect(await jump.getAttribute('href')).toBe('#failures');
    await jump.click();
    expect(await page.evaluate(() => location.hash)).toBe('#failures');
    expect(await page.locator('#failures').isVisible()).toBe(true);
    const cards = await page.locator('.failure[data-status="fail"]').count();
    expect(cards).toBe(failing.summary().totals.fail);
    expect(await page.locator('#failures').innerText()).toContain(`(${cards})`);
    const clean1 = await open(clean);
    expect(await clean1.locator('#jump-failures').count()).toBe(0);
  });

  test('the status filter hides the passing tests; failures only; show all', async () => {
    const page = await open(failing);
    const passing = failing.summary().tests.filter((t) => t.status === 'pass').length;
    expect(passing).toBeGreaterThan(0);
    expect(await visible(page, 'table.tests tr[data-status="pass"]')).toBe(passing);
    await page.locator('#controls input[data-status="pass"]').uncheck();
    expect(await visible(page, 'table.tests tr[data-status="pass"]')).toBe(0);
    expect(await visible(page, 'table.tests tr[data-status="fail"]')).toBe(
      failing.summary().totals.fail,
    );
    // A section with nothing left to show is hidden with its heading.
    for (const group of await page.locator('section[data-group]').all()) {
      const shown = await group.locator('[data-filter]:not(.hidden)').count();
      expect(await group.isVisible()).toBe(shown > 0);
    }
    await page.locator('#show-all').click();
    expect(await visible(page, 'table.tests tr[data-status="pass"]')).toBe(passing);
    await page.locator('#failures-only').click();
    expect(await visible(page, 'tr[data-filter][data-status="pass"]')).toBe(0);
    expect(await visible(page, '.failure[data-status="fail"]')).toBeGreaterThan(0);
  });

  test('the search finds a requirement id: its row, its tests and its card', async () => {
    const page = await open(failing);
    await page.locator('#search').fill('rest.tokens.uri-form');
    expect(await visible(page, 'tr[id="req-rest.tokens.uri-form"]')).toBe(1);
    expect(await visible(page, 'tr[id="req-rest.tokens.create"]')).toBe(0);
    const cards = page.locator('.failure:visible');
    expect(await cards.count()).toBe(1);
    expect(await cards.innerText()).toContain('uri of the token');
    expect(await page.locator('#shown').innerText()).toMatch(/^\d+ of \d+ /);
  });

  test('requirement, test and failure card link to one another, and every link resolves', async () => {
    const page = await open(failing);
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll('a[href^="#"]')]
        .map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1)))
        .filter((id) => !document.getElementById(id)),
    );
    expect(broken).toEqual([]);
    const req = 'req-rest.tokens.uri-form';
    const card = page
      .locator('.failure[data-status="fail"]')
      .filter({ hasText: 'uri of the token' });
    const cardId = (await card.getAttribute('id'))!;
    const testId = cardId.replace(/^card-/, 'test-');
    // card → requirement and test row
    expect(await card.locator(`a[href="#${req}"]`).count()).toBe(1);
    expect(await card.locator(`a[href="#${testId}"]`).count()).toBe(1);
    // requirement → card (a failing test links to its card)
    expect(await page.locator(`tr[id="${req}"] a[href="#${cardId}"]`).count()).toBe(1);
    // test row → card and requirement
    const row = page.locator(`tr[id="${testId}"]`);
    expect(await row.locator(`a[href="#${cardId}"]`).count()).toBe(1);
    expect(await row.locator(`a[href="#${req}"]`).count()).toBe(1);
    // Following a link lands on its target, even when the filter had hidden it.
    await page.locator('#failures-only').click();
    await page.locator(`tr[id="${req}"] a[href="#${cardId}"]`).click();
    await card.locator(`a[href="#${testId}"]`).click();
    expect(await row.isVisible()).toBe(true);
  });

  test('JSON and XML bodies are shown indented, with the raw bytes kept', async () => {
    const page = await open(failing);
    const pretty = await page.locator('pre.body.pretty').allTextContents();
    expect(pretty.some((b) => b.startsWith('{\n  "'))).toBe(true);
    expect(
      pretty.some((b) => /^<\?xml[^\n]*\n<SOAP-ENV:Envelope[^\n]*>\n {2}<SOAP-ENV:Body>/.test(b)),
    ).toBe(true);
    const raws = await page.locator('details.raw pre').allTextContents();
    expect(raws.length).toBe(pretty.length);
    // The raw bytes are the transcript's own: what a user would copy.
    const transcripts = failing
      .summary()
      .tests.map((t) => t.transcript ?? '')
      .join('\n');
    for (const raw of raws.slice(0, 20)) expect(transcripts).toContain(raw);
  });

  test('nothing is wider than the window, and prose wraps between words only', async () => {
    for (const run of [failing, clean]) {
      const page = await open(run);
      await page.evaluate(() =>
        document.querySelectorAll('details').forEach((d) => (d.open = true)),
      );
      const overflow = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        wide: [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((e) => `${e.tagName}.${e.className}`)
          .slice(0, 5),
        midWord: [...document.querySelectorAll('main *, header *')]
          .filter((e) => !e.closest('pre, code.cmd'))
          .filter((e) => {
            const s = getComputedStyle(e);
            return s.wordBreak === 'break-all' || s.overflowWrap === 'anywhere';
          })
          .map((e) => `${e.tagName}.${e.className}`)
          .slice(0, 5),
      }));
      expect(overflow).toEqual({ scroll: WIDTH, wide: [], midWord: [] });
      await page.locator('#failures').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(run.reportDir, 'glance-failures.png') });
    }
  });

  test('Allure: one node per test under its section, statements and reproduce on the page, no harness frames, the verdict in its name', async () => {
    const summary = failing.summary();
    const dir = join(failing.reportDir, 'allure-results');
    const results = readdirSync(dir)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AllureResult);
    expect(results).toHaveLength(summary.tests.length);
    const bySection = new Map<string, number>();
    for (const r of results) {
      const parents = r.labels!.filter((l) => l.name === 'parentSuite').map((l) => l.value);
      expect(parents, r.name).toHaveLength(1);
      bySection.set(parents[0]!, (bySection.get(parents[0]!) ?? 0) + 1);
      expect(r.statusDetails?.trace ?? '').not.toMatch(/node_modules|\/lib\/|node:internal/);
    }
    const expected = new Map<string, number>();
    for (const t of summary.tests)
      expected.set(sectionLabel(t), (expected.get(sectionLabel(t)) ?? 0) + 1);
    expect(bySection).toEqual(expected);
    const failed = results.find((r) => r.name?.includes('uri must have the form'))!;
    expect(failed.status).toBe('failed');
    expect(failed.descriptionHtml).toContain('The token response uri has the form');
    expect(failed.descriptionHtml).toContain('curl -sS -i -X POST');

    const page = await browser.newPage({ viewport: { width: WIDTH, height: 1000 } });
    const external: string[] = [];
    page.on('request', (r) => {
      // blob: the packed report's app, inflated in the page (lib/runner/report/allure-pack.ts).
      if (!/^(file|data|blob):/.test(r.url())) external.push(r.url());
    });
    await page.goto(pathToFileURL(join(failing.reportDir, 'allure-report/index.html')).href);
    await page.getByText('Conformance: NOT CONFORMING (exit 1)').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).toContain(`Results ${summary.tests.length}`);
    for (const section of expected.keys()) expect(text).toContain(section);
    await page.getByText('uri must have the form').first().click();
    // Allure shows the description in an iframe of its own.
    const description = page.frameLocator('iframe').locator('body');
    await description.getByText('Reproduce').waitFor();
    expect(await description.innerText()).toContain('rest.tokens.uri-form MUST (§2.2)');
    expect(await description.innerText()).toContain('curl -sS -i -X POST');
    const testPage = await page.locator('body').innerText();
    expect(testPage).not.toMatch(/node_modules/);
    await page.screenshot({ path: join(failing.reportDir, 'allure-test.png') });
    process.stdout.write(`screenshot: ${failing.reportDir}/allure-test.png\n`);
    expect(external).toEqual([]);
  });
});
