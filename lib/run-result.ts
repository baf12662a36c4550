/** The results model every report is rendered from (docs/reading-the-report.md, "The files"). */
import type { Requirement, Side } from './requirements/index.ts';
import type { Exchange } from './wire-exchange.ts';

/**
 * A test's own outcome. 'error': the harness could not judge (timeout, target unreachable).
 * 'observed': a test of INFO requirements only saw the target differ from the real system; what
 * it saw is recorded, never shown as a failure (the spec leaves the choice open). 'blocked': not
 * judged, because a requirement its setup depends on failed (`blockedBy` names it; that
 * requirement's failure, not the blocked test, decides the exit code).
 */
export type TestStatus =
  'pass' | 'observed' | 'fail' | 'skip' | 'error' | 'expected-fail' | 'blocked';

/**
 * 'not-run': tests of it exist, but a --suite, --grep or --shard subset left them out;
 * 'not-covered': no test checks it (its catalogue row says why: spec/requirements/table.ts, uncovered).
 */
export type RequirementStatus = TestStatus | 'not-run' | 'not-covered';

/** Requirement statuses in the order reports show them. */
export const REQUIREMENT_STATUSES: readonly RequirementStatus[] = [
  'pass',
  'observed',
  'fail',
  'error',
  'expected-fail',
  'blocked',
  'skip',
  'not-run',
  'not-covered',
];

export interface TestResult {
  /** Stable id: "<suite file>::<full name>". */
  id: string;
  file: string;
  name: string;
  status: TestStatus;
  requirements: string[];
  /** The cells of the coverage matrix (spec/matrix) the test judges. */
  cells?: string[];
  durationMs: number;
  /** Why it failed, errored or was skipped; for 'observed', what was observed. */
  message?: string;
  /** For a skip: the capabilities the target lacked (profile `capabilities`), e.g. 'failNext'. */
  needs?: string[];
  expected?: string;
  actual?: string;
  /** The test's wire exchanges, redacted: its evidence, which every report renders. */
  exchanges?: Exchange[];
  /**
   * The plain text of the exchanges, as summary.json holds it: only in a result read back from a
   * summary.json (merge), whose tests carry no `exchanges`.
   */
  transcript?: string;
  /** A script that reproduces the judged exchange: its credentials, then the request. */
  reproduce?: string;
  /** The exchange of the transcript (from 0) that the failure judged: the one to reproduce. */
  judgedExchange?: number;
  /** What the test observed of behaviour the spec leaves open (ctx.observe). */
  observations?: string[];
  /** What its cleanup undid and what it left on the target (lib/cleanup). */
  cleanup?: TestCleanup;
  /** For 'blocked': the requirement its setup depends on, which failed (lib/kit/blocked.ts). */
  blockedBy?: BrokenPrecondition;
  /** A root cause's failure made from the tests blocked on it (lib/kit/blocked.ts), made anew by merge. */
  derived?: boolean;
  /**
   * The checks that failed, each with the one requirement it judged (docs/reading-the-report.md,
   * "One bug, one failing requirement"): what the run's blame (lib/runner/results/blame.ts) decides each test's and each
   * requirement's status from. Absent on a test that failed no check.
   */
  failures?: FailedCheck[];
  /** The requirements whose checks this test completed without a failure (before it stopped). */
  held?: string[];
  /**
   * Per requirement of the test, its status when it differs from the test's own (blame.ts): a
   * test that failed one requirement's check passes the others it judged before, and blocks
   * those it never reached.
   */
  outcomes?: Record<string, RequirementOutcome>;
}

/**
 * One failed check, as data: the requirement it judged, what was expected and what was observed.
 * `reliesOn`: the rules its oracle or setup relied on (a read-back through another operation, a
 * state another write made); when one of them is the root cause the run finds, the check is
 * blocked by it instead of failing `requirement`.
 */
export interface FailedCheck {
  requirement: string;
  /** In the domain's words: what was checked, what was expected, what came back. */
  message: string;
  expected?: string;
  actual?: string;
  reliesOn?: string[];
  /**
   * The test named several requirements and the check none of them (no ctx.judging scope): it
   * fails them all, as before attribution existed; self-validation lists such checks.
   */
  unattributed?: boolean;
}

/** A requirement's status in one test, where it differs from the test's. */
export interface RequirementOutcome {
  status: Extract<TestStatus, 'pass' | 'fail' | 'blocked' | 'observed'>;
  /** For 'blocked': the failed requirement it waits on. */
  blockedBy?: string;
  /** For 'fail' and 'observed': the failed check's message. */
  message?: string;
}

/**
 * A rule the setup of a test (or the run's provisioning) relies on, read back and found broken:
 * the root cause of the tests blocked on it, and the evidence of its requirement's failure.
 */
export interface BrokenPrecondition {
  /** The MUST requirement whose rule the read-back showed broken. */
  requirement: string;
  /** What the setup relies on, e.g. 'the projectMember is a member of the private project'. */
  fact: string;
  /** What the read-back saw: expected and actual, in the domain's words. */
  evidence: string;
  /** The exchanges of the read-back, redacted (the provisioning's, when it was the provisioning's). */
  exchanges?: Exchange[];
  /** Decided by the run's blame from the test's failed checks (blame.ts), not by a read-back. */
  fromChecks?: boolean;
}

export interface TestCleanup {
  undone: string[];
  remaining: Array<{ kind: string; what: string; retry?: LeftoverRetry }>;
}

/**
 * The project call (§4.2) that undoes a leftover, whose undo the target refused: `cleanup
 * REPORT_DIR` sends it again with a new session of the login `as` (absent: the projectAdmin).
 */
export interface LeftoverRetry {
  operation: string;
  /** The parts after the session key, in the §4.2 order. */
  args: Array<string | number>;
  as?: string;
}

/** What a run left on the target, so that a user can clean a shared target. */
export interface RunLeftovers {
  /** The shared projects (lib/fixtures): those the run created remain. */
  sharedProjects: Array<{ name: string; id: number; shortName: string; createdByRun: boolean }>;
  /** How many changes the tests' cleanups undid. */
  undone: number;
  remaining: Array<{ kind: string; what: string; test: string; retry?: LeftoverRetry }>;
}

/**
 * One cell of the coverage matrix (spec/matrix): the status of the tests that judge it, worst
 * first ('fail' over 'error' over 'pass'…); 'not-run' when no test of this run judged it.
 */
export interface CellResult {
  id: string;
  dimension: string;
  status: TestStatus | 'not-run';
  /** For skip: the first skipped test's reason; for blocked: what it is blocked on; for 'not-run': why. */
  reason?: string;
  tests: string[];
}

/** A catalogue requirement (spec/requirements/types.ts) as a run judged it. */
export interface RequirementResult extends Omit<Requirement, 'uncovered'> {
  status: RequirementStatus;
  /** For skip: the reason; for fail/error/observed: the first such test's message. */
  reason?: string;
  /** For skip: the capabilities the target lacked, when every skipped test of it names one. */
  needs?: string[];
  /** For blocked: the failed requirement its tests' setup depends on (the root cause). */
  blockedBy?: string;
  /**
   * The planted faults of the reference server that self-validation saw make this requirement
   * fail (lib/requirements/planted-fault-evidence.json, measured): evidence that its check can
   * fail. Empty: no planted fault is known to break it.
   */
  plantedFaults?: string[];
  /** Observations of its tests (INFO requirements: what the target does where the spec is silent). */
  observations?: string[];
  tests: Array<{ id: string; status: TestStatus }>;
}

/**
 * README.md, "Exit codes": 0 no MUST failed, 1 a MUST failed, 2 not judged or could not run, 130
 * interrupted.
 */
export type ExitCode = 0 | 1 | 2 | 130;

/**
 * What a run judged: 'suites' (`conformance run`, and `merge` of such runs: tests that talked to
 * the target) or 'traffic' (`monitor`, `analyze`, and `merge` of their reports: a recording
 * judged by the traffic rules, lib/traffic). A summary.json written before the kind was kept is
 * read as 'traffic' when it holds `traffic`, else as 'suites' (lib/runner/cli/summary-file.ts).
 */
export type RunKind = 'suites' | 'traffic';

/** What every run result holds, of either kind. */
interface RunCommon {
  kind: RunKind;
  target: string;
  /** How reports and compare name the target: the profile's label; 'reference server' embedded. */
  label?: string;
  /** 'embedded reference server' or 'external'. */
  targetKind: 'embedded' | 'external';
  startedAt: string;
  durationMs: number;
  command: string;
  /**
   * Requests the run sent to the target (preflight, provisioning, tests and cleanups); for
   * traffic, the exchanges read.
   */
  requests?: number;
  totals: Record<TestStatus, number>;
  requirementTotals: Record<RequirementStatus, number>;
  /** What the run says of the target (lib/runner/results/judge.ts); absent in an older summary. */
  verdict?: Verdict;
  requirements: RequirementResult[];
  tests: TestResult[];
  /**
   * Problems of the run itself (a suite that failed to load, an unhandled error), identical ones
   * collapsed into one entry with the count (lib/runner/results/harness-errors.ts).
   */
  harnessErrors: HarnessErrorEntry[];
  /** Set by `merge`: the runs this result joins. */
  mergedFrom?: MergedRun[];
  /**
   * The exit code of the run (0, 1, 2, 130 interrupted: README.md), as `conformance` returned it.
   */
  exitCode?: ExitCode;
}

/** A run of the suites: tests that talked to the target, with a seed. */
export interface SuitesRun extends RunCommon {
  kind: 'suites';
  seed: number;
  /** fast-check runs per property. */
  runs: number;
  capabilities: Record<string, boolean>;
  /** Every cell of the coverage matrix with the status of the tests that judged it. */
  cells?: CellResult[];
  /** What the run left on the target (projects, artifacts, …) and what its cleanups undid. */
  leftovers?: RunLeftovers;
  /** '--shard I/N': this run holds only that share of the suite files (merge joins the shares). */
  shard?: string;
  /** The known failures the run was judged with (--expectations). */
  expectations?: ExpectationsOutcome;
  /** Stopped by SIGINT/SIGTERM: what ran is reported, the rest is not-run, no verdict. */
  interrupted?: boolean;
  traffic?: never;
}

/**
 * The traffic `monitor` or `analyze` judged, as a run: each requirement a rule judged is a test
 * of its own (lib/runner/traffic/run-of-traffic.ts). No seed, capabilities, cells or leftovers:
 * it sent nothing of its own.
 */
export interface TrafficRun extends RunCommon {
  kind: 'traffic';
  traffic: TrafficSummary;
  seed?: never;
  runs?: never;
  capabilities?: never;
  cells?: never;
  leftovers?: never;
  shard?: never;
  expectations?: never;
  interrupted?: never;
}

export type RunResult = SuitesRun | TrafficRun;

/** What `monitor` or `analyze` judged (lib/traffic). */
export interface TrafficSummary {
  mode: 'monitor' | 'analyze';
  /** The upstream URL (monitor) or the HAR file (analyze). */
  source: string;
  sides: Side[];
  exchanges: number;
  /** Exchanges at least one rule judged. */
  judged: number;
  /** Exchanges that could not be read (malformed HTTP, a body that does not parse), with why. */
  unjudgeable: { count: number; kept: Array<{ seq: number; reason: string }> };
  /**
   * The exchanges read but judged by no rule (exchanges − judged − unjudgeable), by operation, each
   * with why. Absent in a report written before it was kept.
   */
  notJudged?: Array<{ operation: string; count: number; reason: string }>;
  /** `analyze` of a malformed or truncated HAR: where the reading stopped (what came before is judged). */
  stoppedAt?: string;
}

/** A run with its exit code and verdict (lib/runner/results/judge.ts): what the reports read. */
export type Judged<Run extends RunResult> = Run & { exitCode: ExitCode; verdict: Verdict };
export type JudgedRun = Judged<RunResult>;

/**
 * 'conforming': every MUST passed. 'conforming-without-test-control': every MUST passed but those
 * that need test control (the clock, fail-next), which the target lacks. 'not-shown': no MUST
 * failed, but some were skipped for other reasons, not covered or expected failures.
 */
export type VerdictKind =
  | 'conforming'
  | 'conforming-without-test-control'
  | 'not-shown'
  | 'expectations-out-of-date'
  | 'undecided'
  | 'interrupted'
  | 'not-conforming';

export interface Verdict {
  kind: VerdictKind;
  /** The verdict line of the terminal, index.html, junit.xml and compare. */
  text: string;
  /** The MUST requirements skipped only because the target lacks test control, with what each needs. */
  needTestControl: Array<{ id: string; needs: string[] }>;
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
  /** A run of the suites' seed (a traffic report has none). */
  seed?: number;
  tests: number;
}

export interface HarnessErrorEntry {
  message: string;
  /** How many times it happened (suite files, hooks, …). */
  count: number;
  /** Where, when known: the suite files (and describe blocks) it happened in. */
  where?: string[];
}
