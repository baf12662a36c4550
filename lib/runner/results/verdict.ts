/**
 * From test results to requirement statuses, the verdict and the exit code
 * (docs/reading-the-report.md, "Verdicts"). A
 * requirement takes the worst status of its tests: fail > error > blocked > expected-fail >
 * observed > skip > pass. It is 'pass' only when every test of it passed: one skipped test (a missing capability)
 * leaves it 'skip', never 'pass'. With no test result it is 'not-run' when tests of it exist (the
 * run selected a subset), else 'not-covered'. Only 'pass' counts as
 * conforming. INFO never fails: an INFO requirement that a failing test checks is 'observed'.
 */
import { CLOCK_PATH, FAIL_NEXT_PATH } from '../../../spec/test-control.ts';
import { harnessErrorCount } from './harness-errors.ts';
import { blockedReason } from '../../kit/blocked.ts';
import { sideOf, type Level, type Requirement, type Side } from '../../requirements/index.ts';
import type {
  RequirementResult,
  RequirementStatus,
  RunResult,
  SuitesRun,
  TestResult,
  TestStatus,
  TrafficRun,
  Verdict,
} from '../../run-result.ts';

const SEVERITY: Record<TestStatus, number> = {
  pass: 0,
  skip: 1,
  observed: 2,
  'expected-fail': 3,
  blocked: 4,
  error: 5,
  fail: 6,
};

/**
 * The capabilities of test control (docs/running-against-a-target.md, "Test control"), by the
 * profile's name: a MUST
 * skipped for want of one alone still allows "Conforming on every MUST that can be judged without
 * test control".
 */
export const TEST_CONTROL_CAPABILITIES: Readonly<Record<string, { name: string; path: string }>> = {
  testControl: { name: 'the clock', path: CLOCK_PATH },
  failNext: { name: 'fail-next', path: FAIL_NEXT_PATH },
  // Not a capability: the addProject quota of this hour is spent; the clock opens another hour.
  quota: {
    name: 'another hour of the addProject quota, or the clock',
    path: CLOCK_PATH,
  },
};

/** 'the clock (POST /__conformance/clock)' (spec/test-control.ts); another capability by its profile name. */
export function describeCapability(capability: string): string {
  const known = TEST_CONTROL_CAPABILITIES[capability];
  return known ? `${known.name} (POST ${known.path})` : capability;
}

/**
 * What a requirement needs, in words, each once: the quota's "another hour, or the clock" is left
 * out where the clock itself is needed (it opens the hour too).
 */
export function describeNeeds(needs: readonly string[]): string {
  const unique = [...new Set(needs)];
  return unique
    .filter((c) => !(c === 'quota' && unique.includes('testControl')))
    .map(describeCapability)
    .join(' and ');
}

/**
 * A failing test whose requirements are all INFO (or SHOULD) recorded what the target does where
 * the spec leaves it open: 'observed', its message what was observed. A test that also checks a
 * MUST (or an id the catalogue lacks) stays 'fail'.
 */
export function observedIfInfo(
  test: TestResult,
  levelOf: (id: string) => Level | undefined,
): TestResult {
  // 'expected-fail': a test of an older run, which listed an INFO test as a known failure.
  const failed = test.status === 'fail' || test.status === 'expected-fail';
  if (!failed || test.requirements.length === 0) return test;
  const informative = test.requirements.every((id) => {
    const level = levelOf(id);
    return level !== undefined && level !== 'MUST';
  });
  return informative ? { ...test, status: 'observed' } : test;
}

/** Why tests that exist have no result: the short form is the verdict line's. */
export const NOT_RUN_REASONS = {
  subset: 'its tests exist, but this run selected a subset (--suite, --grep, --shard)',
  suitesFailed: 'not judged: the suites could not run (the harness errors say why)',
  notRan: 'not judged: its tests did not run (the harness errors say why)',
} as const;

function notRunShort(reason: string | undefined): string {
  if (reason === NOT_RUN_REASONS.subset) return 'a subset was run';
  if (reason?.startsWith('not reached')) return 'not reached';
  return 'their tests did not run';
}

/**
 * `expectedRequirements`: requirement ids of the expectations file; a failing test counts as an
 * expected failure for those (and stays a failure for the other requirements it checks).
 */
export function judgeRequirements(
  catalogue: readonly Requirement[],
  tests: readonly TestResult[],
  expectedRequirements: ReadonlySet<string> = new Set(),
  /** Whether tests of the requirement exist in the suites (lib/requirements/coverage.ts). */
  hasTests: (id: string) => boolean = () => false,
  /** Why a requirement whose tests exist has no result in this run. */
  notRunReason: string = NOT_RUN_REASONS.subset,
): RequirementResult[] {
  const byRequirement = new Map<string, TestResult[]>();
  for (const test of tests) {
    for (const id of test.requirements)
      byRequirement.set(id, [...(byRequirement.get(id) ?? []), test]);
  }
  return catalogue.map((r) => {
    const checked = (byRequirement.get(r.id) ?? []).map((raw): TestResult => {
      const t = asJudgedFor(raw, r.id);
      const failed = t.status === 'fail' || t.status === 'expected-fail';
      // A test of a MUST and an INFO requirement that fails: a failure of the MUST, an
      // observation of the INFO one.
      if (failed && r.level !== 'MUST') return { ...t, status: 'observed' };
      if (t.status === 'fail' && expectedRequirements.has(r.id))
        return { ...t, status: 'expected-fail' };
      return t;
    });
    let status: RequirementStatus = hasTests(r.id) ? 'not-run' : 'not-covered';
    // A reason belongs to its status: a requirement that passed has none.
    let reason: string | undefined = status === 'not-run' ? notRunReason : undefined;
    let needs: string[] | undefined;
    let blockedBy: string | undefined;
    if (checked.length > 0) {
      const worst = checked.reduce((a, b) => (SEVERITY[b.status] > SEVERITY[a.status] ? b : a));
      status = worst.status;
      reason = undefined;
      if (status !== 'pass') {
        const others = checked.filter((t) => t.status === 'pass').length;
        reason =
          (worst.message ?? `${worst.status}: ${worst.name}`) +
          (status === 'skip' && others > 0
            ? ` (${others} of ${checked.length} tests passed; the skipped one was not judged)`
            : '');
      }
      if (status === 'skip') needs = capabilitiesLacked(checked.filter((t) => t.status === 'skip'));
      if (status === 'blocked') blockedBy = worst.blockedBy?.requirement;
    }
    const observations = [
      ...checked.flatMap((t) => t.observations ?? []),
      ...checked.filter((t) => t.status === 'observed' && t.message).map((t) => t.message!),
    ];
    // `uncovered` says why no test exists, for contributors; the report says 'not-covered'.
    const { uncovered: _why, ...row } = r;
    return {
      ...row,
      status,
      ...(reason === undefined ? {} : { reason }),
      ...(needs === undefined ? {} : { needs }),
      ...(blockedBy === undefined ? {} : { blockedBy }),
      ...(observations.length > 0 ? { observations } : {}),
      tests: checked.map((t) => ({ id: t.id, status: t.status })),
    };
  });
}

/**
 * The test as it judged one of its requirements (its outcome, lib/runner/results/blame.ts): a test
 * that failed one requirement's check passed those it judged before and blocks those it never
 * reached. The result keeps the test's id and name.
 */
function asJudgedFor(test: TestResult, id: string): TestResult {
  const outcome = test.outcomes?.[id];
  if (!outcome) return test;
  if (outcome.status === test.status && outcome.status !== 'blocked') return test;
  const status =
    outcome.status === 'fail' && test.status === 'expected-fail' ? 'expected-fail' : outcome.status;
  const { blockedBy, message: _message, ...rest } = test;
  if (status === 'blocked') {
    const on = outcome.blockedBy ?? blockedBy?.requirement ?? '';
    return {
      ...rest,
      status,
      message: blockedReason(on),
      blockedBy:
        blockedBy?.requirement === on
          ? blockedBy
          : { requirement: on, fact: 'its check was not reached', evidence: '' },
    };
  }
  return { ...rest, status, ...(outcome.message ? { message: outcome.message } : {}) };
}

/** The capabilities the skipped tests lacked, when every one of them names one (else undefined). */
function capabilitiesLacked(skipped: readonly TestResult[]): string[] | undefined {
  if (skipped.length === 0 || skipped.some((t) => !t.needs?.length)) return undefined;
  return [...new Set(skipped.flatMap((t) => t.needs!))].sort();
}

export function countRequirements(
  requirements: readonly RequirementResult[],
): Record<RequirementStatus, number> {
  const totals: Record<RequirementStatus, number> = {
    pass: 0,
    observed: 0,
    fail: 0,
    skip: 0,
    error: 0,
    'expected-fail': 0,
    blocked: 0,
    'not-run': 0,
    'not-covered': 0,
  };
  for (const r of requirements) totals[r.status] += 1;
  return totals;
}

export function countTests(tests: readonly TestResult[]): RunResult['totals'] {
  const totals: RunResult['totals'] = {
    pass: 0,
    observed: 0,
    fail: 0,
    skip: 0,
    error: 0,
    'expected-fail': 0,
    blocked: 0,
  };
  for (const t of tests) totals[t.status] += 1;
  return totals;
}

/**
 * 1 when a MUST requirement failed; a blocked one decides nothing (the requirement it is blocked
 * on failed: results/blocked.ts); 2 when the run could not be done, a MUST could not be judged
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

/** True when the requirement was skipped only for want of test control (the clock, fail-next). */
function needsOnlyTestControl(r: RequirementResult): boolean {
  return (
    r.status === 'skip' &&
    (r.needs?.length ?? 0) > 0 &&
    r.needs!.every((c) => c in TEST_CONTROL_CAPABILITIES)
  );
}

/** What a verdict is judged from: a run of the suites (its kind may be left out) or traffic. */
export type VerdictInput =
  | (Pick<SuitesRun, 'requirements' | 'harnessErrors' | 'expectations'> & { kind?: 'suites' })
  | Pick<TrafficRun, 'kind' | 'requirements' | 'harnessErrors' | 'traffic'>;

/**
 * What the run says of the target: the kind, the line, and what needs test control. A run of the
 * suites says whether the target conforms; traffic says only who failed which MUST in what was
 * exercised, or that none failed there.
 */
export function judgeVerdict(run: VerdictInput): Verdict {
  if (run.kind === 'traffic') return trafficVerdict(run);
  return suitesVerdict(run);
}

function suitesVerdict(
  run: Pick<SuitesRun, 'requirements' | 'harnessErrors' | 'expectations'>,
): Verdict {
  const must = run.requirements.filter((r) => r.level === 'MUST');
  const n = (status: RequirementStatus) => must.filter((r) => r.status === status).length;
  const needTestControl = must
    .filter(needsOnlyTestControl)
    .map((r) => ({ id: r.id, needs: [...r.needs!] }));
  const unexpected = run.expectations?.unexpectedPasses.length ?? 0;
  const open = n('skip') + n('not-run') + n('not-covered') + n('blocked');
  const notChecked =
    open + n('expected-fail') > 0
      ? ` ${n('pass')} of ${must.length} MUST requirements passed; not counted as conforming: ` +
        `${n('blocked') > 0 ? `${n('blocked')} blocked (by a failed requirement their setup depends on), ` : ''}` +
        `${n('expected-fail')} expected-fail, ${n('skip')} skip, ` +
        `${n('not-run') > 0 ? `${n('not-run')} not-run (${notRunShort(must.find((r) => r.status === 'not-run')?.reason)}), ` : ''}${n('not-covered')} not-covered.`
      : '';
  const verdict = (kind: Verdict['kind'], text: string): Verdict => ({
    kind,
    text,
    needTestControl,
  });
  if (n('fail') > 0)
    return verdict(
      'not-conforming',
      `Not conforming: ${n('fail')} MUST requirement(s) failed.${notChecked}`,
    );
  if (n('error') > 0)
    return verdict(
      'undecided',
      `Undecided: ${n('error')} MUST requirement(s) could not be judged (harness errors).${notChecked}`,
    );
  if (run.harnessErrors.length > 0)
    return verdict(
      'undecided',
      `Undecided: the run had harness errors (${harnessErrorCount(run.harnessErrors)}).${notChecked}`,
    );
  if (unexpected > 0)
    return verdict(
      'expectations-out-of-date',
      `Expectations out of date: ${unexpected} listed failure(s) now pass.${notChecked}`,
    );
  if (
    n('not-covered') + n('not-run') + n('expected-fail') + n('blocked') === 0 &&
    needTestControl.length === n('skip')
  ) {
    if (n('skip') === 0)
      return verdict('conforming', `Conforming: all ${must.length} MUST requirements passed.`);
    const lacking = [...new Set(needTestControl.flatMap((r) => r.needs))].sort();
    return verdict(
      'conforming-without-test-control',
      `Conforming on every MUST that can be judged without test control: ${n('pass')} of ` +
        `${must.length} MUST requirements passed; ${n('skip')} need test control ` +
        `(${lacking.map((c) => TEST_CONTROL_CAPABILITIES[c]!.name).join(', ')}), which the target lacks.`,
    );
  }
  return verdict(
    'not-shown',
    `No MUST requirement failed unexpectedly, but not every MUST was shown to hold:${notChecked}`,
  );
}

/** Traffic shows what was exercised only: who failed which MUST, or that none failed there. */
function trafficVerdict(
  run: Pick<TrafficRun, 'requirements' | 'harnessErrors' | 'traffic'>,
): Verdict {
  const must = run.requirements.filter((r) => r.level === 'MUST');
  const failed = (side: Side) =>
    must.filter((r) => r.status === 'fail' && sideOf(r) === side).length;
  const exercised = must.filter((r) => r.status !== 'not-run' && r.status !== 'not-covered').length;
  const { exchanges, stoppedAt } = run.traffic;
  const stopped =
    stoppedAt === undefined
      ? ''
      : ` The recording stopped early (${stoppedAt}): what came after is not judged.`;
  const verdict = (kind: Verdict['kind'], text: string): Verdict => ({
    kind,
    text,
    needTestControl: [],
  });
  if (failed('server') + failed('client') > 0) {
    const who = [
      ...(failed('server') > 0
        ? [`the server failed ${plural(failed('server'), 'MUST requirement')}`]
        : []),
      ...(failed('client') > 0
        ? [`the client failed ${plural(failed('client'), 'MUST requirement')}`]
        : []),
    ].join(', ');
    return verdict(
      'not-conforming',
      `Not conforming in this traffic: ${who} (${plural(exchanges, 'exchange')}).${stopped}`,
    );
  }
  if (exitCode(run) === 2)
    return verdict(
      'undecided',
      `Undecided: the traffic could not all be judged (harness errors).${stopped}`,
    );
  return verdict(
    'not-shown',
    `No MUST requirement failed in ${plural(exchanges, 'exchange')}: ${exercised} of ${must.length} MUST requirements were exercised; traffic shows nothing of the others.`,
  );
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
