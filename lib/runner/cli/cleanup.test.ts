import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import type { RunResult } from '../../run-result.ts';
import { cleanup } from './cleanup.ts';

afterEach(() => vi.restoreAllMocks());

/** A report whose leftovers no interface undoes: 130 artifacts (some of an unknown tracker), 7 more. */
function reportDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  const remaining = [
    ...Array.from({ length: 130 }, (_, i) => ({
      kind: 'artifact',
      what: `artifact ${1000 + i} in tracker ${i % 2 === 0 ? '9' : '?'}`,
      test: 'rest/artifacts.test.ts::creates',
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      kind: 'project',
      what: `project ${200 + i} 'conf-${i}'`,
      test: 'soap/add-project.test.ts::adds',
    })),
    ...Array.from({ length: 2 }, (_, i) => ({
      kind: 'generic-user',
      what: `generic user of project ${300 + i}`,
      test: 'soap/generic-user.test.ts::sets',
    })),
  ];
  const run = {
    target: 'https://tuleap.example.org',
    startedAt: '2026-11-29T03:00:00.000Z',
    leftovers: { sharedProjects: [], undone: 12, remaining },
  } as unknown as RunResult;
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(run));
  return dir;
}

test('cleanup summarises what no interface undoes by kind, with counts, and names the report section that lists them', async () => {
  const dir = reportDir();
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  expect(await cleanup([dir])).toBe(0);
  const lines = out.trimEnd().split('\n');
  expect(lines.length).toBeLessThanOrEqual(4);
  expect(out).not.toContain('in tracker ?');
  expect(out).toContain('130 artifacts, 5 projects, 2 generic users');
  expect(out).toContain(`"Left on the target" in ${join(dir, 'index.html')}`);
});
