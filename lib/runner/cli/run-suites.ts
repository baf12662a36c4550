/** Runs the suite files with vitest, in-process, against the resolved target. */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createVitest, type Vitest } from 'vitest/node';
import type { RunSettings } from '../../kit/provided.ts';
import type { RunOptions } from './args.ts';
import { provisionedFixtures, provisioningBroke } from '../../kit/fixtures/global-setup.ts';
import { Collector, testsToRun } from './collector.ts';
import { LongestChainsFirst } from './file-order.ts';
import { withoutTheirSignalListeners, type Interruption } from './interruption.ts';
import { TestCounts } from './test-counts.ts';
import { rateBacklog, requestsCounted, stopTestRequests } from '../../kit/clients/rate-limit.ts';
import { MODULE_EXT, runnable } from '../../layout.ts';
import { AllureReporter } from '../report/allure-reporter.ts';

// The package runs the compiled suites (dist/suites/*.test.js): lib/layout.ts.
const SUITE_FILES = `suites/**/*.test${MODULE_EXT}`;
const CLOCK_FILES = `suites/**/*.clock.test${MODULE_EXT}`;

/**
 * vitest's caches, one directory per installation (its root): vitest empties a module cache whose
 * lockfile differs from its own, so a checkout and an installed package (or two checkouts) sharing
 * one directory emptied it under each other's running suites (seen: ENOENT harness errors, exit 2).
 */
function cacheDir(root: string): string {
  const place = createHash('sha256').update(root).digest('hex').slice(0, 12);
  return join(tmpdir(), `soap-rest-conformance-vite-${place}`);
}

/**
 * Named in each project: `extends: true` does not carry the root's setupFiles into an inline
 * project (measured: lib/kit/suite-setup.ts was never loaded, so a failed provisioning let the suites
 * run with no shared projects and TypeErrors).
 */
const setupFiles = (root: string) => [
  'allure-vitest/setup',
  join(root, runnable('lib/kit/fresh-modules.ts')),
  join(root, runnable('lib/kit/suite-setup.ts')),
];

/**
 * Tests of one suite file at once. A test waiting for a part of the target's state
 * (lib/kit/fixtures/in-turn.ts) waits in its own function and holds one of these slots meanwhile:
 * with vitest's 5, a file's waiting tests kept its independent ones from starting, and through a
 * slow link the membership file's chains ran one after the other. Most of a file's tests still
 * wait their turn, so the requests in flight rise little; --rate-limit bounds the rate.
 */
const TESTS_OF_A_FILE_AT_ONCE = 20;

/**
 * --concurrency 1: one test at a time, the tests of a describe.concurrent block too, in the order
 * they are written, so that two runs with one seed send the same requests. Set in each project:
 * a project does not take the runner options of the inline root config.
 */
const testsAtOnce = (options: RunOptions) => ({
  maxConcurrency: options.concurrency === 1 ? 1 : TESTS_OF_A_FILE_AT_ONCE,
});

export async function runSuites(
  root: string,
  options: RunOptions,
  settings: RunSettings,
  interruption?: Interruption,
): Promise<Collector> {
  const collector = new Collector(root, process.stdout, options.grep);
  // Never silent for long: a rate-limited run waits most of its time (collector.ts).
  collector.startHeartbeat({ requests: requestsCounted, rate: rateBacklog });
  // As vitest's own startVitest does.
  process.env.TEST = 'true';
  process.env.VITEST = 'true';
  process.env.NODE_ENV ??= 'test';
  try {
    return await runWith(root, options, settings, collector, interruption);
  } finally {
    collector.stopHeartbeat();
  }
}

async function runWith(
  root: string,
  options: RunOptions,
  settings: RunSettings,
  collector: Collector,
  interruption: Interruption | undefined,
): Promise<Collector> {
  const cache = cacheDir(root);
  const vitest = await withoutTheirSignalListeners(() =>
    createVitest(
      'test',
      {
        root,
        config: false,
        watch: false,
        // Two groups (docs/what-the-suites-assume.md, "What the REST suites"): the suites in
        // parallel, then the files that move the
        // target's clock (*.clock.test.ts), alone, since moving it expires every token and session.
        // The clock group needs no shared projects: it does not run the fixtures' globalSetup.
        projects: [
          {
            extends: true,
            test: {
              name: 'suites',
              include: [SUITE_FILES],
              exclude: [CLOCK_FILES],
              setupFiles: setupFiles(root),
              sequence: { groupOrder: 0 },
              ...testsAtOnce(options),
            },
          },
          {
            extends: true,
            test: {
              name: 'clock',
              include: [CLOCK_FILES],
              globalSetup: [],
              setupFiles: setupFiles(root),
              provide: { fixturesError: null, setupBroken: null },
              sequence: { groupOrder: 1 },
              ...testsAtOnce(options),
              maxWorkers: 1,
            },
          },
        ],
        reporters: [collector, new AllureReporter(join(options.reportDir, 'allure-results'))],
        globalSetup: [join(root, runnable('lib/kit/fixtures/global-setup.ts'))],
        provide: { settings },
        pool: 'threads',
        // A worker runs several suite files (each with its own harness modules and connections:
        // lib/kit/fresh-modules.ts, lib/kit/suite-setup.ts): a new worker per file loaded vitest, undici,
        // fast-check and the rest again, a large share of the run's CPU time.
        isolate: false,
        maxWorkers: options.concurrency,
        // A test may make many requests; each one is bounded by --timeout. Under --rate-limit a
        // test of hundreds of requests takes as long as the rate makes it: only --timeout bounds.
        testTimeout: options.rateLimit === undefined ? Math.max(60_000, options.timeoutMs * 20) : 0,
        hookTimeout: options.rateLimit === undefined ? Math.max(60_000, options.timeoutMs * 20) : 0,
        passWithNoTests: true,
        // The suites and harness modules as vite transformed them, kept between runs (keyed by
        // their contents and vite's config): a share of a one-suite run's CPU.
        experimental: { fsModuleCache: true, fsModuleCachePath: join(cache, 'modules') },
        ...(options.grep === undefined ? {} : { testNamePattern: options.grep }),
        ...(options.shard === undefined ? {} : { shard: options.shard }),
      },
      // Not in the report directory: vitest's cache is no report.
      { logLevel: 'silent', cacheDir: cache },
    ),
  );
  // The files with the longest chains of requests first (through a slow link). Set on
  // the resolved config: vitest takes a `sequence` given here as a command-line option, which
  // replaces the projects' own (their groupOrder).
  vitest.config.sequence.sequencer = LongestChainsFirst;
  try {
    interruption?.whileRunning(() => {
      stopTestRequests();
      collector.interruptedNow();
      return vitest.cancelCurrentRun('keyboard-input');
    });
    // A cancel during the provisioning (globalSetup) does not reach the pool: sent again as the
    // first files are queued.
    collector.onQueued = () => interruption?.fileQueued();
    // Interrupted while vitest was made: no suite starts (run.ts reports what ran: nothing).
    if (interruption?.signal() !== undefined) return collector;
    const counts = new TestCounts(root, join(cache, 'test-counts.json'), options.grep);
    // --suite names source files (suites/rest/tokens.test.ts): vitest filters the files it runs.
    const filters = options.suites.map(runnable);
    collector.expect(await countTests(vitest, filters, counts));
    await vitest.start(filters);
    for (const [file, count] of collector.collected) counts.record(file, count);
    counts.save();
    interruption?.suitesDone();
    collector.sharedProjects = provisionedFixtures();
    collector.addSetupFailures(provisioningBroke());
  } finally {
    // Closing while a stop is in progress would make vitest end the tests in flight before
    // their cleanups: wait for it.
    await interruption?.stopped();
    await vitest.close();
  }
  return collector;
}

/** Each selected file's test count: from the cache, else counted by importing the files. */
async function countTests(
  vitest: Vitest,
  filters: string[],
  counts: TestCounts,
): Promise<Map<string, number>> {
  const files = (await vitest.getRelevantTestSpecifications(filters)).map((s) => s.moduleId);
  const known = counts.known(files);
  if (known) return known;
  const collected = await vitest.collect(filters);
  const fresh = new Map<string, number>();
  for (const module of collected.testModules) {
    const count = testsToRun(module);
    fresh.set(module.moduleId, count);
    counts.record(module.moduleId, count);
  }
  return fresh;
}
