/**
 * One run result from tests: known failures applied, requirements judged, totals counted, exit
 * code decided. `run` and `merge` both build their result here, so they cannot disagree.
 */
import { collapseHarnessErrors, type HarnessErrorEntry } from './harness-errors.ts';
import type { Requirement } from '../../requirements/index.ts';
import { MATRIX } from '../../../spec/matrix/index.ts';
import { withRootCauses } from '../../kit/blocked.ts';
import { judgeCells } from './cells.ts';
import { plantedFaultsOf } from './evidence.ts';
import { applyExpectations } from './expectations.ts';
import type { RunLeftovers, RunResult, TestResult } from '../../run-result.ts';
import {
  countRequirements,
  countTests,
  exitCode,
  judgeRequirements,
  judgeVerdict,
  observedIfInfo,
} from './verdict.ts';

export type RunHeader = Omit<
  RunResult,
  | 'totals'
  | 'requirementTotals'
  | 'requirements'
  | 'tests'
  | 'harnessErrors'
  | 'leftovers'
  | 'expectations'
  | 'exitCode'
  | 'verdict'
> & {
  /** The shared projects (lib/fixtures), for the run's leftovers. */
  sharedProjects?: RunLeftovers['sharedProjects'];
  /** Why requirements whose tests exist have no result (verdict.ts NOT_RUN_REASONS). */
  notRunReason?: string;
};

export interface KnownFailures {
  file: string;
  entries: readonly string[];
  /** 'deferred' for a --shard run: a requirement may have tests in other shares. */
  judged: 'here' | 'deferred';
}

export function assembleRun(
  header: RunHeader,
  catalogue: readonly Requirement[],
  rawTests: readonly TestResult[],
  /** One entry each (the collector's) or already collapsed entries (merge). */
  harnessErrors: readonly HarnessErrorEntry[],
  known?: KnownFailures,
  /**
   * Whether tests of a requirement exist (lib/requirements/coverage.ts): one without a result is
   * then 'not-run', else 'not-covered'.
   */
  hasTests: (id: string) => boolean = () => false,
): RunResult {
  const levels = new Map(catalogue.map((r) => [r.id, r.level]));
  // Blocked never hides a failure: what a test is blocked on fails. INFO never fails (before the
  // known failures: an observation is never an expected failure).
  let tests = withRootCauses(rawTests).map((t) => observedIfInfo(t, (id) => levels.get(id)));
  let expectations: RunResult['expectations'];
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
  const { sharedProjects = [], notRunReason: _, ...runHeader } = header;
  const result: RunResult = {
    ...runHeader,
    totals: countTests(tests),
    requirementTotals: countRequirements(requirements),
    requirements,
    cells: judgeCells(MATRIX, tests),
    tests,
    harnessErrors: collapseHarnessErrors(harnessErrors),
    leftovers: leftoversOf(tests, sharedProjects),
    ...(expectations ? { expectations } : {}),
  };
  result.exitCode = exitCode(result);
  result.verdict = judgeVerdict(result);
  return result;
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
