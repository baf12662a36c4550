/**
 * The nine statuses stay distinct in every report (docs/reading-the-report.md, "Statuses"), INFO
 * never shows a failure, and no report calls a run conforming unless every MUST requirement
 * passed (or, saying so, every MUST but those that need test control).
 */
import { describe, expect, test } from 'vitest';
import { renderClosing } from '../cli/summary-table.ts';
import type { Requirement } from '../../requirements/index.ts';
import { assembleRun } from '../results/assemble.ts';
import { REQUIREMENT_STATUSES, type TestResult, type TestStatus } from '../../run-result.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderSummaryJson } from './summary-json.ts';

const must = (id: string): Requirement => ({ id, section: '§8', level: 'MUST', text: id });
const info = (id: string): Requirement => ({ id, section: '§8', level: 'INFO', text: id });
const t = (status: TestStatus, requirement: string): TestResult => ({
  id: `f::${requirement}`,
  file: 'f',
  name: `${requirement} test`,
  status,
  requirements: [requirement],
  durationMs: 1,
  ...(status === 'pass' ? {} : { message: `why ${status}` }),
  ...(status === 'pass' || status === 'skip'
    ? {}
    : {
        exchanges: [
          {
            method: 'GET',
            url: `http://t/${status}`,
            requestHeaders: {},
            requestBody: '',
            durationMs: 1,
            status: 200,
          },
        ],
      }),
});
/** A failing test of an INFO requirement, as the collector gives it (lib/runner/cli/collector.ts). */
const observed = (requirement: string): TestResult => ({
  ...t('fail', requirement),
  status: 'observed',
});
/** A test blocked on the requirement 'fail' (lib/kit/blocked.ts). */
const blocked = (requirement: string): TestResult => ({
  ...t('blocked', requirement),
  message: `not judged: depends on fail, which failed`,
  blockedBy: { requirement: 'fail', fact: 'the setup holds', evidence: 'read back: it does not' },
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
// One requirement per status: 'observed' is INFO (its test failed: observed), the others MUST;
// 'expected-fail' is a failure listed in the expectations file; 'blocked' is blocked on 'fail',
// whose failure its read-back adds once.
const catalogue = REQUIREMENT_STATUSES.map((s) => (s === 'observed' ? info(s) : must(s)));
const run = assembleRun(
  header,
  catalogue,
  (['pass', 'observed', 'fail', 'error', 'fail', 'blocked', 'skip'] as const).map((s, i) =>
    s === 'blocked'
      ? blocked(catalogue[i]!.id)
      : s === 'observed'
        ? observed(catalogue[i]!.id)
        : t(s, catalogue[i]!.id),
  ),
  [],
  { file: 'known.txt', entries: ['expected-fail'], judged: 'here' },
  (id) => id === 'not-run',
);

describe('every status is distinct in every report', () => {
  test('summary.json: one requirement of each status, the test statuses as they are', () => {
    const summary = JSON.parse(renderSummaryJson(run)) as typeof run;
    expect(summary.requirements.map((r) => [r.id, r.status])).toEqual(
      REQUIREMENT_STATUSES.map((s) => [s, s]),
    );
    expect(summary.totals).toEqual({
      pass: 1,
      observed: 1,
      fail: 2,
      error: 1,
      'expected-fail': 1,
      blocked: 1,
      skip: 1,
    });
    expect(summary.exitCode).toBe(1);
    expect(summary.verdict?.kind).toBe('not-conforming');
    // Transcripts stay for what needs explaining (merge renders them again).
    expect(summary.tests.filter((x) => x.transcript).map((x) => x.status)).toEqual([
      'observed',
      'fail',
      'error',
      'expected-fail',
      'blocked',
      'fail',
    ]);
    // The root cause once: the blocked test's read-back is the failure of what it depends on.
    const rootCause = summary.tests.find((x) => x.id === '(setup)::fail');
    expect(rootCause?.message).toBe('the setup holds: does not hold. read back: it does not');
    expect(summary.requirements.find((r) => r.id === 'blocked')).toMatchObject({
      status: 'blocked',
      blockedBy: 'fail',
      reason: 'not judged: depends on fail, which failed',
    });
    // What the INFO test saw is its requirement's observation.
    expect(summary.requirements[1]?.observations).toEqual(['why fail']);
  });

  test('index.html: a row and a badge per status; never "Conforming"', () => {
    const html = renderHtml(run);
    for (const status of REQUIREMENT_STATUSES)
      expect(html, status).toContain(`<tr id="req-${status}" data-filter data-status="${status}">`);
    expect(html).toContain('Not conforming');
    expect(html).toContain('Expected failures (1)');
    expect(html).toContain('why skip');
    // The observed test is not among the failures, and its badge is not the failure's.
    expect(html).toContain('Failures and harness errors (3)');
    // The root cause once, the blocked test under it.
    expect(html).toMatch(/<h2 id="blocked">[^<]*\(1\)<\/h2>/);
    expect(html).toMatch(
      /id="blocked-by-fail" data-root-cause="fail" data-filter data-status="blocked">[\s\S]*<a href="#card-[^"]+">its failure: the read-back<\/a>[\s\S]*blocked test<\/a>/,
    );
    expect(html).toMatch(/<h2 id="observed">[^<]*\(1\)<\/h2>/);
    expect(html).toContain('<span class="badge s-observed">observed</span>');
    expect(html).toMatch(/\.s-observed\{background:#0969da\}/);
  });

  test('junit.xml: failure, error and two kinds of skipped, each with its own status property', () => {
    const xml = renderJunit(run);
    expect(xml).toContain('failures="2" errors="1" skipped="3"');
    expect(xml).toContain(
      '<property name="blocked-by" value="fail"/><property name="requirement" value="blocked"/></properties><skipped message="not judged: depends on fail, which failed"/>',
    );
    expect(xml).toMatch(
      /name="observed test"[^\n]*<property name="status" value="observed"\/>[^\n]*<system-out>observed \(INFO, never a failure\): why fail/,
    );
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml).toContain('<property name="verdict.kind" value="not-conforming"/>');
    expect(xml).toContain('<failure message="why fail">');
    expect(xml).toContain('<error message="why error">');
    expect(xml).toContain('<skipped message="why skip"/>');
    expect(xml).toContain('<skipped message="expected failure: why fail"/>');
    for (const status of REQUIREMENT_STATUSES)
      expect(xml, status).toContain(
        `<property name="requirement ${status} (${status === 'observed' ? 'INFO' : 'MUST'})" value="${status}"/>`,
      );
  });

  test('the terminal: a column per status, the verdict and the exit code', () => {
    const text = renderClosing(run, '/tmp/r');
    expect(text).toMatch(
      /^section +pass +observed +fail +error +expected-fail +blocked +skip +not-run +not-covered +total$/m,
    );
    expect(text).toMatch(/^all +1 +1 +1 +1 +1 +1 +1 +1 +1 +9$/m);
    // What failed, then what was not judged, each with its reason (failure-list.ts).
    expect(text).toContain(
      'failing MUST requirements (1):\n  fail (§8)\n    test: f > fail test (and 1 more tests)\n    why:  why fail',
    );
    expect(text).toContain('    blocks: 1 test(s), not judged (status blocked)');
    expect(text).toMatch(/^MUST requirements not judged \(4\):$/m);
    expect(text).toMatch(/^ {2}blocked: blocked: not judged: depends on fail, which failed$/m);
    expect(text).toMatch(/^ {2}error: error: why error$/m);
    expect(text).toMatch(/^ {2}skip: skip: why skip$/m);
    expect(text).toMatch(/^ {2}not-run: not-run: its tests exist, but this run selected a subset/m);
    expect(text).toContain('tests: 1 passed, 1 observed (INFO), 2 failed, 1 errors, 1 skipped');
    expect(text).toContain('1 blocked (not judged: a requirement their setup depends on failed)');
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
    expect(renderHtml(result)).not.toContain('data-verdict="conforming"');
    expect(renderJunit(result)).not.toContain('value="Conforming');
    expect(renderClosing(result, '/tmp/r')).not.toContain('verdict: Conforming');
  });
  test('every MUST passed: conforming everywhere', () => {
    const result = only([t('pass', 'a'), { ...t('pass', 'b'), id: 'f::b' }]);
    expect(renderHtml(result)).toContain('data-verdict="conforming"');
    expect(renderJunit(result)).toContain('value="Conforming: all 2 MUST requirements passed."');
  });
});

describe('a target without test control: its own verdict in every report', () => {
  const needs = (requirement: string, capability: string): TestResult => ({
    ...t('skip', requirement),
    message: `the target lacks the capability '${capability}'`,
    needs: [capability],
  });
  const result = assembleRun(
    header,
    [must('a'), must('b'), must('c')],
    [t('pass', 'a'), needs('b', 'failNext'), needs('c', 'testControl')],
    [],
  );
  test('exit 0; the verdict says so and lists what needs the clock or fail-next', () => {
    expect(result.exitCode).toBe(0);
    const summary = JSON.parse(renderSummaryJson(result)) as typeof result;
    expect(summary.verdict).toEqual({
      kind: 'conforming-without-test-control',
      text: expect.stringMatching(
        /^Conforming on every MUST that can be judged without test control: 1 of 3 MUST requirements passed; 2 need test control \(fail-next, the clock\)/,
      ),
      needTestControl: [
        { id: 'b', needs: ['failNext'] },
        { id: 'c', needs: ['testControl'] },
      ],
    });
    expect(summary.requirements.map((r) => r.needs)).toEqual([
      undefined,
      ['failNext'],
      ['testControl'],
    ]);
    const html = renderHtml(result);
    expect(html).toContain('id="verdict" data-verdict="conforming-without-test-control"');
    expect(html).not.toContain('data-verdict="conforming"');
    expect(html).toMatch(
      /id="needs-test-control".*<code>b<\/code><\/a> needs fail-next \(POST \/__conformance\/fail-next\)/,
    );
    const xml = renderJunit(result);
    expect(xml).toContain(
      '<property name="verdict.kind" value="conforming-without-test-control"/>',
    );
    expect(xml).toContain('<property name="needs-test-control" value="c (testControl)"/>');
    const text = renderClosing(result, '/tmp/r');
    expect(text).toContain(
      'verdict: Conforming on every MUST that can be judged without test control',
    );
    expect(text).toContain('    c: the clock (POST /__conformance/clock)');
  });
});
