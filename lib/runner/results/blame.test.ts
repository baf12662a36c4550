import { describe, expect, test } from 'vitest';
import type { FailedCheck, TestResult } from '../../run-result.ts';
import { blame } from './blame.ts';

const MUST = new Set([
  'add.effect',
  'remove.effect',
  'remove.3203',
  'remove.output',
  'fault.http-500',
  'a',
  'b',
]);
const levelOf = (id: string) =>
  MUST.has(id) ? 'MUST' : id.startsWith('info') ? 'INFO' : undefined;

const check = (requirement: string, reliesOn: string[] = []): FailedCheck => ({
  requirement,
  message: `${requirement} failed`,
  ...(reliesOn.length ? { reliesOn } : {}),
});

const failed = (
  name: string,
  requirements: string[],
  failures: FailedCheck[],
  held: string[] = [],
): TestResult => ({
  id: `f::${name}`,
  file: 'f',
  name,
  status: 'fail',
  requirements,
  durationMs: 1,
  failures,
  ...(held.length ? { held } : {}),
});

const passed = (name: string, requirements: string[]): TestResult => ({
  id: `f::${name}`,
  file: 'f',
  name,
  status: 'pass',
  requirements,
  durationMs: 1,
});

const statuses = (tests: TestResult[]) =>
  Object.fromEntries(tests.map((t) => [t.name, [t.status, t.blockedBy?.requirement]]));

describe('the run blames the fewest requirements that explain every failed check', () => {
  test('a check relying on nothing fails its requirement; one relying on it is blocked by it', () => {
    const tests = blame(
      [
        failed('3203', ['remove.3203'], [check('remove.3203')]),
        failed('remove', ['remove.effect'], [check('remove.effect', ['remove.3203'])]),
      ],
      levelOf,
    );
    expect(statuses(tests)).toEqual({
      '3203': ['fail', undefined],
      remove: ['blocked', 'remove.3203'],
    });
    expect(tests[1]?.message).toBe('not judged: depends on remove.3203, which failed');
  });

  test('its oracle held elsewhere: the check fails its own requirement', () => {
    // A removal answered true without effect: removing again answers true, where the 3203 check
    // (a user never a member) passed.
    const tests = blame(
      [
        // The model's check first: without what held, the first met would be blamed.
        failed(
          'model',
          ['remove.3203', 'remove.effect'],
          [check('remove.3203', ['remove.effect'])],
        ),
        passed('3203', ['remove.3203']),
        failed('remove', ['remove.effect'], [check('remove.effect', ['remove.3203'])]),
      ],
      levelOf,
    );
    expect(statuses(tests)).toEqual({
      '3203': ['pass', undefined],
      remove: ['fail', undefined],
      model: ['blocked', 'remove.effect'],
    });
    expect(tests[0]?.outcomes).toEqual({
      'remove.3203': { status: 'blocked', blockedBy: 'remove.effect' },
      'remove.effect': { status: 'blocked', blockedBy: 'remove.effect' },
    });
  });

  test('one assertion, one requirement: the others held or were not reached', () => {
    const [test1] = blame(
      [failed('fault', ['remove.3203', 'a', 'b'], [check('a')], ['remove.3203'])],
      levelOf,
    );
    expect(test1?.status).toBe('fail');
    expect(test1?.outcomes).toEqual({
      a: { status: 'fail', message: 'a failed' },
      'remove.3203': { status: 'pass' },
      b: { status: 'blocked', blockedBy: 'a' },
    });
  });

  test('a failed setup step fails the rule it relies on and blocks the test', () => {
    const [test1] = blame([failed('remove', ['remove.effect'], [check('add.effect')])], levelOf);
    expect(test1?.status).toBe('blocked');
    expect(test1?.blockedBy).toMatchObject({
      requirement: 'add.effect',
      evidence: 'add.effect failed',
      fromChecks: true,
    });
  });

  test('a check relied on by several is the one cause, before the checks that relied on it', () => {
    const tests = blame(
      [
        failed('x', ['a'], [check('a', ['fault.http-500'])]),
        failed('y', ['b'], [check('b', ['fault.http-500'])]),
        failed('z', ['fault.http-500', 'c'], [check('fault.http-500', ['c'])]),
      ],
      levelOf,
    );
    expect(statuses(tests)).toEqual({
      x: ['blocked', 'fault.http-500'],
      y: ['blocked', 'fault.http-500'],
      z: ['fail', undefined],
    });
  });

  test('a rule only relied on, which no failed check judged, is no cause: each check fails its own', () => {
    // In a run of some suites the rule may not be judged at all: relying on it is no evidence.
    const tests = blame(
      [
        failed('x', ['a'], [check('a', ['fault.http-500'])]),
        failed('y', ['b'], [check('b', ['fault.http-500'])]),
      ],
      levelOf,
    );
    expect(statuses(tests)).toEqual({ x: ['fail', undefined], y: ['fail', undefined] });
  });

  test('INFO checks are observed, never a cause; a check relying on an INFO rule fails its own', () => {
    const tests = blame(
      [failed('i', ['info.x'], [check('info.x')]), failed('m', ['a'], [check('a', ['info.x'])])],
      levelOf,
    );
    expect(statuses(tests)).toEqual({ i: ['observed', undefined], m: ['fail', undefined] });
  });

  test('blamed again from the same checks (merge), the verdict is the same', () => {
    const once = blame(
      [
        failed('3203', ['remove.3203'], [check('remove.3203')]),
        failed('remove', ['remove.effect'], [check('remove.effect', ['remove.3203'])]),
      ],
      levelOf,
    );
    expect(blame(once, levelOf)).toEqual(once);
  });
});
