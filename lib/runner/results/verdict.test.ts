import { describe, expect, test } from 'vitest';
import type { Requirement } from '../../requirements/index.ts';
import { applyExpectations } from './expectations.ts';
import type { TestResult, TestStatus } from '../../run-result.ts';
import {
  describeNeeds,
  exitCode,
  judgeRequirements,
  judgeVerdict,
  NOT_RUN_REASONS,
  observedIfInfo,
} from './verdict.ts';

const must = (id: string): Requirement => ({
  id,
  section: '§8',
  level: 'MUST',
  text: `${id} text`,
});
const info = (id: string): Requirement => ({
  id,
  section: '§8',
  level: 'INFO',
  text: `${id} text`,
  decision: 'd',
});
const result = (
  name: string,
  status: TestStatus,
  requirements: string[],
  message?: string,
): TestResult => ({
  id: `f::${name}`,
  file: 'f',
  name,
  status,
  requirements,
  durationMs: 1,
  ...(message ? { message } : {}),
});

describe('judgeRequirements', () => {
  test('a requirement takes the worst status of its tests; without a test it is not-covered', () => {
    const judged = judgeRequirements(
      [must('a'), must('b'), must('c'), must('d'), must('e')],
      [
        result('1', 'pass', ['a', 'b']),
        result('2', 'fail', ['b'], 'broken'),
        result('3', 'skip', ['c'], 'no test control'),
        result('4', 'error', ['d'], 'timeout'),
        result('5', 'pass', ['d']),
      ],
    );
    expect(judged.map((r) => [r.id, r.status, r.reason])).toEqual([
      ['a', 'pass', undefined],
      ['b', 'fail', 'broken'],
      ['c', 'skip', 'no test control'],
      ['d', 'error', 'timeout'],
      ['e', 'not-covered', undefined],
    ]);
  });

  test('one skipped test keeps a requirement from passing, whatever its other tests did', () => {
    const [r] = judgeRequirements(
      [must('a')],
      [result('1', 'pass', ['a']), result('2', 'skip', ['a'], 'no test control')],
    );
    expect(r?.status).toBe('skip');
    expect(r?.reason).toContain('no test control');
    expect(r?.reason).toContain('1 of 2 tests passed');
  });

  test('the order of severity is pass < skip < expected-fail < error < fail', () => {
    const order: TestStatus[] = ['pass', 'skip', 'expected-fail', 'error', 'fail'];
    order.forEach((lower, i) => {
      for (const higher of order.slice(i + 1)) {
        const [r] = judgeRequirements(
          [must('a')],
          [result('1', higher, ['a']), result('2', lower, ['a'])],
        );
        expect(r?.status, `${lower} with ${higher}`).toBe(higher);
      }
    });
  });

  test('a listed requirement excuses its failing tests, not the other requirements they check', () => {
    const judged = judgeRequirements(
      [must('a'), must('b')],
      [result('1', 'fail', ['a', 'b'], 'broken')],
      new Set(['a']),
    );
    expect(judged.map((r) => [r.id, r.status])).toEqual([
      ['a', 'expected-fail'],
      ['b', 'fail'],
    ]);
  });
});

describe('a reason belongs to its status', () => {
  const hasTests = () => true;

  test('a requirement that passed has no reason, though its tests exist', () => {
    const [r] = judgeRequirements([must('a')], [result('1', 'pass', ['a'])], new Set(), hasTests);
    expect(r?.status).toBe('pass');
    expect(r?.reason).toBeUndefined();
  });

  test('not-run says why: a subset by default, or the reason the run gives', () => {
    const [subset] = judgeRequirements([must('a')], [], new Set(), hasTests);
    expect(subset?.reason).toBe(NOT_RUN_REASONS.subset);
    const reqs = judgeRequirements(
      [must('a')],
      [],
      new Set(),
      hasTests,
      NOT_RUN_REASONS.suitesFailed,
    );
    expect(reqs[0]?.reason).toBe(NOT_RUN_REASONS.suitesFailed);
    expect(judgeVerdict({ requirements: reqs, harnessErrors: [] }).text).toContain(
      '1 not-run (their tests did not run)',
    );
  });
});

describe('exitCode', () => {
  const judge = (reqs: Requirement[], tests: TestResult[], harnessErrors: string[] = []) =>
    exitCode({
      requirements: judgeRequirements(reqs, tests),
      harnessErrors: harnessErrors.map((message) => ({ message, count: 1 })),
    });

  test('0 when no MUST failed, even with skipped and not-covered MUSTs and failing INFO', () => {
    expect(
      judge(
        [must('a'), must('b'), must('c'), info('i')],
        [result('1', 'pass', ['a']), result('2', 'skip', ['b']), result('3', 'fail', ['i'])],
      ),
    ).toBe(0);
  });
  test('1 when a MUST failed, whatever else happened', () => {
    expect(
      judge(
        [must('a'), must('b')],
        [result('1', 'fail', ['a']), result('2', 'error', ['b'])],
        ['x'],
      ),
    ).toBe(1);
  });
  test('2 when a MUST could not be judged or the run had harness errors', () => {
    expect(judge([must('a')], [result('1', 'error', ['a'])])).toBe(2);
    expect(judge([must('a')], [result('1', 'pass', ['a'])], ['suite failed to load'])).toBe(2);
  });
  test('2 when a listed failure now passes', () => {
    const requirements = judgeRequirements([must('a')], [result('1', 'pass', ['a'])]);
    const expectations = {
      file: 'x',
      entries: ['a'],
      unexpectedPasses: ['a'],
      unseen: [],
      judged: 'here' as const,
    };
    expect(exitCode({ requirements, harnessErrors: [], expectations })).toBe(2);
  });
  test('expected failures do not fail the run', () => {
    const applied = applyExpectations(
      [result('1', 'fail', ['a']), result('2', 'pass', ['b'])],
      ['a', 'b'],
    );
    expect(applied.tests.map((t) => t.status)).toEqual(['expected-fail', 'pass']);
    expect(applied.unexpectedPasses).toEqual(['b']);
    expect(judge([must('a'), must('b')], applied.tests)).toBe(0);
  });
});

describe('the verdict line', () => {
  const line = (reqs: Requirement[], tests: TestResult[], listed: string[] = []) =>
    judgeVerdict({
      requirements: judgeRequirements(reqs, tests, new Set(listed)),
      harnessErrors: [],
    }).text;

  test('says conforming only when every MUST passed', () => {
    expect(line([must('a'), info('i')], [result('1', 'pass', ['a'])])).toMatch(/^Conforming/);
  });
  test('never says conforming with a skipped, not-covered or expected-fail MUST', () => {
    for (const [tests, listed] of [
      [[result('1', 'pass', ['a']), result('2', 'skip', ['b'])], []],
      [[result('1', 'pass', ['a'])], []],
      [[result('1', 'pass', ['a']), result('2', 'fail', ['b'])], ['b']],
    ] as const) {
      const text = line([must('a'), must('b')], [...tests], [...listed]);
      expect(text).not.toMatch(/^Conforming/);
      expect(text).toContain('1 of 2 MUST requirements passed');
    }
  });
});

describe('test control: "Conforming on every MUST that can be judged without test control"', () => {
  const needing = (name: string, requirement: string, needs: string[]) => ({
    ...result(name, 'skip', [requirement], `the target lacks the capability '${needs[0]}'`),
    needs,
  });
  const verdictOf = (reqs: Requirement[], tests: TestResult[]) =>
    judgeVerdict({ requirements: judgeRequirements(reqs, tests), harnessErrors: [] });

  test('every other MUST passed: that verdict, listing what needs the clock or fail-next', () => {
    const v = verdictOf(
      [must('a'), must('b'), must('c'), info('i')],
      [
        result('1', 'pass', ['a', 'b', 'c']),
        needing('2', 'b', ['failNext']),
        needing('3', 'c', ['testControl']),
        result('4', 'skip', ['i'], 'another reason'),
      ],
    );
    expect(v.kind).toBe('conforming-without-test-control');
    expect(v.text).toMatch(/^Conforming on every MUST that can be judged without test control: /);
    expect(v.text).toContain('1 of 3 MUST requirements passed; 2 need test control');
    expect(v.needTestControl).toEqual([
      { id: 'b', needs: ['failNext'] },
      { id: 'c', needs: ['testControl'] },
    ]);
  });

  test('another skip, a capability that is not test control, or a not-covered MUST: not shown', () => {
    const cases: Array<[Requirement[], TestResult[]]> = [
      [
        [must('a'), must('b')],
        [needing('1', 'a', ['failNext']), result('2', 'skip', ['b'])],
      ],
      // One test of the requirement needs test control, another was skipped for another reason.
      [
        [must('a')],
        [needing('1', 'a', ['failNext']), result('2', 'skip', ['a'], 'fixed session keys')],
      ],
      [[must('a')], [needing('1', 'a', ['somethingElse'])]],
      [[must('a'), must('b')], [needing('1', 'a', ['testControl'])]],
    ];
    for (const [reqs, tests] of cases) {
      const v = verdictOf(reqs, tests);
      expect(v.kind).toBe('not-shown');
      expect(v.text).toMatch(/^No MUST requirement failed unexpectedly, but not every MUST/);
    }
  });

  test('a failure or a harness error still decides', () => {
    const reqs = [must('a'), must('b')];
    const tests = [needing('1', 'a', ['failNext']), result('2', 'fail', ['b'], 'broken')];
    expect(verdictOf(reqs, tests).kind).toBe('not-conforming');
    expect(
      judgeVerdict({
        requirements: judgeRequirements(reqs, [
          needing('1', 'a', ['failNext']),
          result('2', 'pass', ['b']),
        ]),
        harnessErrors: [{ message: 'x', count: 1 }],
      }).kind,
    ).toBe('undecided');
  });

  test('every MUST passed: plain Conforming, nothing listed', () => {
    const v = verdictOf([must('a')], [result('1', 'pass', ['a'])]);
    expect(v).toEqual({
      kind: 'conforming',
      text: 'Conforming: all 1 MUST requirements passed.',
      needTestControl: [],
    });
  });
});

describe('INFO never fails', () => {
  const levels = new Map([
    ['a', 'MUST' as const],
    ['i', 'INFO' as const],
    ['j', 'INFO' as const],
  ]);
  const classify = (t: TestResult) => observedIfInfo(t, (id) => levels.get(id)).status;

  test('a failing test of INFO requirements only is observed; with a MUST or an unknown id it fails', () => {
    expect(classify(result('1', 'fail', ['i', 'j'], 'saw 3000'))).toBe('observed');
    expect(classify(result('2', 'fail', ['i', 'a'], 'broken'))).toBe('fail');
    expect(classify(result('3', 'fail', ['i', 'unknown'], 'broken'))).toBe('fail');
    expect(classify(result('4', 'error', ['i'], 'timeout'))).toBe('error');
    expect(classify(result('5', 'skip', ['i']))).toBe('skip');
    expect(classify(result('6', 'pass', ['i']))).toBe('pass');
  });

  test('an INFO requirement is observed where a MUST would fail; the MUST fails; the exit code stays', () => {
    const reqs = [must('a'), info('i')];
    const tests = [
      result('1', 'fail', ['a', 'i'], 'broken'),
      observedIfInfo(result('2', 'fail', ['i'], 'saw 3000'), (id) => levels.get(id)),
    ];
    const judged = judgeRequirements(reqs, tests);
    expect(judged.map((r) => [r.id, r.status])).toEqual([
      ['a', 'fail'],
      ['i', 'observed'],
    ]);
    expect(judged[1]?.observations).toEqual(['broken', 'saw 3000']);
    expect(exitCode({ requirements: judged, harnessErrors: [] })).toBe(1);
    const onlyInfo = judgeRequirements(reqs, [result('1', 'pass', ['a']), tests[1]!]);
    expect(onlyInfo.map((r) => r.status)).toEqual(['pass', 'observed']);
    expect(exitCode({ requirements: onlyInfo, harnessErrors: [] })).toBe(0);
    expect(judgeVerdict({ requirements: onlyInfo, harnessErrors: [] }).kind).toBe('conforming');
  });
});

describe('describeNeeds: what a requirement needs, each once', () => {
  test('the clock stands for the quota it opens; nothing said twice', () => {
    expect(describeNeeds(['failNext', 'quota', 'testControl', 'testControl'])).toBe(
      'fail-next (POST /__conformance/fail-next) and the clock (POST /__conformance/clock)',
    );
    expect(describeNeeds(['quota'])).toBe(
      'another hour of the addProject quota, or the clock (POST /__conformance/clock)',
    );
  });
});

describe('one verdict over both kinds of run', () => {
  const failed = judgeRequirements([must('a'), must('b')], [result('a', 'fail', ['a'])]);
  const traffic = {
    mode: 'analyze' as const,
    source: 'x.har',
    sides: ['server' as const],
    exchanges: 3,
    judged: 3,
    unjudgeable: { count: 0, kept: [] },
  };

  test('the same requirements: the suites say the target fails, traffic says whose failure in what it saw', () => {
    expect(judgeVerdict({ kind: 'suites', requirements: failed, harnessErrors: [] }).text).toMatch(
      /^Not conforming: 1 MUST requirement\(s\) failed\./,
    );
    expect(
      judgeVerdict({ kind: 'traffic', requirements: failed, harnessErrors: [], traffic }),
    ).toEqual({
      kind: 'not-conforming',
      text: 'Not conforming in this traffic: the server failed 1 MUST requirement (3 exchanges).',
      needTestControl: [],
    });
  });

  test('traffic with no failure shows only what was exercised; with harness errors it is undecided', () => {
    const passed = judgeRequirements([must('a'), must('b')], [result('a', 'pass', ['a'])]);
    expect(
      judgeVerdict({ kind: 'traffic', requirements: passed, harnessErrors: [], traffic }),
    ).toMatchObject({
      kind: 'not-shown',
      text: 'No MUST requirement failed in 3 exchanges: 1 of 2 MUST requirements were exercised; traffic shows nothing of the others.',
    });
    expect(
      judgeVerdict({
        kind: 'traffic',
        requirements: passed,
        harnessErrors: [{ message: 'a rule failed', count: 1 }],
        traffic: { ...traffic, stoppedAt: 'line 9' },
      }).text,
    ).toBe(
      'Undecided: the traffic could not all be judged (harness errors). The recording stopped early (line 9): what came after is not judged.',
    );
  });
});
