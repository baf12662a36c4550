/**
 * Every way a test can end gets its own status, never a false pass (docs/reading-the-report.md, "Statuses"): the
 * CLI's Collector over tests/support/collector-cases/, whose test names start with the status
 * each must get. Hooks that get no answer or fail, vitest's own timeout and static skips included.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { HarnessErrorEntry, TestResult } from '../lib/run-result.ts';
import { describeHarnessError } from '../lib/runner/results/harness-errors.ts';
import { childEnv, ROOT } from './support/cli.ts';

interface Collected {
  tests: TestResult[];
  harnessErrors: HarnessErrorEntry[];
}

function collect(grep?: string): Promise<Collected> {
  return new Promise((done, fail) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'tests/support/collect-cases.ts'), ...(grep ? [grep] : [])],
      { cwd: ROOT, env: childEnv(), timeout: 60_000 },
      // vitest sets exit code 1 when a case fails, which they do on purpose: stdout decides.
      (error, stdout, stderr) => {
        try {
          done(JSON.parse(stdout) as Collected);
        } catch {
          fail(new Error(`${error?.message ?? 'no JSON'}\n${stderr}`));
        }
      },
    ),
  );
}

describe('the statuses the Collector gives', () => {
  let all: Awaited<ReturnType<typeof collect>>;
  beforeAll(async () => {
    all = await collect();
  });

  test('each case gets the status its name starts with', () => {
    const { tests } = all;
    expect(tests.length).toBeGreaterThanOrEqual(16);
    for (const t of tests) {
      const name = t.name.split(' > ').at(-1)!;
      expect(t.status, name).toBe(name.split(':')[0]);
    }
  });

  test('a test under a failed hook says which hook and why; a timeout says it is one', () => {
    const { tests, harnessErrors } = all;
    const byName = (part: string) => tests.find((t) => t.name.includes(part))!;
    expect(byName('nested under a hook').message).toContain(
      "a hook of 'a setup that gets no answer' failed: GET http://t/api/projects: timeout",
    );
    expect(byName('hook whose assertion').message).toMatch(/^setup failed, not run: .*login/);
    expect(byName('over vitest testTimeout').message).toMatch(
      /^timeout: the test did not finish within 100 ms/,
    );
    const lines = harnessErrors.map(describeHarnessError).join('\n');
    expect(lines).toContain('a cleanup that breaks: hook failed: cleanup broke');
    expect(lines).toContain('file-setup.case.ts: the file setup broke');
    // Each says where it happened, as data: the place is never read back from the text.
    expect(harnessErrors.find((e) => e.message === 'the file setup broke')?.where).toEqual([
      expect.stringMatching(/file-setup\.case\.ts$/),
    ]);
  });

  test('an observed test keeps what it saw as its message; a skip says which capability it needs', () => {
    const byName = (part: string) => all.tests.find((t) => t.name.includes(part))!;
    expect(byName('INFO-only check').message).toContain('status of OPTIONS /api/projects');
    expect(byName('for want of a capability').needs).toEqual(['failNext']);
    expect(byName('skip: with a reason').needs).toBeUndefined();
  });

  test('a test an interruption stopped: a skip when its cleanup had something to do, else no result', () => {
    const stopped = all.tests.filter((t) => t.name.includes('stopped by an interruption'));
    expect(stopped.map((t) => [t.status, t.message, t.cleanup?.undone])).toEqual([
      [
        'skip',
        'stopped by the interruption before its end: not judged; its cleanup ran',
        ['removeProjectMember 101 of project 105'],
      ],
    ]);
  });

  test('--grep leaves out what it does not match, and only that', async () => {
    const { tests } = await collect('nothing wrong|in the source');
    expect(tests.map((t) => t.status).sort()).toEqual(['pass', 'skip']);
  });
});
