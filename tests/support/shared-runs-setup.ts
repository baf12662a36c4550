/**
 * globalSetup of the project's tests (vitest.config.ts): a directory of this `npm test`'s own, where
 * the runs several test files judge are made once (tests/support/shared-runs.ts). A later
 * `npm test` gets a new one: a run is never reused across code changes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** One directory for every project of this vitest (tests and alone: vitest.config.ts). */
const DIR = Symbol.for('soap-rest-conformance-tests.shared-runs-dir');
const slot = globalThis as { [DIR]?: string };

export default function setup(project: TestProject): void {
  slot[DIR] ??= mkdtempSync(join(tmpdir(), 'conformance-shared-runs-'));
  project.provide('sharedRuns', slot[DIR]);
}
