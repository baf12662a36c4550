import { describe, expect, test } from 'vitest';
import {
  collapseHarnessErrors,
  describeHarnessError,
  harnessErrorCount,
} from './harness-errors.ts';

describe('identical harness errors', () => {
  const reason = 'the shared projects could not be provisioned (lib/fixtures), no test was run: x';
  const placed = (where: string, message: string) => ({ message, count: 1, where: [where] });
  const raw = [
    placed('suites/soap/wire.test.ts', reason),
    placed('suites/rest/tokens.test.ts', reason),
    { message: 'unhandled error: boom', count: 1 },
    placed('suites/rest/xml.test.ts', reason),
    placed('suites/rest/xml.test.ts > XML', 'hook failed: cleanup broke'),
  ];

  test('are one entry with the count and the places; different ones stay apart', () => {
    const entries = collapseHarnessErrors(raw);
    expect(entries).toEqual([
      {
        message: reason,
        count: 3,
        where: [
          'suites/soap/wire.test.ts',
          'suites/rest/tokens.test.ts',
          'suites/rest/xml.test.ts',
        ],
      },
      { message: 'unhandled error: boom', count: 1 },
      { message: 'hook failed: cleanup broke', count: 1, where: ['suites/rest/xml.test.ts > XML'] },
    ]);
    expect(harnessErrorCount(entries)).toBe(5);
  });

  test('read as one line each: the reason with ×count, or the place and the reason', () => {
    const [many, one, placed] = collapseHarnessErrors(raw).map(describeHarnessError);
    expect(many).toBe(
      `${reason} (×3: suites/soap/wire.test.ts, suites/rest/tokens.test.ts, suites/rest/xml.test.ts)`,
    );
    expect(one).toBe('unhandled error: boom');
    expect(placed).toBe('suites/rest/xml.test.ts > XML: hook failed: cleanup broke');
  });

  test('collapsed entries collapse again (merge)', () => {
    const entries = collapseHarnessErrors([
      { message: 'm', count: 2, where: ['a.test.ts', 'b.test.ts'] },
      placed('c.test.ts', 'm'),
    ]);
    expect(entries).toEqual([
      { message: 'm', count: 3, where: ['a.test.ts', 'b.test.ts', 'c.test.ts'] },
    ]);
  });
});
