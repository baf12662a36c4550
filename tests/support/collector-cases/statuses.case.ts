/**
 * Test cases for the Collector (tests/collector-statuses.test.ts): every way a test can end, each
 * named after the status it must get. Run only through tests/support/collect-cases.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HarnessError } from '../../../lib/kit/clients/harness-error.ts';
import { STOPPED_BY_INTERRUPTION } from '../../../lib/kit/clients/rate-limit.ts';

describe('a setup that gets no answer', () => {
  beforeAll(() => {
    throw new HarnessError('GET http://t/api/projects: timeout: no answer within 5 ms');
  });
  test('error: under a hook that got no answer', () => {});
  describe('nested', () => {
    test('error: nested under a hook that got no answer', () => {});
  });
});

describe('a setup that the target breaks', () => {
  beforeAll(() => {
    expect(404, 'status of the login').toBe(200);
  });
  test('error: under a hook whose assertion failed', () => {});
});

describe('a cleanup that breaks', () => {
  afterAll(() => {
    throw new Error('cleanup broke');
  });
  test('pass: before a failing cleanup', () => {});
});

test('error: no answer in the body', () => {
  throw new HarnessError('POST http://t/api/tokens: UND_ERR_SOCKET other side closed');
});

test('error: a property whose run got no answer', () => {
  fc.assert(
    fc.property(fc.string(), () => {
      throw new HarnessError('POST http://t/soap/project/: UND_ERR_SOCKET other side closed');
    }),
    { seed: 1 },
  );
});

test('error: a property that got no answer, reported inline', () => {
  fc.assert(
    fc.property(fc.string(), () => {
      throw new HarnessError('GET http://t/api/projects: timeout: no answer within 5 ms');
    }),
    { seed: 1, includeErrorInReport: true },
  );
});

test('fail: a property whose run saw a wrong answer', () => {
  fc.assert(
    fc.property(fc.integer(), (n) => {
      expect(n, 'echoed value').toBe(n + 1);
    }),
    { seed: 1 },
  );
});

test('fail: an assertion failed before the target stopped answering', () => {
  expect.soft(1, 'first answer').toBe(2);
  throw new HarnessError('GET http://t/x: timeout: no answer within 5 ms');
});

test('error: over vitest testTimeout', { timeout: 100 }, async () => {
  await new Promise((resolve) => setTimeout(resolve, 1500));
});

test('fail: an assertion', () => {
  expect(1, 'a value').toBe(2);
});

test('fail: the answer was not what the code expects', () => {
  const body = JSON.parse('{}') as { token: { length: number } };
  expect(body.token.length).toBe(32);
});

test.skip('skip: in the source', () => {});

test('skip: with a reason', (ctx) => {
  ctx.skip('the target lacks the capability testControl');
});

test('pass: nothing wrong', () => {});

test(
  'observed: an INFO-only check that saw the target differ',
  { meta: { requirements: ['rest.routes.complete-list', 'soap.types.flag-values'] } },
  () => {
    expect(405, 'status of OPTIONS /api/projects').toBe(200);
  },
);

test(
  'fail: a check of a MUST and an INFO requirement',
  { meta: { requirements: ['rest.tokens.uri-form', 'rest.routes.complete-list'] } },
  () => {
    expect('/tokens/x', 'uri of the token').toBe('/api/tokens/x');
  },
);

test('skip: for want of a capability (machine-readable)', (ctx) => {
  ctx.task.meta.needs = ['failNext'];
  ctx.skip("the target lacks the capability 'failNext'");
});

// A run interrupted (Ctrl-C): a test stopped at its next request (lib/kit/cleanup/in-flight.ts).
test('skip: stopped by an interruption after it changed the target', (ctx) => {
  ctx.task.meta.cleanup = { undone: ['removeProjectMember 101 of project 105'], remaining: [] };
  throw new HarnessError(STOPPED_BY_INTERRUPTION);
});

test('(no result) stopped by an interruption before it changed anything', () => {
  throw new HarnessError(STOPPED_BY_INTERRUPTION);
});
