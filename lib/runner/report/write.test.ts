import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { JudgedRun, RunResult } from '../../run-result.ts';
import { judgeRun } from '../results/judge.ts';
import { RUN_HEADER } from '../../../tests/support/run-header.ts';
import { NO_ALLURE_HTML } from './allure-html-wanted.ts';
import { StartedAllure } from './allure-process.ts';
import { writeReports } from './write.ts';

function passingRun(): JudgedRun {
  return judgeRun({
    ...RUN_HEADER,
    totals: { pass: 1, observed: 0, fail: 0, skip: 0, error: 0, 'expected-fail': 0, blocked: 0 },
    requirementTotals: {
      pass: 1,
      observed: 0,
      fail: 0,
      skip: 0,
      'not-run': 0,
      blocked: 0,
      error: 0,
      'expected-fail': 0,
      'not-covered': 0,
    },
    requirements: [
      {
        id: 'rest.tokens.fields',
        section: '§2.2',
        level: 'MUST',
        text: 't',
        status: 'pass',
        tests: [{ id: 'suites/rest/tokens.test.ts::a', status: 'pass' }],
      },
    ],
    tests: [
      {
        id: 'suites/rest/tokens.test.ts::a',
        file: 'suites/rest/tokens.test.ts',
        name: 'a',
        status: 'pass',
        requirements: ['rest.tokens.fields'],
        durationMs: 3,
      },
    ],
    harnessErrors: [],
  });
}

/** A report directory as the suites leave it: one Allure result of test `a`. */
function reportDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-write-'));
  mkdirSync(join(dir, 'allure-results'));
  writeFileSync(
    join(dir, 'allure-results', '0b0d8a48-5ad4-4bd4-b1a3-2d2b2b3d9c01-result.json'),
    JSON.stringify({
      uuid: '0b0d8a48-5ad4-4bd4-b1a3-2d2b2b3d9c01',
      name: 'a',
      fullName: 'suites/rest/tokens.test.ts#a',
      status: 'passed',
      stage: 'finished',
      start: 1,
      stop: 2,
    }),
  );
  return dir;
}

describe('writeReports', () => {
  test.each([
    ['started at the end', false],
    ['started ahead', true],
  ])(
    'writes the single-file Allure report beside index.html, summary.json and junit.xml (generator %s)',
    async (_, started) => {
      const dir = reportDir();
      const result = passingRun();
      const ahead = started ? new StartedAllure(dir) : undefined;
      const written = await writeReports(dir, result, ahead);
      ahead?.stop();
      expect(written.harnessErrors).toEqual([]);
      const allure = readFileSync(join(dir, 'allure-report', 'index.html'), 'utf8');
      expect(allure).toContain('Conformance: ');
      expect(allure).not.toContain('googletagmanager');
      for (const file of ['index.html', 'summary.json', 'junit.xml'])
        expect(existsSync(join(dir, file)), file).toBe(true);
    },
    60_000,
  );

  test('a failed Allure generation is a harness error of the run, and the other reports are written', async () => {
    const dir = reportDir();
    // Allure cannot make its output directory where a file stands.
    writeFileSync(join(dir, 'allure-report'), '');
    const result = passingRun();
    const ahead = new StartedAllure(dir);
    const written = await writeReports(dir, result, ahead);
    ahead.stop();
    expect(written.harnessErrors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^Allure report not generated: /),
    ]);
    expect(written.exitCode).toBe(2);
    expect(written.verdict.kind).toBe('undecided');
    expect(result.harnessErrors, 'the run given is left as it was').toEqual([]);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as RunResult;
    expect(summary.harnessErrors).toHaveLength(1);
    for (const file of ['index.html', 'junit.xml'])
      expect(readFileSync(join(dir, file), 'utf8'), file).toContain('Allure report not generated');
  }, 60_000);

  test('with NO_ALLURE_HTML set, no generator starts and no Allure HTML is written; the rest is', async () => {
    vi.stubEnv(NO_ALLURE_HTML, '1');
    try {
      const dir = reportDir();
      const ahead = new StartedAllure(dir);
      expect(await ahead.take(), 'no generator started ahead').toBe(undefined);
      const written = await writeReports(dir, passingRun(), ahead);
      expect(written.harnessErrors).toEqual([]);
      expect(existsSync(join(dir, 'allure-report'))).toBe(false);
      for (const file of ['index.html', 'summary.json', 'junit.xml', 'allure-results'])
        expect(existsSync(join(dir, file)), file).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
