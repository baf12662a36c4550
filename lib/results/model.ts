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
  /** What the test observed of behaviour the spec leaves open (ctx.observe). */
  observations?: string[];
  /** What its cleanup undid and what it left on the target (lib/cleanup). */
  cleanup?: TestCleanup;
}

export interface TestCleanup {
  undone: string[];
  remaining: Array<{ kind: string; what: string }>;
}

/** What a run left on the target, so that a user can clean a shared target (issue 9). */
export interface RunLeftovers {
  /** The shared projects (lib/fixtures): those the run created remain. */
  sharedProjects: Array<{ name: string; id: number; shortName: string; createdByRun: boolean }>;
  /** How many changes the tests' cleanups undid. */
  undone: number;
  remaining: Array<{ kind: string; what: string; test: string }>;
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
  /** Observations of its tests (INFO requirements: what the target does where the spec is silent). */
  observations?: string[];
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
  /** What the run left on the target (projects, artifacts, …) and what its cleanups undid. */
  leftovers?: RunLeftovers;
  /** '--shard I/N': this run holds only that share of the suite files (merge joins the shares). */
  shard?: string;
  /** The known failures the run was judged with (--expectations). */
  expectations?: ExpectationsOutcome;
  /** Set by `merge`: the runs this result joins. */
  mergedFrom?: MergedRun[];
  /** The exit code of the run (0, 1, 2: design.md), as `conformance` returned it. */
  exitCode?: 0 | 1 | 2;
}

export interface ExpectationsOutcome {
  file: string;
  /** Every entry of the file: requirement ids and test ids. */
  entries: string[];
  /** Listed entries whose tests all passed: the file must shrink (exit 2). */
  unexpectedPasses: string[];
  /** Listed entries that no test of this run concerns (other --suite, --grep or --shard). */
  unseen: string[];
  /** 'deferred' in a --shard run: unexpected passes are judged by `merge`, over every share. */
  judged: 'here' | 'deferred';
}

export interface MergedRun {
  source: string;
  shard?: string;
  startedAt: string;
  durationMs: number;
  seed: number;
  tests: number;
}
