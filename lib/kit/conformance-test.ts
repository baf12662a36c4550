/**
 * conformanceTest: the one way a suite declares a check (CONTRIBUTING.md). Requirement ids go into
 * the
 * task's meta for the reports; the test gets the target and a recording HTTP client; transcripts,
 * reproduce commands and harness errors are attached to the result; secrets are redacted.
 */
import * as allure from 'allure-js-commons';
import { inject, test, type ExpectStatic, type TestContext } from 'vitest';
import { cleanupOver, untilCleanedUp } from './cleanup/in-flight.ts';
import { planCleanup } from './cleanup/plan.ts';
import { runCleanup } from './cleanup/undo.ts';
import { wireActions } from './cleanup/wire-actions.ts';
import { HarnessError } from './clients/harness-error.ts';
import { HttpClient } from './clients/http.ts';
import { runCreatedProjectIds, type Fixtures } from './fixtures/projects.ts';
import { inItsTurn } from './fixtures/in-turn.ts';
import { lazySessionKeys } from './fixtures/sessions.ts';
import { reproduceScript } from './clients/reproduce.ts';
import { Transcript } from './clients/transcript.ts';
import { renderExchanges } from '../wire-exchange.ts';
import type { RunSettings } from './provided.ts';
import { requirement, type RequirementId } from '../requirements/index.ts';
import { blockedReason } from './blocked.ts';
import { Judging } from './judging.ts';
import type { BrokenPrecondition } from '../run-result.ts';
import { matrixCell } from '../../spec/matrix/index.ts';
import { withSoapBase } from './soap/base.ts';
import { SoapClient } from './soap/client.ts';
import type { Profile, Role } from '../target/profile.ts';

/** What a skipped test lacked: a capability of the profile, or this hour's addProject quota. */
export type Need = keyof Profile['capabilities'] | 'quota';

export interface ConformanceContext {
  target: Profile;
  http: HttpClient;
  transcript: Transcript;
  /**
   * The test's own expect (vitest's test context): a soft assertion is recorded on this test
   * while other tests of its file run alongside it (the imported expect finds its test by vitest's
   * one current test, and its expect.soft throws in a concurrent test once it has awaited).
   */
  expect: ExpectStatic;
  /** The run's shared projects (lib/fixtures). */
  fixtures: Fixtures;
  /** The §4.1 project service at {target}/soap/project/, on `http` (recorded in the transcript). */
  soap: SoapClient;
  /**
   * Session keys of the profile's accounts, opened on first use (one login per role and test at
   * most, through `http`) and logged out by the test's cleanup like any session it opens.
   */
  sessionKeys<R extends Role>(roles: readonly R[]): Promise<Record<R, string>>;
  /** Skips the test, with the reason, when the target lacks the capability (never a pass). */
  requireCapability(name: keyof Profile['capabilities']): void;
  /**
   * Skips the test with the reason (the target cannot be judged here; never a pass). `needs`: the
   * capabilities whose absence is the reason, so that the verdict can tell "needs test control".
   */
  skip(reason: string, options?: { needs?: Need[] }): never;
  /** Records what an INFO check observed ('not shown' behaviour), for the reports. */
  observe(observation: string): void;
  /**
   * Declares a rule the test's setup relies on: `fact`, the behaviour of the MUST `requirement`.
   * `readBack` reads it back and answers undefined when it holds, else what it saw (the evidence).
   * When broken, the test ends 'blocked', naming the requirement, which fails with that evidence
   * (once per run: lib/kit/blocked.ts). The read-back must not go through what the test
   * judges: a broken rule of the test's own would block it instead of failing it.
   */
  precondition(
    requirement: RequirementId,
    fact: string,
    readBack: () => Promise<string | undefined>,
  ): Promise<void>;
  /**
   * From here on, the test's checks judge `requirement` (lib/kit/judging.ts): a failure fails it
   * alone, and the test's requirements it has not reached yet are blocked by it. `reliesOn`: the
   * rules the next checks' oracle or setup relies on (a read-back through another operation, a
   * state another write made); when one of them is the run's root cause, the failure is blocked
   * by it. A `requirement` that is not one of the test's is a rule its setup relies on: a failure
   * there proves it broken and blocks the test. A test of one requirement judges it throughout.
   */
  judging(
    requirement: RequirementId | readonly RequirementId[],
    options?: { reliesOn?: readonly RequirementId[] },
  ): void;
}

export interface ConformanceTestOptions {
  /**
   * The cells of the coverage matrix (spec/matrix) this test judges: each takes the test's status.
   * A cell no test names fails tests/matrix-coverage.test.ts.
   */
  cells?: readonly string[];
}

export function conformanceTest(
  requirements: readonly RequirementId[],
  title: string,
  body: (ctx: ConformanceContext) => Promise<void>,
  options: ConformanceTestOptions = {},
): void {
  const unknown = requirements.filter((id) => requirement(id) === undefined);
  if (unknown.length > 0 || requirements.length === 0) {
    throw new Error(
      `"${title}" names unknown requirement ids: [${unknown.join(', ')}] (spec/requirements/catalogue.ts)`,
    );
  }
  const cells = options.cells ?? [];
  const unknownCells = cells.filter((id) => matrixCell(id) === undefined);
  if (unknownCells.length > 0)
    throw new Error(
      `"${title}" names unknown matrix cells: [${unknownCells.join(', ')}] (spec/matrix)`,
    );
  const meta = { requirements: [...requirements], ...(cells.length ? { cells: [...cells] } : {}) };
  // In a describe.concurrent block the test runs side by side with the others of the block (up to
  // vitest's maxConcurrency); a plain describe block runs alone, its tests in order. Tests that
  // share state with others of their file (a project's members, a model, the quota) are in one,
  // or take that state in turn (fixtures/in-turn.ts): the wait and the release are here, around
  // the test and its cleanup.
  test(title, { meta }, (context: TestContext) => inItsTurn(context, () => judged(context)));

  async function judged(context: TestContext): Promise<void> {
    const settings = inject('settings');
    const block = (broken: BrokenPrecondition): never => {
      context.task.meta.blockedBy = broken;
      context.skip(blockedReason(broken.requirement));
      throw new Error('unreachable: context.skip throws');
    };
    // The shared projects could not be provisioned: the target broke the rule named.
    const setupBroken = inject('setupBroken');
    if (setupBroken) block(setupBroken);
    const transcript = new Transcript();
    const judging = new Judging(requirements);
    for (const account of Object.values(settings.target.accounts))
      transcript.secrets.add(account.password);
    const http = untilCleanedUp(targetClient(settings, transcript), context);
    const ctx: ConformanceContext = {
      target: settings.target,
      http,
      transcript,
      expect: context.expect,
      fixtures: inject('fixtures'),
      soap: SoapClient.project(http),
      sessionKeys: lazySessionKeys(http, settings.target),
      observe(observation) {
        const redacted = transcript.secrets.redact(observation);
        context.task.meta.observations = [...(context.task.meta.observations ?? []), redacted];
      },
      skip(reason, options) {
        if (options?.needs?.length) context.task.meta.needs = [...options.needs];
        context.skip(reason);
        throw new Error('unreachable: context.skip throws');
      },
      async precondition(id, fact, readBack) {
        if (requirement(id)?.level !== 'MUST')
          throw new Error(
            `precondition '${fact}': ${id} is no MUST requirement (only a MUST can fail)`,
          );
        const evidence = await readBack();
        if (evidence === undefined) return;
        const redact = (text: string) => transcript.secrets.redact(text);
        block({ requirement: id, fact: redact(fact), evidence: redact(evidence) });
      },
      judging(ids, options) {
        for (const id of typeof ids === 'string' ? [ids] : ids)
          if (requirement(id) === undefined)
            throw new Error(
              `ctx.judging('${id}'): no such requirement (spec/requirements/catalogue.ts)`,
            );
        judging.judging(ids, options?.reliesOn);
      },
      requireCapability(name) {
        if (!settings.target.capabilities[name])
          ctx.skip(
            `the target lacks the capability '${name}' (profile capabilities.${name}, or probed)`,
            { needs: [name] },
          );
      },
    };
    await labelForAllure(requirements);
    // Whether the body threw anything but a plain skip: its transcript is evidence.
    let threw = false;
    let thrown: unknown;
    try {
      await judging.running(() => transcript.recording(() => body(ctx)));
      judging.close();
    } catch (error) {
      thrown = error;
      if (!isPlainSkip(error)) judging.stamp(error);
      threw = !isPlainSkip(error) || context.task.meta.blockedBy !== undefined;
      const harness = harnessErrorIn(error);
      if (harness) {
        context.task.meta.harnessError = transcript.secrets.redact(harness.message);
        transcript.noteNoAnswer();
      }
      redactError(error, transcript);
      throw error;
    } finally {
      const failures = isPlainSkip(thrown) ? judging.failures(undefined) : judging.failures(thrown);
      if (failures.length > 0)
        context.task.meta.failures = failures.map((f) => ({
          ...f,
          message: transcript.secrets.redact(f.message),
          ...(f.expected === undefined ? {} : { expected: transcript.secrets.redact(f.expected) }),
          ...(f.actual === undefined ? {} : { actual: transcript.secrets.redact(f.actual) }),
        }));
      if (judging.held.size > 0) context.task.meta.held = [...judging.held];
      const cleanup = await cleanUpAfter(context, transcript, settings);
      // The reports keep the exchanges of the tests that did not pass, and of every test with
      // --keep-transcripts (lib/runner/report/evidence.ts): only those are redacted and sent.
      const failedSoftly = (context.task.result?.errors?.length ?? 0) > 0; // expect.soft
      const kept = threw || failedSoftly || settings.keepTranscripts === true;
      const exchanges = kept || settings.har ? transcript.redactedExchanges() : [];
      if (kept && exchanges.length > 0) context.task.meta.exchanges = exchanges;
      // --har: every exchange, the cleanup's after the test's own.
      if (settings.har)
        context.task.meta.harExchanges = [
          ...exchanges,
          ...(cleanup?.redactedExchanges().map((e) => ({ ...e, note: e.note ?? 'cleanup' })) ?? []),
        ];
      const judged = transcript.judged();
      if (judged !== undefined) {
        context.task.meta.judgedExchange = judged;
        // As its transcript: the reports drop the script of a passing test (evidence.ts).
        if (kept)
          context.task.meta.reproduce = reproduceScript(
            transcript.exchanges,
            judged,
            transcript.secrets,
          );
      }
      // Allure gets the same transcripts: those of every test were most of a run's report.
      if (kept && exchanges.length > 0)
        await allure.attachment('transcript.txt', renderExchanges(exchanges), 'text/plain');
    }
  }
}

/**
 * Undoes what the test did that the interfaces allow to undo, and records what remains
 * (lib/cleanup), on a transcript of its own: the test's evidence is not changed.
 */
async function cleanUpAfter(
  context: TestContext,
  transcript: Transcript,
  settings: RunSettings,
): Promise<Transcript | undefined> {
  try {
    return await cleanUp(context, transcript, settings);
  } finally {
    cleanupOver(context);
  }
}

async function cleanUp(
  context: TestContext,
  transcript: Transcript,
  settings: RunSettings,
): Promise<Transcript | undefined> {
  const { genericUserPassword } = settings.target.fixtures;
  const plan = planCleanup(
    wireActions(transcript.exchanges),
    runCreatedProjectIds(inject('fixtures'), settings.target),
    genericUserPassword,
  );
  if (plan.undo.length === 0 && plan.remaining.length === 0) return undefined;
  const own = new Transcript();
  if (genericUserPassword !== undefined) own.secrets.add(genericUserPassword);
  const outcome = await runCleanup(plan, targetClient(settings, own));
  const redact = (text: string) => transcript.secrets.redact(own.secrets.redact(text));
  context.task.meta.cleanup = {
    undone: outcome.undone.map(redact),
    remaining: outcome.remaining.map((r) => ({ ...r, what: redact(r.what) })),
  };
  for (const value of transcript.secrets.values()) own.secrets.add(value);
  return own;
}

/** A client of the URL the user gave, whose SOAP clients use the base the target knows itself by. */
function targetClient(settings: RunSettings, transcript: Transcript): HttpClient {
  return withSoapBase(
    new HttpClient(settings.target.baseUrl, transcript, settings.timeoutMs),
    settings.soapBase,
  );
}

/** What ctx.skip and context.skip throw (@vitest/runner's PendingError). */
function isPlainSkip(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'VITEST_PENDING';
}

/** A HarnessError thrown directly, or as the cause of another (fast-check wraps a property's error). */
function harnessErrorIn(error: unknown): HarnessError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof HarnessError) return e;
  return undefined;
}

async function labelForAllure(requirements: readonly string[]): Promise<void> {
  const first = requirement(requirements[0] ?? '');
  await allure.epic(requirements[0]?.startsWith('soap.') ? 'SOAP' : 'REST');
  if (first) await allure.feature(first.section);
  for (const id of requirements) await allure.story(id);
  await allure.severity(
    requirements.some((id) => requirement(id)?.level === 'MUST') ? 'critical' : 'minor',
  );
}

function redactError(error: unknown, transcript: Transcript): void {
  if (typeof error !== 'object' || error === null) return;
  const e = error as Record<string, unknown>;
  for (const key of ['message', 'stack', 'expected', 'actual']) {
    const value = e[key];
    if (typeof value === 'string') e[key] = transcript.secrets.redact(value);
    else if (value !== undefined && (key === 'expected' || key === 'actual')) {
      try {
        e[key] = JSON.parse(transcript.secrets.redact(JSON.stringify(value)));
      } catch {
        /* not JSON-serialisable: left to vitest's own formatting */
      }
    }
  }
}
