/**
 * `npx soap-rest-conformance` in a checkout of the repository (no dist/, only
 * `npm ci`) runs the CLI from its TypeScript sources, as `npm run conformance` does; the package
 * runs its compiled dist/ (tests/package.test.ts).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { NO_ALLURE_HTML } from '../lib/runner/report/allure-html-wanted.ts';
import { childEnv, newReportDir, readSummary, ROOT } from './support/cli.ts';

const exec = promisify(execFile);

/** npx as a user types it in the checkout, with its exit code (npx exits with the CLI's). */
async function npx(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec('npx', ['soap-rest-conformance', ...args], {
      cwd: ROOT,
      env: childEnv({ [NO_ALLURE_HTML]: '1' }),
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
  }
}

describe('npx soap-rest-conformance in a checkout', () => {
  test('--version: the CLI answers, from its sources', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const { code, stdout, stderr } = await npx(['--version']);
    expect(stderr).not.toMatch(/dist\/ is missing/);
    expect({ code, stdout: stdout.trim() }).toEqual({
      code: 0,
      stdout: `soap-rest-conformance ${pkg.version}`,
    });
  });

  test('a run of rest/tokens against the embedded reference server: exit 0, its report', async () => {
    const reportDir = newReportDir();
    const { code, stderr } = await npx([
      'run',
      '--suite',
      'rest/tokens',
      '--report-dir',
      reportDir,
    ]);
    expect(code, stderr).toBe(0);
    expect(readSummary(reportDir).tests.every((t) => t.status === 'pass')).toBe(true);
  });
});
