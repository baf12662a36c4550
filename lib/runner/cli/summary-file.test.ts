import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readSummary } from './summary-file.ts';

function written(summary: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'summary-file-'));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary));
  return dir;
}

const common = {
  target: 'x.har',
  targetKind: 'external',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  command: 'analyze x.har',
  requirements: [],
  tests: [],
  harnessErrors: [],
};

describe('a summary.json written before the run result had a kind', () => {
  test('with `traffic`: a traffic judgement, without the seed, runs and capabilities it held', () => {
    const { run } = readSummary(
      written({
        ...common,
        seed: 0,
        runs: 0,
        capabilities: {},
        traffic: { mode: 'analyze', source: 'x.har', sides: ['server'], exchanges: 0 },
      }),
    );
    expect(run.kind).toBe('traffic');
    expect(['seed', 'runs', 'capabilities'].filter((k) => k in run)).toEqual([]);
    expect(run.verdict.text).toMatch(/^No MUST requirement failed in 0 exchanges/);
  });

  test('without: a run of the suites, as it was', () => {
    const { run } = readSummary(written({ ...common, seed: 7, runs: 100, capabilities: {} }));
    expect([run.kind, run.seed]).toEqual(['suites', 7]);
    expect(run.verdict.text).toMatch(/^Conforming/);
  });
});
