import { describe, expect, test } from 'vitest';
import {
  applyExpectations,
  ExpectationsError,
  parseExpectations,
  updateExpectations,
} from './expectations.ts';
import type { TestResult, TestStatus } from '../../run-result.ts';

const result = (name: string, status: TestStatus, requirements: string[]): TestResult => ({
  id: `suites/x.test.ts::${name}`,
  file: 'suites/x.test.ts',
  name,
  status,
  requirements,
  durationMs: 1,
  ...(status === 'fail' ? { message: `${name} broke\nsecond line` } : {}),
});

describe('parseExpectations', () => {
  test('reads requirement ids and test ids, with comment lines and trailing comments', () => {
    const x = parseExpectations(
      'known.txt',
      '# header\n\nrest.tokens.fields   # user_id is a number\nsuites/x.test.ts::a > b#c\n',
    );
    expect(x.entries).toEqual([
      { id: 'rest.tokens.fields', kind: 'requirement', line: 3 },
      { id: 'suites/x.test.ts::a > b#c', kind: 'test', line: 4 },
    ]);
  });
  test('names the line of an unknown requirement id and of a duplicate', () => {
    expect(() => parseExpectations('k', 'rest.tokens.feilds\n')).toThrow(ExpectationsError);
    expect(() => parseExpectations('k', 'rest.tokens.feilds\n')).toThrow(
      /line 1: 'rest.tokens.feilds'/,
    );
    expect(() => parseExpectations('k', 'rest.tokens.fields\nrest.tokens.fields\n')).toThrow(
      /line 2: 'rest.tokens.fields' is listed twice/,
    );
  });
});

describe('applyExpectations', () => {
  test('only a failure is excused: an error or a skip stays what it is', () => {
    const applied = applyExpectations(
      [result('f', 'fail', ['r']), result('e', 'error', ['r']), result('s', 'skip', ['r'])],
      ['r'],
    );
    expect(applied.tests.map((t) => t.status)).toEqual(['expected-fail', 'error', 'skip']);
    expect(applied.unexpectedPasses).toEqual([]);
  });
  test('a test of a listed and an unlisted requirement stays a failure', () => {
    const applied = applyExpectations([result('t', 'fail', ['r', 's'])], ['r']);
    expect(applied.tests[0]?.status).toBe('fail');
  });
  test('a test that failed only the listed one of its requirements is excused', () => {
    const failedR = {
      ...result('t', 'fail', ['r', 's']),
      outcomes: { r: { status: 'fail' as const }, s: { status: 'pass' as const } },
    };
    expect(applyExpectations([failedR], ['r']).tests[0]?.status).toBe('expected-fail');
    expect(applyExpectations([failedR], ['s']).tests[0]?.status).toBe('fail');
  });
  test('a listed test id excuses that test only', () => {
    const applied = applyExpectations(
      [result('a', 'fail', ['r']), result('b', 'fail', ['r'])],
      ['suites/x.test.ts::a'],
    );
    expect(applied.tests.map((t) => t.status)).toEqual(['expected-fail', 'fail']);
  });
  test('an entry is an unexpected pass only when all its tests ran and passed', () => {
    const tests = [
      result('a', 'pass', ['r']),
      result('b', 'pass', ['s']),
      result('c', 'skip', ['s']),
    ];
    const applied = applyExpectations(tests, ['r', 's', 'rest.tokens.fields']);
    expect(applied.unexpectedPasses).toEqual(['r']);
    expect(applied.unseen).toEqual(['rest.tokens.fields']);
  });
  test('the entries given decide alone: an input already expected-fail is judged again', () => {
    const applied = applyExpectations([result('a', 'expected-fail', ['r'])], []);
    expect(applied.tests[0]?.status).toBe('fail');
  });
});

describe('updateExpectations', () => {
  test('keeps failing and unseen entries with their comments, drops passing ones, adds new failures', () => {
    const current = parseExpectations(
      'k',
      [
        '# our known failures',
        'rest.tokens.fields  # still broken',
        'rest.tokens.uri-form  # fixed since',
        'rest.tokens.create  # in another shard',
      ].join('\n'),
    );
    const updated = updateExpectations(
      current,
      [
        result('fields', 'fail', ['rest.tokens.fields']),
        result('uri', 'pass', ['rest.tokens.uri-form']),
        result('new', 'fail', ['rest.tokens.bad-credentials']),
      ],
      new Date('2026-02-03T00:00:00Z'),
    );
    expect(updated.removed).toEqual(['rest.tokens.uri-form']);
    expect(updated.added).toEqual(['suites/x.test.ts::new']);
    expect(updated.text).toBe(
      [
        '# our known failures',
        'rest.tokens.fields  # still broken',
        'rest.tokens.create  # in another shard',
        '# added by --update-expectations on 2026-02-03',
        'suites/x.test.ts::new  # rest.tokens.bad-credentials: new broke',
        '',
      ].join('\n'),
    );
    // What it wrote reads back, and excuses exactly the failures of the run.
    const reread = parseExpectations('k', updated.text);
    expect(new Set(reread.entries.map((e) => e.id))).toEqual(new Set(updated.entries));
    const applied = applyExpectations(
      [
        result('fields', 'fail', ['rest.tokens.fields']),
        result('new', 'fail', ['rest.tokens.bad-credentials']),
      ],
      reread.entries.map((e) => e.id),
    );
    expect(applied.tests.map((t) => t.status)).toEqual(['expected-fail', 'expected-fail']);
  });
  test('a new file starts with a header that says the format', () => {
    const updated = updateExpectations({ path: 'k', entries: [], lines: [] }, [
      result('a', 'fail', ['r']),
    ]);
    expect(updated.text).toMatch(/^# Known failures/);
    expect(parseExpectations('k', updated.text).entries).toHaveLength(1);
  });
});
