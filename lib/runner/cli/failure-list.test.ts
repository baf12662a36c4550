import { describe, expect, test } from 'vitest';
import type { Requirement } from '../../requirements/index.ts';
import { assembleRun } from '../results/assemble.ts';
import type { TestResult } from '../../run-result.ts';
import { renderFailureList } from './failure-list.ts';

const must = (id: string): Requirement => ({ id, section: '§4.4', level: 'MUST', text: id });
const failing = (id: string): TestResult => ({
  id: `suites/x.test.ts::${id} test`,
  file: 'suites/x.test.ts',
  name: `${id} test`,
  status: 'fail',
  requirements: [id],
  durationMs: 1,
  message: `expected 412, got 200\nat line 2 of the assertion`,
  reproduce: `TOKEN=$(curl -s …)\ncurl -i -X PUT 'http://t/api/artifacts/${id}'`,
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
const ids = Array.from({ length: 10 }, (_, i) => `r${i}`);
const run = assembleRun(header, ids.map(must), ids.map(failing), []);

describe('the failures at the end of a run', () => {
  test('each failing MUST: id, test, first line of the message, the request to reproduce', () => {
    const text = renderFailureList(run, false);
    expect(text).toContain(
      [
        '  r0 (§4.4)',
        '    test: suites/x.test.ts > r0 test',
        '    why:  expected 412, got 200',
        "    reproduce: curl -i -X PUT 'http://t/api/artifacts/r0' (credentials: see index.html)",
      ].join('\n'),
    );
    expect(text).not.toContain('at line 2');
  });

  test('fits a screen: six failures, then how many more and where they are', () => {
    const text = renderFailureList(run, false);
    expect(text.split('\n').length).toBeLessThan(30);
    expect(text).toContain('  … 4 more: index.html, or rerun with --verbose');
    expect(text).not.toContain('r6 (§4.4)');
  });

  test('--verbose: every failure, with the whole reproduce script', () => {
    const text = renderFailureList(run, true);
    for (const id of ids) expect(text).toContain(`  ${id} (§4.4)`);
    expect(text).toContain('      TOKEN=$(curl -s …)');
    expect(text).not.toContain('more:');
  });

  test('--verbose: a test that fails two requirements prints its script once', () => {
    const both = { ...failing('r0'), requirements: ['r0', 'r1'] };
    const text = renderFailureList(assembleRun(header, [must('r0'), must('r1')], [both], []), true);
    expect(text.split('TOKEN=$(curl -s …)')).toHaveLength(2);
    expect(text).toContain('    reproduce: the script above (same test)');
  });

  test('a clean run prints nothing', () => {
    expect(renderFailureList(assembleRun(header, [must('a')], [], []), false)).toBe('');
  });
});
