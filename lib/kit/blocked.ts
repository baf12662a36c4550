/**
 * One root cause, reported once (docs/reading-the-report.md, "One bug, one failing requirement"): a
 * test whose setup depends on a rule that a read-back
 * showed broken is 'blocked', naming that rule's requirement; the requirement fails once per run,
 * with the read-back as its evidence, and its failure, not the blocked tests, decides the exit code.
 */
import type { BrokenPrecondition, TestResult } from '../run-result.ts';

/** The message of a blocked test, and so the reason of a requirement whose tests are blocked. */
export function blockedReason(requirement: string): string {
  return `not judged: depends on ${requirement}, which failed`;
}

/** Where the failures of setup read-backs are filed: no suite file, the run's setup. */
export const SETUP_FILE = '(setup)';

/** The id of the failure of a requirement that a setup read-back found broken. */
export function rootCauseId(requirement: string): string {
  return `${SETUP_FILE}::${requirement}`;
}

/** Whether a test result is such a failure (merge keeps one of each, whichever share made it). */
export function isRootCause(test: Pick<TestResult, 'file'>): boolean {
  return test.file === SETUP_FILE;
}

/**
 * The failure of a requirement from what its read-backs saw: one test result for the requirement,
 * each distinct fact that did not hold with its evidence, the first transcript.
 */
export function rootCauseFailure(broken: readonly BrokenPrecondition[]): TestResult {
  const first = broken[0];
  if (!first) throw new Error('rootCauseFailure: no broken precondition');
  const facts = [...new Map(broken.map((b) => [b.fact, b])).values()];
  return {
    id: rootCauseId(first.requirement),
    file: SETUP_FILE,
    name: `setup read-back: ${facts.map((b) => b.fact).join('; ')}`,
    status: 'fail',
    requirements: [first.requirement],
    durationMs: 0,
    message: facts.map((b) => `${b.fact}: does not hold. ${b.evidence}`).join('\n'),
    ...(first.exchanges?.length ? { exchanges: first.exchanges } : {}),
  };
}

/**
 * The tests with the failure of every requirement a test is blocked on: blocked never hides a
 * failure. A failure already there (the provisioning's, with its transcript; another share's in
 * `merge`) is kept; else the blocked tests' own read-backs make it.
 */
export function withRootCauses(input: readonly TestResult[]): TestResult[] {
  // Those made from blocked tests before (a shard's, read back by merge) are made again.
  let tests = input.filter((t) => !(isRootCause(t) && t.derived));
  const present = new Set(tests.filter(isRootCause).map((t) => t.id));
  // A check blocked by a requirement another test failed (the run's blame) adds no failure.
  const failing = new Set(tests.flatMap(failedRequirementsOf));
  const missing = new Map<string, BrokenPrecondition[]>();
  // A blocked test that names nothing would hide what broke: the harness could not judge it.
  tests = tests.map((t) =>
    t.status === 'blocked' && !t.blockedBy
      ? {
          ...t,
          status: 'error',
          message: `blocked without naming the requirement that failed: ${t.message ?? ''}`,
        }
      : t,
  );
  for (const t of tests) {
    if (t.status !== 'blocked' || !t.blockedBy) continue;
    const id = rootCauseId(t.blockedBy.requirement);
    if (present.has(id) || (t.blockedBy.fromChecks && failing.has(t.blockedBy.requirement)))
      continue;
    // The read-back's exchanges are in the blocked test's own transcript.
    const broken =
      t.blockedBy.exchanges?.length || !t.exchanges?.length
        ? t.blockedBy
        : { ...t.blockedBy, exchanges: t.exchanges };
    missing.set(id, [...(missing.get(id) ?? []), broken]);
  }
  return [
    ...tests,
    ...[...missing.values()].map((broken) => ({ ...rootCauseFailure(broken), derived: true })),
  ];
}

/** The requirements a test failed: those of its outcomes that failed, else all of a failed test's. */
function failedRequirementsOf(t: TestResult): string[] {
  if (t.status !== 'fail') return [];
  if (!t.outcomes) return t.requirements;
  return t.requirements.filter((id) => t.outcomes?.[id]?.status === 'fail');
}
