/** A run is judged once (judge.ts); every writer reads that judgement and none makes its own. */
import { describe, expect, test } from 'vitest';
import { RUN_HEADER } from '../../../tests/support/run-header.ts';
import type { Requirement } from '../../requirements/index.ts';
import type { JudgedRun, TestResult } from '../../run-result.ts';
import { renderClosing } from '../cli/summary-table.ts';
import { allureReportName } from '../report/allure.ts';
import { renderHtml } from '../report/html.ts';
import { renderJunit } from '../report/junit.ts';
import { renderSummaryJson } from '../report/summary-json.ts';
import { assembleRun } from './assemble.ts';
import { compareRuns } from './compare.ts';
import { judgedAsWritten, judgeRun, withHarnessError } from './judge.ts';

const catalogue: Requirement[] = [{ id: 'a', section: '§8', level: 'MUST', text: 'a' }];
const failing: TestResult = {
  id: 'f::a',
  file: 'f',
  name: 'a',
  status: 'fail',
  requirements: ['a'],
  durationMs: 1,
  message: 'broken',
};
const run = assembleRun(RUN_HEADER, catalogue, [failing], []);

describe('judging a run', () => {
  test('a failed MUST: exit 1, not conforming', () => {
    expect([run.exitCode, run.verdict.kind]).toEqual([1, 'not-conforming']);
  });

  test('an interrupted run: exit 130, no verdict, its not-run requirements not reached', () => {
    const stopped = assembleRun(
      { ...RUN_HEADER, interruptedBy: 'SIGINT', notRunReason: 'not reached: SIGINT' },
      [...catalogue, { id: 'b', section: '§8', level: 'MUST', text: 'b' }],
      [failing],
      [],
      undefined,
      () => true,
    );
    expect([stopped.exitCode, stopped.verdict.kind, stopped.interrupted]).toEqual([
      130,
      'interrupted',
      true,
    ]);
    expect(stopped.verdict.text).toMatch(/^Interrupted \(SIGINT\) after 1 tests: no verdict/);
    expect(stopped.requirements.find((r) => r.id === 'b')?.reason).toBe('not reached: SIGINT');
  });

  test('a harness error while the reports are written is judged in; an interrupted run stays so', () => {
    const passing = assembleRun(RUN_HEADER, catalogue, [{ ...failing, status: 'pass' }], []);
    const error = { message: 'Allure report not generated: x', count: 1 };
    const judged = withHarnessError(passing, error);
    expect([passing.verdict.kind, judged.verdict.kind, judged.exitCode]).toEqual([
      'conforming',
      'undecided',
      2,
    ]);
    const stopped = judgeRun(passing, 'SIGTERM');
    expect(withHarnessError(stopped, error).verdict).toEqual(stopped.verdict);
  });

  test('a summary read back keeps the verdict it was written with; one without is judged', () => {
    const { verdict: _v, exitCode: _e, ...older } = run;
    expect(judgedAsWritten(older).verdict).toEqual(run.verdict);
    const written: JudgedRun = { ...run, verdict: { ...run.verdict, text: 'as written' } };
    expect(judgedAsWritten(written).verdict.text).toBe('as written');
  });
});

describe('the writers read the judgement', () => {
  // A verdict no writer could compute from the requirements: each must show this one.
  const judged: JudgedRun = {
    ...run,
    exitCode: 2,
    verdict: { kind: 'undecided', text: 'the one judgement', needTestControl: [] },
  };

  test('index.html, junit.xml, summary.json, Allure, the terminal and compare', () => {
    expect(renderHtml(judged)).toContain('the one judgement');
    expect(renderJunit(judged)).toContain('<property name="verdict" value="the one judgement"/>');
    expect(renderJunit(judged)).toContain('<property name="exit-code" value="2"/>');
    expect(JSON.parse(renderSummaryJson(judged))).toMatchObject({
      exitCode: 2,
      verdict: { text: 'the one judgement' },
    });
    expect(allureReportName(judged)).toMatch(/\(exit 2\)$/);
    const closing = renderClosing(judged, '/tmp/r');
    expect(closing).toContain('verdict: the one judgement');
    expect(closing).toContain('exit 2: ');
    const [compared] = compareRuns([{ source: 's', run: judged }]).implementations;
    expect([compared?.verdict, compared?.exitCode]).toEqual(['the one judgement', 2]);
  });
});
