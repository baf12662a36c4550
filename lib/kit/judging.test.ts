import { describe, expect, test } from 'vitest';
import { ConformanceFailure } from './conformance-failure.ts';
import { HarnessError } from './clients/harness-error.ts';
import { Judging } from './judging.ts';

/** What a test body that throws `make()` under `judging` records. */
async function failuresOf(judging: Judging, body: () => void): Promise<unknown> {
  try {
    await judging.running(() => Promise.resolve().then(body));
    judging.close();
    return judging.failures(undefined);
  } catch (error) {
    judging.stamp(error);
    return judging.failures(error);
  }
}

const failure = (requirement?: string) =>
  new ConformanceFailure('what: expected x, got y', 'x', 'y', requirement);

describe('each failed check judges one requirement', () => {
  test('a test of one requirement judges it throughout', async () => {
    const judging = new Judging(['a']);
    expect(
      await failuresOf(judging, () => {
        throw failure();
      }),
    ).toEqual([
      { requirement: 'a', message: 'what: expected x, got y', expected: 'x', actual: 'y' },
    ]);
  });

  test('the scope the check failed in; the scopes completed before held', async () => {
    const judging = new Judging(['a', 'b', 'c']);
    const failures = await failuresOf(judging, () => {
      judging.judging('a');
      judging.judging('b', ['x.rule']);
      throw failure();
    });
    expect(failures).toMatchObject([{ requirement: 'b', reliesOn: ['x.rule'] }]);
    expect([...judging.held]).toEqual(['a']);
  });

  test("a check names the rules its oracle relies on beside the scope's", async () => {
    const judging = new Judging(['a', 'b']);
    const failures = await failuresOf(judging, () => {
      judging.judging('a', ['x.rule']);
      throw new ConformanceFailure('b: expected x, got y', 'x', 'y', 'b', ['y.rule']);
    });
    expect(failures).toMatchObject([{ requirement: 'b', reliesOn: ['x.rule', 'y.rule'] }]);
  });

  test('a requirement whose scope failed once does not hold when entered again', async () => {
    const judging = new Judging(['a', 'b']);
    await failuresOf(judging, () => {
      judging.judging('a');
      judging.failedSoftly(new Error('a: expected 1, got 2'));
      judging.judging('b');
      judging.judging('a');
      judging.judging('b');
    });
    expect([...judging.held]).toEqual(['b']);
  });

  test("a check's own rule, when it is the test's, is the one it judged", async () => {
    const judging = new Judging(['a', 'soap.op.fault.3201']);
    const failures = await failuresOf(judging, () => {
      judging.judging('a');
      throw failure('soap.op.fault.3201');
    });
    expect(failures).toMatchObject([{ requirement: 'soap.op.fault.3201' }]);
  });

  test("a check's own rule that is another's: the scope's requirement, relying on it", async () => {
    const judging = new Judging(['a', 'b']);
    const failures = await failuresOf(judging, () => {
      judging.judging('b', ['x.rule']);
      throw failure('soap.fault.http-500');
    });
    expect(failures).toMatchObject([
      { requirement: 'b', reliesOn: ['soap.fault.http-500', 'x.rule'] },
    ]);
  });

  test('several requirements and no scope: every one, marked unattributed', async () => {
    const judging = new Judging(['a', 'b']);
    const failures = await failuresOf(judging, () => {
      throw new Error('boom');
    });
    expect(failures).toMatchObject([
      { requirement: 'a', unattributed: true },
      { requirement: 'b', unattributed: true },
    ]);
  });

  test('soft failures count, in their own scope, and the test goes on', async () => {
    const judging = new Judging(['a', 'b']);
    const failures = await failuresOf(judging, () => {
      judging.judging('a');
      judging.failedSoftly(new Error('a: expected 1, got 2'));
      judging.judging('b');
    });
    expect(failures).toMatchObject([{ requirement: 'a' }]);
    expect([...judging.held]).toEqual(['b']);
  });

  test('a check wrapped by fast-check keeps the scope it failed in', async () => {
    const judging = new Judging(['a', 'b']);
    const failures = await failuresOf(judging, () => {
      judging.judging('a');
      const inner = failure();
      judging.judging('b');
      throw new Error('Property failed after 1 tests', { cause: inner });
    });
    expect(failures).toMatchObject([{ requirement: 'a' }]);
  });

  test('no answer is no failed check', async () => {
    const judging = new Judging(['a']);
    expect(
      await failuresOf(judging, () => {
        throw new HarnessError('no answer');
      }),
    ).toEqual([]);
  });
});
