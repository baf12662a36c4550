import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { stagingDir, swapIn } from './atomic-dir.ts';

test('the new report takes the place of the old one, and nothing else is left beside it', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'atomic-'));
  const reportDir = join(parent, 'latest');
  const first = await stagingDir(reportDir);
  writeFileSync(join(first, 'summary.json'), 'first');
  await swapIn(first, reportDir);
  const second = await stagingDir(reportDir);
  // Until the swap, the previous report is whole.
  expect(readFileSync(join(reportDir, 'summary.json'), 'utf8')).toBe('first');
  writeFileSync(join(second, 'summary.json'), 'second');
  await swapIn(second, reportDir);
  expect(readFileSync(join(reportDir, 'summary.json'), 'utf8')).toBe('second');
  expect(readdirSync(parent)).toEqual(['latest']);
});

test('a staging directory starts empty, even after an earlier run of the same process died', async () => {
  const reportDir = join(mkdtempSync(join(tmpdir(), 'atomic-')), 'latest');
  const staging = await stagingDir(reportDir);
  writeFileSync(join(staging, 'half-written.json'), '{');
  expect(existsSync(join(await stagingDir(reportDir), 'half-written.json'))).toBe(false);
});
