/**
 * From test results to requirement statuses and the exit code (design.md). A requirement takes the
 * worst status of its tests: fail > error > expected-fail > pass > skip; with no test it is
 * 'not-covered', which never counts as conforming.
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
  skip: 0,
  pass: 1,
  'expected-fail': 2,
  error: 3,
  fail: 4,
};

export function judgeRequirements(
  catalogue: readonly Requirement[],
  tests: readonly TestResult[],
): RequirementResult[] {
  const byRequirement = new Map<string, TestResult[]>();
  for (const test of tests) {
    for (const id of test.requirements)
      byRequirement.set(id, [...(byRequirement.get(id) ?? []), test]);
  }
  return catalogue.map((r) => {
    const checked = byRequirement.get(r.id) ?? [];
    let status: RequirementStatus = 'not-covered';
    let reason: string | undefined;
    if (checked.length > 0) {
      const worst = checked.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
      status = worst.status;
      if (status !== 'pass') reason = worst.message;
    }
    return {
      ...r,
      status,
      ...(reason === undefined ? {} : { reason }),
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

/**
 * 1 when a MUST requirement failed; 2 when the run could not be done or a MUST could not be judged
 * (harness errors); else 0. SHOULD/INFO never decide the exit code.
 */
export function exitCode(run: Pick<RunResult, 'requirements' | 'harnessErrors'>): 0 | 1 | 2 {
  const must = run.requirements.filter((r) => r.level === 'MUST');
  if (must.some((r) => r.status === 'fail')) return 1;
  if (run.harnessErrors.length > 0 || must.some((r) => r.status === 'error')) return 2;
  return 0;
}
