/** The masking of tests/support/compare-reports.ts: what two runs of unchanged code differ in. */
import { describe, expect, test } from 'vitest';
import {
  canonicalJson,
  canonicalMarkup,
  lineDifferences,
  mask,
} from './support/compare-reports.ts';

describe('comparing the reports of two runs', () => {
  test('masks what differs between two runs of the same code', () => {
    const run = (port: number, token: string, at: string, id: number) =>
      mask(
        `GET http://127.0.0.1:${port}/api/artifacts/${id} (12 ms) date: Sun, 29 Nov 2026 ${at} GMT ` +
          `"startedAt": "2026-11-29T${at}.028Z", "durationMs": ${port}, login no-such-user-${token} ` +
          `value ${token}-15038-1 wait until 08:01 local time; /r/${port}`,
        `/r/${port}`,
      );
    expect(run(47113, 'mx1hpjaq', '07:00:38', 31)).toBe(run(47114, 'mx1hqr7k', '07:01:34', 13));
  });

  test('keeps what the code decides: counts, statuses, verdicts, fields', () => {
    expect(mask('"seed": 0, 153 of 173 MUST requirements passed')).toBe(
      '"seed": 0, 153 of 173 MUST requirements passed',
    );
    const before = canonicalJson('{"tests":[{"id":"b"},{"id":"a"}],"totals":{"fail":3}}');
    const after = canonicalJson(
      '{"kind":"suites","tests":[{"id":"a"},{"id":"b"}],"totals":{"fail":3}}',
    );
    expect(lineDifferences(before, after)).toEqual(['+  "kind": "suites",']);
  });

  test('ignores the order of the tests in junit.xml and index.html, not their content', () => {
    const a = canonicalMarkup('<tr><td>x</td></tr><tr><td>y</td></tr>');
    expect(canonicalMarkup('<tr><td>y</td></tr><tr><td>x</td></tr>')).toBe(a);
    expect(lineDifferences(a, canonicalMarkup('<tr><td>x</td></tr><tr><td>z</td></tr>'))).toEqual([
      '- <td>y',
      '+ <td>z',
    ]);
  });
});
