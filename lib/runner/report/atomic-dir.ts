/**
 * Reports are written into a new directory beside the report directory and swapped in at the end
 * (docs/reading-the-report.md, "Reports are swapped in whole"): a run that fails, is interrupted or
 * selects nothing never leaves a
 * half-written report nor destroys the previous one.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';

/** A new, empty directory beside `reportDir`, for this process only. */
export async function stagingDir(reportDir: string): Promise<string> {
  const staging = `${reportDir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  return staging;
}

/** Puts `staging` in the place of `reportDir`; the previous report is removed only after. */
export async function swapIn(staging: string, reportDir: string): Promise<void> {
  const old = `${reportDir}.old-${process.pid}`;
  const hadOne = existsSync(reportDir);
  if (hadOne) await rename(reportDir, old);
  try {
    await rename(staging, reportDir);
  } catch (error) {
    if (hadOne) await rename(old, reportDir);
    throw error;
  }
  if (hadOne) await rm(old, { recursive: true, force: true });
}
