/**
 * From test results to requirement statuses and the exit code (design.md). A requirement takes the
 * worst status of its tests: fail > error > expected-fail > skip > pass. It is 'pass' only when
 * every test of it passed: one skipped test (a missing capability) leaves it 'skip', never 'pass'.
 * With no test it is 'not-covered'. Only 'pass' counts as conforming.
 */
import type { Requirement } from '../requirements/index.ts';
import type {
  RequirementResult,
  RequirementStatus,
  RunResult,
  TestResult,
  TestStatus,
} from './model.ts';

const SEVERITY: Record<TestStatus, number> = {
  pass: 0,
  skip: 1,
  'expected-fail': 2,
  error: 3,
  fail: 4,
};

/**
 * `expectedRequirements`: requirement ids of the expectations file; a failing test counts as an
 * expected failure for those (and stays a failure for the other requirements it checks).
 */
export function judgeRequirements(
  catalogue: readonly Requirement[],
  tests: readonly TestResult[],
  expectedRequirements: ReadonlySet<string> = new Set(),
): RequirementResult[] {
  const byRequirement = new Map<string, TestResult[]>();
  for (const test of tests) {
    for (const id of test.requirements)
      byRequirement.set(id, [...(byRequirement.get(id) ?? []), test]);
  }
  return catalogue.map((r) => {
    const checked = (byRequirement.get(r.id) ?? []).map((t) =>
      t.status === 'fail' && expectedRequirements.has(r.id)
        ? { ...t, status: 'expected-fail' as const }
        : t,
    );
    let status: RequirementStatus = 'not-covered';
    let reason: string | undefined;
    if (checked.length > 0) {
      const worst = checked.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
      status = worst.status;
      if (status !== 'pass') {
        const others = checked.filter((t) => t.status === 'pass').length;
        reason =
          (worst.message ?? `${worst.status}: ${worst.name}`) +
          (status === 'skip' && others > 0
            ? ` (${others} of ${checked.length} tests passed; the skipped one was not judged)`
            : '');
      }
    }
    const observations = checked.flatMap((t) => t.observations ?? []);
    return {
      ...r,
      status,
      ...(reason === undefined ? {} : { reason }),
      ...(observations.length > 0 ? { observations } : {}),
      tests: checked.map((t) => ({ id: t.id, status: t.status })),
    };
  });
}

export function countRequirements(
  requirements: readonly RequirementResult[],
): Record<RequirementStatus, number> {
  const totals: Record<RequirementStatus, number> = {
    pass: 0,
    fail: 0,
    skip: 0,
    error: 0,
    'expected-fail': 0,
    'not-covered': 0,
  };
  for (const r of requirements) totals[r.status] += 1;
  return totals;
}

export function countTests(tests: readonly TestResult[]): RunResult['totals'] {
  const totals: RunResult['totals'] = { pass: 0, fail: 0, skip: 0, error: 0, 'expected-fail': 0 };
  for (const t of tests) totals[t.status] += 1;
  return totals;
}

/**
 * 1 when a MUST requirement failed; 2 when the run could not be done, a MUST could not be judged
 * (harness errors) or the expectations file lists a failure that now passes; else 0. SHOULD/INFO
 * never decide the exit code.
 */
export function exitCode(
  run: Pick<RunResult, 'requirements' | 'harnessErrors' | 'expectations'>,
): 0 | 1 | 2 {
  const must = run.requirements.filter((r) => r.level === 'MUST');
  if (must.some((r) => r.status === 'fail')) return 1;
  if (run.harnessErrors.length > 0 || must.some((r) => r.status === 'error')) return 2;
  if ((run.expectations?.unexpectedPasses.length ?? 0) > 0) return 2;
  return 0;
}

/** One line for the terminal, the HTML header and compare: what the exit code means here. */
export function verdictLine(
  run: Pick<RunResult, 'requirements' | 'harnessErrors' | 'expectations'>,
): string {
  const must = run.requirements.filter((r) => r.level === 'MUST');
  const n = (status: RequirementStatus) => must.filter((r) => r.status === status).length;
  const unexpected = run.expectations?.unexpectedPasses.length ?? 0;
  const open = n('skip') + n('not-covered');
  const notChecked =
    open + n('expected-fail') > 0
      ? ` ${n('pass')} of ${must.length} MUST requirements passed; not counted as conforming: ` +
        `${n('expected-fail')} expected-fail, ${n('skip')} skip, ${n('not-covered')} not-covered.`
      : '';
  if (n('fail') > 0) return `Not conforming: ${n('fail')} MUST requirement(s) failed.${notChecked}`;
  if (n('error') > 0)
    return `Undecided: ${n('error')} MUST requirement(s) could not be judged (harness errors).${notChecked}`;
  if (run.harnessErrors.length > 0)
    return `Undecided: the run had harness errors (${run.harnessErrors.length}).${notChecked}`;
  if (unexpected > 0)
    return `Expectations out of date: ${unexpected} listed failure(s) now pass.${notChecked}`;
  if (open + n('expected-fail') > 0)
    return `No MUST requirement failed unexpectedly, but not every MUST was shown to hold:${notChecked}`;
  return `Conforming: all ${must.length} MUST requirements passed.`;
}
