/**
 * The HTML report as a person sees it: opened from disk in real headless Chromium (1400 px wide),
 * with no network, its requirement table shows the counts of summary.json; a failure shows its
 * explanation; an INFO observation is never shown as a failure; a target without test control
 * gets its own verdict; each requirement shows the planted faults seen failing it.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOGUE } from '../lib/requirements/index.ts';
import { renderHtml } from '../lib/runner/report/html.ts';
import { assembleRun } from '../lib/runner/results/assemble.ts';
import type { RunResult } from '../lib/run-result.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { CHROMIUM_MISSING, launchChromium } from './support/chromium.ts';
import { newReportDir, runCli, type CliRun } from './support/cli.ts';
import { sharedRun } from './support/shared-runs.ts';

const RED = 'rgb(207, 34, 46)';

/** The good run's result with one INFO-only test failing: what a target that differs shows. */
function withObservation(good: RunResult): { dir: string; run: RunResult; test: string } {
  const info = good.tests.find(
    (t) =>
      t.status === 'pass' &&
      t.requirements.length > 0 &&
      t.requirements.every((id) => CATALOGUE.find((r) => r.id === id)?.level === 'INFO'),
  )!;
  const tests = good.tests.map((t) =>
    t === info
      ? {
          ...t,
          // As the collector gives a failing test of INFO requirements only.
          status: 'observed' as const,
          message: "what the target answered: expected 'its own choice' to be 'the real system's'",
          expected: "the real system's",
          actual: 'its own choice',
          transcript: '(wire)',
        }
      : t,
  );
  const { totals, requirementTotals, requirements, harnessErrors, leftovers, ...header } = good;
  void [totals, requirementTotals, requirements, leftovers];
  const run = assembleRun(header, CATALOGUE, tests, harnessErrors);
  const dir = newReportDir();
  writeFileSync(join(dir, 'index.html'), renderHtml(run));
  return { dir, run, test: info.id };
}

describe.skipIf(CHROMIUM_MISSING)('index.html in headless Chromium', () => {
  let browser: Browser;
  let good: CliRun;
  let broken: CliRun;
  let noTestControl: CliRun;
  beforeAll(async () => {
    const plain = await startReferenceServer({ testControl: false });
    [good, broken, noTestControl] = await Promise.all([
      sharedRun('embedded-seed-42'),
      sharedRun('broken-tokens'),
      runCli(['--target', plain.url]),
    ]);
    await plain.close();
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  async function open(run: Pick<CliRun, 'reportDir'>) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
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
    expect(text).toContain('curl -sS -i -X POST');
    // The transcript opens at the exchange the failure judged, highlighted.
    expect(await failure.locator('details.transcript').getAttribute('open')).not.toBeNull();
    expect(await failure.locator('details.exchange.judged').innerText()).toContain('HTTP 200');
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
      const shown = await page.locator(`tr[id="req-${r.id}"] .observations li`).allInnerTexts();
      expect(shown, r.id).toEqual(r.observations!.map((o) => `Observed: ${o}`));
    }
  });

  test('an INFO observation is blue, under "Observed", never among the failures; the verdict stays', async () => {
    const { dir, run, test: id } = withObservation(good.summary());
    expect(run.tests.find((t) => t.id === id)?.status).toBe('observed');
    const { page } = await open({ reportDir: dir });
    expect(await page.locator('#verdict').getAttribute('data-verdict')).toBe('conforming');
    expect(await page.locator('#failures + p').innerText()).toBe('No test failed.');
    const observed = page.locator('.failure.observed');
    expect(await observed.count()).toBe(1);
    expect(await observed.innerText()).toContain('What the real system does (expected)');
    const badge = observed.locator('.badge');
    expect(await badge.innerText()).toBe('observed');
    const colour = await badge.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(colour).toBe('rgb(9, 105, 218)');
    const requirementId = run.tests.find((t) => t.id === id)!.requirements[0]!;
    const row = page.locator(`tr[id="req-${requirementId}"]`);
    expect(await row.getAttribute('data-status')).toBe('observed');
    expect(await row.locator('.observations').innerText()).toContain('what the target answered');
    // Nothing on the page is red but the legend's badge: no failure, and an observation is not one.
    const red = await page.evaluate(
      (rgb) =>
        [...document.querySelectorAll('*')].filter(
          (e) =>
            !e.closest('.legend') &&
            e.getClientRects().length > 0 &&
            getComputedStyle(e).backgroundColor === rgb,
        ).length,
      RED,
    );
    expect(red).toBe(0);
    await page.screenshot({ path: join(dir, 'observed.png'), fullPage: false });
    await observed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, 'observed-section.png') });
    process.stdout.write(`screenshots: ${dir}/observed.png ${dir}/observed-section.png\n`);
  });

  test('without test control: its own verdict, listing what needs the clock or fail-next; exit 0', async () => {
    expect(noTestControl.code, noTestControl.stderr.slice(-1000)).toBe(0);
    const summary = noTestControl.summary();
    expect(summary.verdict?.kind).toBe('conforming-without-test-control');
    const listed = summary.verdict!.needTestControl.map((r) => r.id);
    expect(listed).toEqual(
      expect.arrayContaining([
        'soap.addProject.fault.3101',
        'soap.addProject.fault.3105',
        'soap.getPlateformProjectDescriptionFields.fault.3107',
        'rest.auth.token-lifetime',
      ]),
    );
    expect(noTestControl.stdout).toContain(
      'verdict: Conforming on every MUST that can be judged without test control',
    );
    const { page } = await open(noTestControl);
    expect(await page.locator('#verdict .verdict').innerText()).toMatch(
      /^Conforming on every MUST that can be judged without test control/,
    );
    const items = await page.locator('#needs-test-control li').allInnerTexts();
    expect(items).toHaveLength(listed.length);
    expect(items.join('\n')).toContain(
      'soap.addProject.fault.3101 needs fail-next (POST /__conformance/fail-next)',
    );
    await page.screenshot({ path: join(noTestControl.reportDir, 'screenshot.png') });
    process.stdout.write(`screenshot: ${noTestControl.reportDir}/screenshot.png\n`);
  });

  test('each MUST requirement shows the planted faults seen failing it, or that none is known', async () => {
    const summary = good.summary();
    const { page } = await open(good);
    const withFaults = summary.requirements.filter((r) => r.plantedFaults?.length);
    expect(withFaults.length, 'requirements with evidence').toBeGreaterThan(50);
    for (const r of withFaults.slice(0, 5)) {
      const cell = page.locator(`tr[id="req-${r.id}"] td.faults`);
      expect((await cell.innerText()).split(/\s+/)).toEqual(r.plantedFaults);
    }
    const none = summary.requirements.find((r) => r.level === 'MUST' && !r.plantedFaults?.length);
    if (none)
      expect(await page.locator(`tr[id="req-${none.id}"] td.faults`).innerText()).toBe(
        'no planted fault known',
      );
  });
});
