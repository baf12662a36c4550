/**
 * One run result from tests, of either kind (a run of the suites, or traffic judged): known
 * failures applied, requirements judged, totals counted, exit code and verdict decided. `run`,
 * `monitor`, `analyze` and `merge` all build their result here, so they cannot disagree.
 */
import { collapseHarnessErrors, type HarnessErrorEntry } from './harness-errors.ts';
import type { Requirement } from '../../requirements/index.ts';
import { MATRIX } from '../../../spec/matrix/index.ts';
import { withRootCauses } from '../../kit/blocked.ts';
import { blame } from './blame.ts';
import { judgeCells } from './cells.ts';
import { plantedFaultsOf } from './evidence.ts';
import { applyExpectations } from './expectations.ts';
import type {
  Judged,
  JudgedRun,
  RunLeftovers,
  SuitesRun,
  TestResult,
  TrafficRun,
} from '../../run-result.ts';
import { judgeRun } from './judge.ts';
import { countRequirements, countTests, judgeRequirements } from './verdict.ts';

/** What assembleRun computes, of either kind; the rest of a result is the header's. */
type Assembled =
  | 'totals'
  | 'requirementTotals'
  | 'requirements'
  | 'tests'
  | 'harnessErrors'
  | 'exitCode'
  | 'verdict';

/** A run of the suites' header: its kind may be left out. */
export type SuitesRunHeader = Omit<
  SuitesRun,
  Assembled | 'kind' | 'cells' | 'leftovers' | 'expectations' | 'interrupted'
> & {
  kind?: 'suites';
  /** The shared projects (lib/fixtures), for the run's leftovers. */
  sharedProjects?: RunLeftovers['sharedProjects'];
  /** Why requirements whose tests exist have no result (verdict.ts NOT_RUN_REASONS). */
  notRunReason?: string;
  /** The signal that stopped the run: no verdict (judge.ts). */
  interruptedBy?: string;
};

/** A traffic judgement's header: its traffic summary in place of a seed, cells and leftovers. */
export type TrafficRunHeader = Omit<TrafficRun, Assembled> & {
  /** Why requirements that a rule judges have no result: no exchange exercised them. */
  notRunReason?: string;
};

export type RunHeader = SuitesRunHeader | TrafficRunHeader;

export interface KnownFailures {
  file: string;
  entries: readonly string[];
  /** 'deferred' for a --shard run: a requirement may have tests in other shares. */
  judged: 'here' | 'deferred';
}

/** assembleRun's arguments after the header (described on its implementation). */
type AssembleArguments = [
  catalogue: readonly Requirement[],
  rawTests: readonly TestResult[],
  harnessErrors: readonly HarnessErrorEntry[],
  known?: KnownFailures,
  hasTests?: (id: string) => boolean,
];

/** Traffic has no known failures (--expectations is the suites'). */
type TrafficAssembleArguments = [
  catalogue: readonly Requirement[],
  rawTests: readonly TestResult[],
  harnessErrors: readonly HarnessErrorEntry[],
  known?: undefined,
  hasTests?: (id: string) => boolean,
];

/** A run of the suites' result or a traffic judgement's (run-of-traffic.ts): the header's kind. */
export function assembleRun(header: SuitesRunHeader, ...rest: AssembleArguments): Judged<SuitesRun>;
export function assembleRun(
  header: TrafficRunHeader,
  ...rest: TrafficAssembleArguments
): Judged<TrafficRun>;
export function assembleRun(header: RunHeader, ...rest: AssembleArguments): JudgedRun;
export function assembleRun(
  header: RunHeader,
  catalogue: readonly Requirement[],
  /** With their own status: 'observed' for a failure of INFO requirements only (verdict.ts). */
  rawTests: readonly TestResult[],
  /** One entry each (the collector's) or already collapsed entries (merge). */
  harnessErrors: readonly HarnessErrorEntry[],
  known?: KnownFailures,
  /**
   * Whether tests of a requirement exist (lib/requirements/coverage.ts): one without a result is
   * then 'not-run', else 'not-covered'.
   */
  hasTests: (id: string) => boolean = () => false,
): JudgedRun {
  // Blocked never hides a failure: what a test is blocked on fails. The tests come with their own
  // status, INFO-only failures already 'observed' (collector.ts; summary-file.ts for a summary).
  // Each failed check's requirement, or the root cause it waits on (blame.ts).
  const levels = new Map(catalogue.map((r) => [r.id, r.level] as const));
  let tests = withRootCauses(blame(rawTests, (id) => levels.get(id)));
  let expectations: SuitesRun['expectations'];
  if (known) {
    const applied = applyExpectations(tests, known.entries);
    tests = applied.tests;
    expectations = {
      file: known.file,
      entries: [...known.entries],
      unexpectedPasses: known.judged === 'here' ? applied.unexpectedPasses : [],
      unseen: applied.unseen,
      judged: known.judged,
    };
  }
  const requirementEntries = new Set(
    (known?.entries ?? []).filter((id) => catalogue.some((r) => r.id === id)),
  );
  const requirements = judgeRequirements(
    catalogue,
    tests,
    requirementEntries,
    hasTests,
    header.notRunReason,
  ).map((r) => ({
    ...r,
    plantedFaults: plantedFaultsOf(r.id),
  }));
  const totals = countTests(tests);
  const requirementTotals = countRequirements(requirements);
  if (header.kind === 'traffic') {
    const { notRunReason: _, ...trafficHeader } = header;
    return judgeRun({
      ...trafficHeader,
      totals,
      requirementTotals,
      requirements,
      tests,
      harnessErrors: collapseHarnessErrors(harnessErrors),
    });
  }
  const { sharedProjects = [], notRunReason: _, interruptedBy, ...runHeader } = header;
  const result: SuitesRun = {
    kind: 'suites',
    ...runHeader,
    totals,
    requirementTotals,
    requirements,
    cells: judgeCells(MATRIX, tests),
    tests,
    harnessErrors: collapseHarnessErrors(harnessErrors),
    leftovers: leftoversOf(tests, sharedProjects),
    ...(expectations ? { expectations } : {}),
  };
  return judgeRun(result, interruptedBy);
}

function leftoversOf(
  tests: readonly TestResult[],
  sharedProjects: RunLeftovers['sharedProjects'],
): RunLeftovers {
  return {
    sharedProjects: [...sharedProjects],
    undone: tests.reduce((n, t) => n + (t.cleanup?.undone.length ?? 0), 0),
    // The same thing left by several tests (a generic user account) is listed once.
    remaining: [
      ...new Map(
        tests
          .flatMap((t) => (t.cleanup?.remaining ?? []).map((r) => ({ ...r, test: t.id })))
          .map((r) => [`${r.kind} ${r.what}`, r] as const),
      ).values(),
    ],
  };
}
