/**
 * A vitest reporter that turns test cases into TestResults (with requirement ids, transcripts and
 * statuses) and prints progress: suite, tests done/total, failures so far.
 */
import type { Fixtures } from '../../kit/fixtures/projects.ts';
import { relative } from 'node:path';
import { sourceName } from '../../layout.ts';
import type { Reporter, TestCase, TestModule, TestSpecification, TestSuite } from 'vitest/node';
import type { SerializedError } from 'vitest';
import { requirement } from '../../requirements/index.ts';
import type { HarExchange } from '../report/har.ts';
import { blockedReason, rootCauseFailure } from '../../kit/blocked.ts';
import type { BrokenPrecondition, HarnessErrorEntry, TestResult } from '../../run-result.ts';
import { observedIfInfo } from '../results/verdict.ts';
import { inDomainWords, valuesInWords } from '../../kit/failure-words.ts';
import { STOPPED_BY_INTERRUPTION } from '../../kit/cleanup/in-flight.ts';

/** What the heartbeat says besides the tests (run-suites.ts): the requests sent, the rate's queue. */
export interface HeartbeatFacts {
  requests(): number;
  rate(): { perSecond: number; queued: number; lastInMs: number } | undefined;
}

/** A line at least this often while the run prints nothing else (a rate-limited run is slow). */
export const HEARTBEAT_MS = 10_000;

export class Collector implements Reporter {
  /** The run's shared projects, when provisioning succeeded (set by run-suites.ts). */
  sharedProjects: Fixtures | undefined;
  readonly tests: TestResult[] = [];
  /** Problems of the run itself, each with where it happened when a suite file is to blame. */
  readonly harnessErrors: HarnessErrorEntry[] = [];
  private modulesDone = 0;
  private modulesTotal = 0;
  /** Per suite file: its test count, known before the run (test-counts.ts), then as collected. */
  private readonly counts = new Map<string, number>();
  /** With --har: every test's exchanges, redacted (lib/runner/report/har.ts). */
  readonly harExchanges: HarExchange[] = [];
  /** What each file held when collected, for the next run's total (test-counts.ts). */
  readonly collected = new Map<string, number>();
  private readonly grep: RegExp | undefined;
  /** The tests started and not ended, by id: their suite file. */
  private readonly inFlight = new Map<string, string>();
  private lastLineAt = performance.now();
  private heartbeat: NodeJS.Timeout | undefined;
  private facts: HeartbeatFacts | undefined;
  private interrupted = false;

  constructor(
    private readonly root: string,
    private readonly out: NodeJS.WritableStream = process.stdout,
    /** --grep: tests it leaves out are no results at all; other static skips are reported. */
    grep?: string,
  ) {
    this.grep = grep === undefined ? undefined : new RegExp(grep);
  }

  /** Called as each suite file is queued (run-suites.ts: a cancel that came too early, again). */
  onQueued: (() => void) | undefined;

  /**
   * From now on, a line whenever the run printed nothing for `everyMs`: the tests done, the requests
   * sent and what the run waits for (the provisioning, the tests in flight, the rate limit).
   */
  startHeartbeat(facts: HeartbeatFacts, everyMs = HEARTBEAT_MS): void {
    this.facts = facts;
    this.lastLineAt = performance.now();
    // Checked every second: a line comes 9 to 10 s after the last one.
    const check = Math.min(1000, everyMs);
    this.heartbeat = setInterval(() => {
      if (performance.now() - this.lastLineAt >= everyMs - check) this.say(this.waitingLine());
    }, check);
    this.heartbeat.unref();
  }

  stopHeartbeat(): void {
    clearInterval(this.heartbeat);
  }

  /** The run was interrupted: what it waits for before its report, said at once. */
  interruptedNow(): void {
    this.interrupted = true;
    this.say(this.waitingLine());
  }

  /** `… 12/412 tests done, 1,234 requests sent; waiting for …`. */
  waitingLine(): string {
    const done = `${this.tests.length}${this.total > 0 ? `/${this.total}` : ''} tests done`;
    const requests = this.facts
      ? `, ${this.facts.requests().toLocaleString('en')} requests sent`
      : '';
    return `… ${done}${requests}; waiting for ${this.waitingFor()}`;
  }

  private waitingFor(): string {
    const byFile = new Map<string, number>();
    for (const file of this.inFlight.values()) byFile.set(file, (byFile.get(file) ?? 0) + 1);
    const files = [...byFile]
      .sort((a, b) => b[1] - a[1])
      .map(
        ([file, count]) =>
          `${file.replace(/^suites\//, '').replace(/\.test\.[jt]s$/, '')} ${count}`,
      );
    const tests =
      this.inFlight.size === 0
        ? this.tests.length === 0 && !this.interrupted
          ? 'the shared projects to be set up and the first tests to start'
          : this.interrupted
            ? 'the run to end'
            : 'the next suite file to start'
        : `${this.inFlight.size} test(s) in flight${this.interrupted ? ' to stop and clean up' : ''} (${files.slice(0, 4).join(', ')}${files.length > 4 ? ', …' : ''})`;
    const rate = this.facts?.rate();
    const queue =
      rate === undefined || rate.queued === 0
        ? ''
        : `; --rate-limit ${rate.perSecond}/s: ${rate.queued} request(s) wait for their slot, the last in ${(rate.lastInMs / 1000).toFixed(1)} s`;
    return `${tests}${queue}`;
  }

  private say(line: string): void {
    this.lastLineAt = performance.now();
    this.out.write(`${line}\n`);
  }

  onTestCaseReady(testCase: TestCase): void {
    this.inFlight.set(testCase.id, sourceName(relative(this.root, testCase.module.moduleId)));
  }

  onTestModuleQueued(): void {
    this.onQueued?.();
  }

  /** The test count of each file, counted before the run: the total is shown from the start. */
  expect(counts: ReadonlyMap<string, number>): void {
    for (const [file, count] of counts) this.counts.set(file, count);
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.modulesTotal = specifications.length;
    const selected = new Set(specifications.map((s) => s.moduleId));
    for (const file of this.counts.keys()) if (!selected.has(file)) this.counts.delete(file);
  }

  onTestModuleCollected(module: TestModule): void {
    const count = testsToRun(module);
    this.counts.set(module.moduleId, count);
    this.collected.set(module.moduleId, count);
  }

  private get total(): number {
    let total = 0;
    for (const count of this.counts.values()) total += count;
    return total;
  }

  /**
   * The rules the provisioning read back and found broken: each requirement's failure, once, with
   * the provisioning's transcript (the tests blocked on it name it).
   */
  addSetupFailures(broken: readonly BrokenPrecondition[]): void {
    const byRequirement = new Map<string, BrokenPrecondition[]>();
    for (const b of broken)
      byRequirement.set(b.requirement, [...(byRequirement.get(b.requirement) ?? []), b]);
    this.tests.unshift(...[...byRequirement.values()].map(rootCauseFailure));
  }

  onTestCaseResult(testCase: TestCase): void {
    this.inFlight.delete(testCase.id);
    const test = `${sourceName(relative(this.root, testCase.module.moduleId))}::${testCase.fullName}`;
    for (const exchange of testCase.meta().harExchanges ?? [])
      this.harExchanges.push({ test, exchange });
    // INFO never fails: an INFO-only test that failed observed the target (results/verdict.ts).
    // Its status is decided here, once: the progress line, --update-expectations and the
    // reports all see 'observed'.
    const result = toTestResult(testCase, this.root, this.grep);
    if (result) this.tests.push(observedIfInfo(result, (id) => requirement(id)?.level));
  }

  onTestModuleEnd(module: TestModule): void {
    this.modulesDone += 1;
    const file = sourceName(relative(this.root, module.moduleId));
    for (const error of module.errors())
      this.harnessErrors.push({ message: error.message, count: 1, where: [file] });
    // A failed hook of a describe block (beforeAll: its tests are reported above as errors;
    // afterAll: cleanup) is a problem of the run, never silent.
    for (const suite of module.children.allSuites()) {
      for (const error of suite.errors())
        this.harnessErrors.push({
          message: `hook failed: ${firstLine(error.message)}`,
          count: 1,
          where: [`${file} > ${suite.fullName}`],
        });
    }
    const mine = this.tests.filter((t) => t.file === file);
    const failures = this.tests.filter((t) => t.status === 'fail' || t.status === 'error').length;
    const count = (s: string) => mine.filter((t) => t.status === s).length;
    this.say(
      `[${this.modulesDone}/${this.modulesTotal}] ${file}: ${count('pass')} passed, ` +
        `${count('observed') ? `${count('observed')} observed, ` : ''}${count('fail')} failed, ` +
        `${count('blocked') ? `${count('blocked')} blocked, ` : ''}` +
        `${count('error')} errors, ${count('skip')} skipped | ${this.tests.length}/${this.total} tests done, ` +
        `${failures} failing so far`,
    );
  }

  onTestRunEnd(
    _modules: ReadonlyArray<TestModule>,
    unhandled: ReadonlyArray<SerializedError>,
  ): void {
    for (const error of unhandled)
      this.harnessErrors.push({ message: `unhandled error: ${error.message}`, count: 1 });
  }
}

/** The harness could not judge: the target did not answer (HarnessError) or vitest's own timeout. */
function isHarnessError(error: SerializedError): boolean {
  return (
    error.name === 'HarnessError' ||
    /^(Test|Hook) timed out in \d+ms/.test(error.message) ||
    wrappedHarnessError(error) !== undefined
  );
}

/**
 * A fast-check property that got no answer fails with its own error, the HarnessError as its
 * `cause` (or, with includeErrorInReport, in its message): the message of that HarnessError.
 */
function wrappedHarnessError(error: SerializedError): string | undefined {
  for (let cause = error.cause; cause;) {
    if (cause.name === 'HarnessError') return cause.message;
    cause = cause.cause;
  }
  return /\nGot HarnessError: (.*)/.exec(error.message)?.[1];
}

/** The failed hook (beforeAll) of an enclosing describe block or of the file, if any. */
function failedSetup(testCase: TestCase): string | undefined {
  for (let parent: TestSuite | TestModule = testCase.parent; ; parent = parent.parent) {
    const error = parent.errors()[0];
    if (error) {
      const where = parent.type === 'module' ? 'the suite file' : `'${parent.fullName}'`;
      return `${isHarnessError(error) ? '' : 'setup failed, '}not run: a hook of ${where} failed: ${error.message}`;
    }
    if (parent.type === 'module') return undefined;
  }
}

/** vitest's own timeout says what happened in harness terms; an assertion, in the domain's words. */
function explain(error: SerializedError): string {
  const timeout = /^(Test|Hook) timed out in (\d+)ms/.exec(error.message);
  if (timeout)
    return `timeout: the ${timeout[1]!.toLowerCase()} did not finish within ${timeout[2]} ms (the target answers too slowly; each request is bounded by --timeout; see the transcript)`;
  const wrapped = wrappedHarnessError(error);
  const words = inDomainWords(error);
  return wrapped === undefined || error.message.includes(wrapped)
    ? words
    : `${wrapped}\n(in a property run) ${words}`;
}

/** The error, or the first of its causes, that carries an expected or an actual value. */
function withValues(error: SerializedError | undefined): SerializedError | undefined {
  for (let e = error; e; e = e.cause)
    if (e.expected !== undefined || e.actual !== undefined) return e;
  return error;
}

/** The tests of a suite file that this run will run (not those --grep or test.skip leave out). */
export function testsToRun(module: TestModule): number {
  let count = 0;
  for (const test of module.children.allTests()) if (test.options.mode === 'run') count += 1;
  return count;
}

/** The note of the tests vitest's cancelCurrentRun left pending (@vitest/runner). */
const ABORTED_NOTE = 'The test run was aborted by the user.';

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

/**
 * A test an interruption stopped: no result, unless it changed the target; then a skip, whose
 * cleanup (what it undid, what remains) the report's leftovers list.
 */
function stoppedByInterruption(
  base: Omit<TestResult, 'status'>,
  meta: ReturnType<TestCase['meta']>,
): TestResult | undefined {
  if (!meta.cleanup) return undefined;
  return {
    ...base,
    status: 'skip',
    message: 'stopped by the interruption before its end: not judged; its cleanup ran',
  };
}

function toTestResult(
  testCase: TestCase,
  root: string,
  grep: RegExp | undefined,
): TestResult | undefined {
  const result = testCase.result();
  if (result.state === 'pending') return undefined;
  const mode = testCase.options.mode;
  // Tests left out by --grep are not results at all (vitest marks them 'skip', as test.skip).
  if (mode !== 'run' && grep !== undefined && !grep.test(testCase.fullName.split(' > ').join(' ')))
    return undefined;
  const meta = testCase.meta();
  const file = sourceName(relative(root, testCase.module.moduleId));
  const base = {
    id: `${file}::${testCase.fullName}`,
    file,
    name: testCase.fullName,
    requirements: meta.requirements ?? [],
    ...(meta.cells?.length ? { cells: [...meta.cells] } : {}),
    durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
    ...(meta.exchanges?.length ? { exchanges: meta.exchanges } : {}),
    ...(meta.reproduce ? { reproduce: meta.reproduce } : {}),
    ...(meta.judgedExchange === undefined ? {} : { judgedExchange: meta.judgedExchange }),
    ...(meta.observations?.length ? { observations: meta.observations } : {}),
    ...(meta.cleanup ? { cleanup: meta.cleanup } : {}),
    ...(meta.held?.length ? { held: [...meta.held] } : {}),
  };
  if (result.state === 'passed') return { ...base, status: 'pass' };
  if (result.state === 'skipped') {
    // Not started before an interruption (vitest's cancel), or stopped by it: not run, no result
    // (run.ts), unless it changed the target (below).
    if (result.note === ABORTED_NOTE) return stoppedByInterruption(base, meta);
    // ctx.precondition: a rule its setup depends on was read back broken.
    if (meta.blockedBy)
      return {
        ...base,
        status: 'blocked',
        message: blockedReason(meta.blockedBy.requirement),
        blockedBy: meta.blockedBy,
      };
    if (mode !== 'run')
      return { ...base, status: 'skip', message: `skipped in the suite source (test.${mode})` };
    if (result.note)
      return {
        ...base,
        status: 'skip',
        message: result.note,
        ...(meta.needs?.length ? { needs: [...meta.needs] } : {}),
      };
    const setup = failedSetup(testCase);
    if (setup) return { ...base, status: 'error', message: setup };
    return { ...base, status: 'skip', message: 'skipped without a reason' };
  }
  // Stopped in the middle by an interruption (its cleanup ran): not judged.
  if (result.errors.some((e) => e.message.includes(STOPPED_BY_INTERRUPTION)))
    return stoppedByInterruption(base, meta);
  // A property's failure carries the failed check as its cause: that check's expected and actual.
  const first = withValues(result.errors[0]);
  const message = result.errors.map(explain).join('\n');
  // 'error' only when nothing but harness errors happened: an assertion that failed before the
  // target stopped answering is a real failure.
  const harness =
    (result.errors.length > 0 && result.errors.every(isHarnessError)) ||
    (meta.harnessError !== undefined && result.errors.length === 1);
  return {
    ...base,
    ...(!harness && meta.failures?.length ? { failures: meta.failures } : {}),
    status: harness ? 'error' : 'fail',
    message: harness ? (meta.harnessError ?? message) : message,
    ...(first === undefined ? {} : valuesInWords(first)),
  };
}
