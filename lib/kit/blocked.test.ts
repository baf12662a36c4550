/** One root cause, reported once: blocked tests, the failure of what they depend on, the exit code. */
import { RUN_HEADER } from '../../tests/support/run-header.ts';
import { describe, expect, test } from 'vitest';
import type { Requirement } from '../requirements/index.ts';
import { assembleRun } from '../runner/results/assemble.ts';
import { blockedReason, rootCauseFailure, rootCauseId, withRootCauses } from './blocked.ts';
import { judgeCells } from '../runner/results/cells.ts';
import { mergeRuns } from '../runner/results/merge.ts';
import type { BrokenPrecondition, TestResult } from '../run-result.ts';
import type { Exchange } from '../wire-exchange.ts';

const must = (id: string): Requirement => ({ id, section: '§4.2', level: 'MUST', text: id });
const catalogue = [must('soap.member'), must('rest.auth'), must('rest.page')];
const broken = (fact: string): BrokenPrecondition => ({
  requirement: 'soap.member',
  fact,
  evidence: `read back: ${fact} is false`,
});
const blocked = (id: string, requirement: string, fact = 'bob is a member'): TestResult => ({
  id: `suites/rest.test.ts::${id}`,
  file: 'suites/rest.test.ts',
  name: id,
  status: 'blocked',
  requirements: [requirement],
  durationMs: 1,
  message: blockedReason('soap.member'),
  blockedBy: broken(fact),
  exchanges: [wire(id)],
});
const header = RUN_HEADER;
/** An exchange of the test named. */
function wire(of: string): Exchange {
  return {
    method: 'GET',
    url: `http://t/${of}`,
    requestHeaders: {},
    requestBody: '',
    status: 200,
    durationMs: 1,
  };
}

describe('blocked tests and their root cause', () => {
  const tests = [blocked('auth', 'rest.auth'), blocked('page', 'rest.page', 'bob is in priv')];
  const run = assembleRun(header, catalogue, tests, []);

  test('the requirement depended on fails once, with every fact its read-backs saw broken', () => {
    const causes = run.tests.filter((t) => t.id === rootCauseId('soap.member'));
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({
      status: 'fail',
      requirements: ['soap.member'],
      message:
        'bob is a member: does not hold. read back: bob is a member is false\n' +
        'bob is in priv: does not hold. read back: bob is in priv is false',
      exchanges: [wire('auth')],
    });
    expect(run.requirements.map((r) => [r.id, r.status, r.blockedBy])).toEqual([
      ['soap.member', 'fail', undefined],
      ['rest.auth', 'blocked', 'soap.member'],
      ['rest.page', 'blocked', 'soap.member'],
    ]);
  });

  test('blocked never decides the exit code: the root cause does (exit 1, not conforming)', () => {
    expect(run.exitCode).toBe(1);
    expect(run.verdict?.kind).toBe('not-conforming');
    expect(run.verdict?.text).toContain(
      '2 blocked (by a failed requirement their setup depends on)',
    );
    expect(run.totals).toMatchObject({ fail: 1, blocked: 2 });
  });

  test('a failure already there (the provisioning) is kept, not made again', () => {
    const provisioning = {
      ...rootCauseFailure([broken('bob is a member')]),
      exchanges: [wire('setup')],
    };
    const withIt = withRootCauses([provisioning, ...tests]);
    expect(withIt.filter((t) => t.id === provisioning.id)).toEqual([provisioning]);
  });

  test('a blocked test that names nothing is an error, never a silent not-judged', () => {
    const { blockedBy: _, ...anonymous } = blocked('x', 'rest.auth');
    const [only] = withRootCauses([anonymous]);
    expect(only?.status).toBe('error');
  });

  test('a blocked MUST with its root cause listed as a known failure: exit 0, never conforming', () => {
    const known = assembleRun(header, catalogue, tests, [], {
      file: 'k',
      entries: ['soap.member'],
      judged: 'here',
    });
    expect(known.exitCode).toBe(0);
    expect(known.verdict?.kind).toBe('not-shown');
  });

  test('a cell judged by a blocked test is blocked, with the reason', () => {
    const cells = judgeCells(
      [{ id: 'c1', dimension: 'access', sections: ['§5.2'], expected: 'x' }],
      [{ ...tests[0]!, cells: ['c1'] }],
    );
    expect(cells[0]).toMatchObject({ status: 'blocked', reason: blockedReason('soap.member') });
  });

  test('merge: each share read the same setup back; its failure is kept once', () => {
    const share = (shard: string, test: TestResult) => ({
      source: `r${shard}`,
      run: { ...assembleRun({ ...header, shard }, catalogue, [test], []), shard },
    });
    const merged = mergeRuns([share('1/2', tests[0]!), share('2/2', tests[1]!)], catalogue);
    expect(merged.tests.filter((t) => t.id === rootCauseId('soap.member'))).toHaveLength(1);
    expect(merged.exitCode).toBe(1);
  });
});
