/**
 * The six statuses stay distinct in every report (README, "Statuses"), and no report calls a run
 * conforming unless every MUST requirement passed.
 */
import { describe, expect, test } from 'vitest';
import { renderClosing } from '../cli/summary-table.ts';
import type { Requirement } from '../requirements/index.ts';
import { assembleRun } from '../results/assemble.ts';
import { REQUIREMENT_STATUSES, type TestResult, type TestStatus } from '../results/model.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderSummaryJson } from './summary-json.ts';

const must = (id: string): Requirement => ({ id, section: '§8', level: 'MUST', text: id });
const t = (status: TestStatus, requirement: string): TestResult => ({
  id: `f::${status}`,
  file: 'f',
  name: `${status} test`,
  status,
  requirements: [requirement],
  durationMs: 1,
  ...(status === 'pass' ? {} : { message: `why ${status}` }),
  ...(status === 'pass' || status === 'skip' ? {} : { transcript: `wire of ${status}` }),
});
const header = {
  target: 'http://t',
  targetKind: 'external' as const,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  seed: 1,
  runs: 1,
  capabilities: {},
  command: 'npm run conformance --',
};
const catalogue = REQUIREMENT_STATUSES.map(must);
// One requirement per status; 'expected-fail' is a failure listed in the expectations file.
const run = assembleRun(
  header,
  catalogue,
  (['pass', 'fail', 'error', 'fail', 'skip'] as const).map((s, i) => t(s, catalogue[i]!.id)),
  [],
  { file: 'known.txt', entries: ['expected-fail'], judged: 'here' },
);

describe('every status is distinct in every report', () => {
  test('summary.json: one requirement of each status, the test statuses as they are', () => {
    const summary = JSON.parse(renderSummaryJson(run)) as typeof run;
    expect(summary.requirements.map((r) => [r.id, r.status])).toEqual(
      REQUIREMENT_STATUSES.map((s) => [s, s]),
    );
    expect(summary.totals).toEqual({ pass: 1, fail: 1, error: 1, 'expected-fail': 1, skip: 1 });
    expect(summary.exitCode).toBe(1);
    // Transcripts stay for what needs explaining (merge renders them again).
    expect(summary.tests.filter((x) => x.transcript).map((x) => x.status)).toEqual([
      'fail',
      'error',
      'expected-fail',
    ]);
  });

  test('index.html: a row and a badge per status; never "Conforming"', () => {
    const html = renderHtml(run);
    for (const status of REQUIREMENT_STATUSES)
      expect(html, status).toContain(`<tr id="req-${status}" data-status="${status}">`);
    expect(html).toContain('Not conforming');
    expect(html).toContain('Expected failures (1)');
    expect(html).toContain('why skip');
  });

  test('junit.xml: failure, error and two kinds of skipped, each with its own status property', () => {
    const xml = renderJunit(run);
    expect(xml).toContain('failures="1" errors="1" skipped="2"');
    expect(xml).toContain('<failure message="why fail">');
    expect(xml).toContain('<error message="why error">');
    expect(xml).toContain('<skipped message="why skip"/>');
    expect(xml).toContain('<skipped message="expected failure: why fail"/>');
    for (const status of REQUIREMENT_STATUSES)
      expect(xml, status).toContain(
        `<property name="requirement ${status} (MUST)" value="${status}"/>`,
      );
  });

  test('the terminal: a column per status, the verdict and the exit code', () => {
    const text = renderClosing(run, '/tmp/r', 1);
    expect(text).toMatch(/^section +pass +fail +error +expected-fail +skip +not-covered +total$/m);
    expect(text).toMatch(/^all +1 +1 +1 +1 +1 +1 +6$/m);
    expect(text).toContain('verdict: Not conforming: 1 MUST requirement(s) failed.');
  });
});

describe('no report says conforming unless every MUST passed', () => {
  const only = (tests: TestResult[], entries: string[] = []) =>
    assembleRun(header, [must('a'), must('b')], tests, [], {
      file: 'k',
      entries,
      judged: 'here',
    });
  const cases = {
    'a skipped MUST': only([t('pass', 'a'), t('skip', 'b')]),
    'a not-covered MUST': only([t('pass', 'a')]),
    'an expected-fail MUST': only([t('pass', 'a'), t('fail', 'b')], ['b']),
  };
  test.each(Object.entries(cases))('%s: exit 0, but not conforming', (_, result) => {
    expect(result.exitCode).toBe(0);
    expect(renderHtml(result)).not.toContain('class="verdict ok"');
    expect(renderJunit(result)).not.toContain('value="Conforming');
    expect(renderClosing(result, '/tmp/r', 0)).not.toContain('verdict: Conforming');
  });
  test('every MUST passed: conforming everywhere', () => {
    const result = only([t('pass', 'a'), { ...t('pass', 'b'), id: 'f::b' }]);
    expect(renderHtml(result)).toContain('class="verdict ok"');
    expect(renderJunit(result)).toContain('value="Conforming: all 2 MUST requirements passed."');
  });
});
