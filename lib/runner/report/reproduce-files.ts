/**
 * The reproduce script of each test that keeps its evidence, written beside the reports as a file
 * of its own (`reproduce/<test>.sh`), so that the terminal can name a file to run rather than a
 * line cut short: `bash reports/latest/reproduce/….sh`.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestResult } from '../../run-result.ts';
import { keepsEvidence } from './evidence.ts';

export const REPRODUCE_DIR = 'reproduce';

/** The file of a test's script, relative to the report directory: stable across runs. */
export function reproduceFile(t: Pick<TestResult, 'id' | 'name'>): string {
  const slug = t.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
  const hash = createHash('sha256').update(t.id).digest('hex').slice(0, 8);
  return `${REPRODUCE_DIR}/${slug || 'test'}-${hash}.sh`;
}

/** Whether a test's script is written beside the reports. */
export function writesReproduceFile(t: Pick<TestResult, 'status' | 'reproduce'>): boolean {
  return keepsEvidence(t) && t.reproduce !== undefined && t.reproduce !== '';
}

export async function writeReproduceFiles(
  reportDir: string,
  tests: readonly TestResult[],
): Promise<void> {
  const scripts = tests.filter(writesReproduceFile);
  if (scripts.length === 0) return;
  await mkdir(join(reportDir, REPRODUCE_DIR), { recursive: true });
  for (const t of scripts)
    await writeFile(join(reportDir, reproduceFile(t)), `${t.reproduce!}\n`, { mode: 0o755 });
}
