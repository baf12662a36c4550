/**
 * Exact diagnosis (docs/reading-the-report.md, "One bug, one failing requirement"): from the failed checks of a run, the requirements that failed, and
 * for every other requirement a failed test named, whether it held or is blocked by one of them.
 *
 * Each failed check judged one requirement and may rely on others (its oracle, its setup): it is
 * explained when the requirement it judged failed, or one it relies on did. The failed
 * requirements are the fewest that explain every failed check: a check that relies on nothing
 * fails its requirement; then, one at a time, the requirement that explains most of the rest,
 * preferring one no test saw hold; only a requirement some failed check judged is chosen (relying
 * on a rule is no evidence that it broke). A
 * requirement chosen fails; a check it does not explain is blocked by the one that does. Blocked
 * never hides a failure: some requirement explains every check.
 */
import { blockedReason } from '../../kit/blocked.ts';
import type { Level } from '../../requirements/index.ts';
import type { FailedCheck, RequirementOutcome, TestResult } from '../../run-result.ts';

type LevelOf = (id: string) => Level | undefined;

interface Check {
  test: number;
  check: FailedCheck;
  /** The MUST requirements it relies on (an INFO rule cannot be a root cause). */
  reliesOn: string[];
}

/** Whether the test's status comes from its failed checks (and is decided again here). */
function judgedByChecks(test: TestResult): boolean {
  return (
    (test.failures?.length ?? 0) > 0 &&
    (test.status === 'fail' ||
      test.status === 'expected-fail' ||
      test.status === 'observed' ||
      (test.status === 'blocked' && test.blockedBy?.fromChecks === true))
  );
}

/** The requirements that fail: every check explained, as few as that takes (see the top). */
export function rootCauses(checks: readonly Check[], held: ReadonlySet<string>): Set<string> {
  const failed = new Set(
    checks.filter((c) => c.reliesOn.length === 0).map((c) => c.check.requirement),
  );
  const explained = (c: Check) =>
    failed.has(c.check.requirement) || c.reliesOn.some((id) => failed.has(id));
  const judged = new Set(checks.map((c) => c.check.requirement));
  const order = new Map<string, number>();
  for (const c of checks)
    for (const id of [c.check.requirement, ...c.reliesOn])
      if (!order.has(id)) order.set(id, order.size);
  for (
    let rest = checks.filter((c) => !explained(c));
    rest.length > 0;
    rest = rest.filter((c) => !explained(c))
  ) {
    // A candidate is a requirement some failed check judged: relying on a rule is no evidence
    // that it broke (in a run of some suites, the rule may not be judged at all).
    const counts = new Map<string, number>();
    for (const c of rest)
      for (const id of new Set([c.check.requirement, ...c.reliesOn]))
        if (judged.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    const rank = (id: string) => [held.has(id) ? 1 : 0, -(counts.get(id) ?? 0), order.get(id) ?? 0];
    const [best] = [...counts.keys()].sort((a, b) => compare(rank(a), rank(b)));
    failed.add(best!);
  }
  return failed;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * The tests with their statuses decided from their failed checks: 'fail' when one of its own
 * requirements failed, else 'blocked' by the root cause (a failed check of its setup, or one
 * whose oracle failed elsewhere), 'observed' when only INFO checks failed; and per requirement,
 * its outcome in that test.
 */
export function blame(tests: readonly TestResult[], levelOf: LevelOf): TestResult[] {
  const must = (id: string) => levelOf(id) === 'MUST';
  const checks: Check[] = [];
  tests.forEach((test, index) => {
    if (!judgedByChecks(test)) return;
    for (const check of test.failures ?? [])
      if (must(check.requirement))
        checks.push({ test: index, check, reliesOn: (check.reliesOn ?? []).filter(must) });
  });
  const held = new Set<string>();
  for (const test of tests) {
    if (test.status === 'pass') for (const id of test.requirements) held.add(id);
    for (const id of test.held ?? []) held.add(id);
  }
  const failed = rootCauses(checks, held);
  return tests.map((test) => (judgedByChecks(test) ? decide(test, failed, must) : test));
}

function decide(
  test: TestResult,
  failed: ReadonlySet<string>,
  must: (id: string) => boolean,
): TestResult {
  const outcomes: Record<string, RequirementOutcome> = {};
  /** The first failed or blocking requirement: what the requirements never reached wait on. */
  let cause: string | undefined;
  let own: FailedCheck | undefined;
  let setup: FailedCheck | undefined;
  let blockedBy: { check: FailedCheck; on: string } | undefined;
  for (const check of test.failures ?? []) {
    const id = check.requirement;
    if (!must(id)) {
      outcomes[id] ??= { status: 'observed', message: check.message };
      continue;
    }
    const fails = failed.has(id);
    const on = fails ? id : (check.reliesOn ?? []).find((r) => failed.has(r));
    cause ??= on;
    if (fails && test.requirements.includes(id)) {
      own ??= check;
      const before = outcomes[id]?.status === 'fail' ? outcomes[id].message : undefined;
      outcomes[id] = {
        status: 'fail',
        message:
          before === undefined || before === check.message
            ? check.message
            : `${before}\n${check.message}`,
      };
    } else if (fails) setup ??= check;
    else {
      blockedBy ??= { check, on: on! };
      if (outcomes[id]?.status !== 'fail') outcomes[id] = { status: 'blocked', blockedBy: on! };
    }
  }
  for (const id of test.requirements) {
    if (outcomes[id]) continue;
    if (test.held?.includes(id)) outcomes[id] = { status: 'pass' };
    else if (cause !== undefined) outcomes[id] = { status: 'blocked', blockedBy: cause };
  }
  const { blockedBy: _old, ...rest } = test;
  if (own) {
    // Every check it failed (soft assertions go on), each once.
    const failedChecks = (test.failures ?? []).filter(
      (c) => failed.has(c.requirement) && test.requirements.includes(c.requirement),
    );
    return {
      ...rest,
      status: test.status === 'expected-fail' ? 'expected-fail' : 'fail',
      outcomes,
      message: [...new Set(failedChecks.map((c) => c.message))].join('\n'),
      ...values(own),
    };
  }
  const root = setup ?? blockedBy?.check;
  if (!root) return { ...rest, status: 'observed', outcomes };
  const requirement = setup ? setup.requirement : blockedBy!.on;
  return {
    ...rest,
    status: 'blocked',
    message: blockedReason(requirement),
    outcomes,
    blockedBy: {
      requirement,
      fact: setup
        ? `a setup step of '${test.name.split(' > ').at(-1) ?? test.name}'`
        : `'${test.name.split(' > ').at(-1) ?? test.name}' relies on ${requirement}`,
      evidence: root.message,
      fromChecks: true,
    },
  };
}

function values(check: FailedCheck): { expected?: string; actual?: string } {
  return {
    ...(check.expected === undefined ? {} : { expected: check.expected }),
    ...(check.actual === undefined ? {} : { actual: check.actual }),
  };
}
