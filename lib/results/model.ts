/** The results model every report is rendered from (design.md, summary.json). */
import type { Level } from '../requirements/index.ts';

/** A test's own outcome. 'error': the harness could not judge (timeout, target unreachable). */
export type TestStatus = 'pass' | 'fail' | 'skip' | 'error' | 'expected-fail';

export type RequirementStatus = TestStatus | 'not-covered';

/** Requirement statuses in the order reports show them. */
export const REQUIREMENT_STATUSES: readonly RequirementStatus[] = [
  'pass',
  'fail',
  'error',
  'expected-fail',
  'skip',
  'not-covered',
];

export interface TestResult {
  /** Stable id: "<suite file>::<full name>". */
  id: string;
  file: string;
  name: string;
  status: TestStatus;
  requirements: string[];
  durationMs: number;
  /** Why it failed, errored or was skipped. */
  message?: string;
  expected?: string;
  actual?: string;
  transcript?: string;
  reproduce?: string;
}

export interface RequirementResult {
  id: string;
  section: string;
  level: Level;
  text: string;
  decision?: string;
  status: RequirementStatus;
  /** For skip: the reason; for fail/error: the first failing test's message. */
  reason?: string;
  tests: Array<{ id: string; status: TestStatus }>;
}

export interface RunResult {
  target: string;
  /** 'embedded reference server' or 'external'. */
  targetKind: 'embedded' | 'external';
  startedAt: string;
  durationMs: number;
  seed: number;
  runs: number;
  capabilities: Record<string, boolean>;
  command: string;
  totals: { pass: number; fail: number; skip: number; error: number; 'expected-fail': number };
  requirementTotals: Record<RequirementStatus, number>;
  requirements: RequirementResult[];
  tests: TestResult[];
  /** Problems of the run itself (a suite that failed to load, an unhandled error). */
  harnessErrors: string[];
}
