import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The project's tests that run one at a time, after the others: those whose many CLI runs keep the
 * cores busy with drivers of their own (tests/support/cli-pool.ts), and broken-targets, whose six
 * runs at once judge targets with a short timeout: beside another file on a busy 2-core machine,
 * a run can find its target unreachable and write no report.
 */
const ALONE = [
  'tests/self-validation.test.ts',
  'tests/variants.test.ts',
  'tests/false-alarms.test.ts',
  'tests/broken-targets.test.ts',
];

/**
 * Files that spend most of their time waiting, not computing, the longest first: on a rate limit (--rate-limit runs),
 * a Ctrl-C's timing, or the real-target rehearsal's runs in turn. Queued early, each beside a file
 * that uses the cores, their waits overlap the others' work; vitest's own order (the largest files
 * first when it has no timings, as in CI) queued them last, where one waited alone with a core idle.
 */
const WAITING = [
  'tests/real-target.test.ts',
  'tests/rate-limit-terminal.test.ts',
  'tests/polite.test.ts',
  'tests/late-ctrl-c.test.ts',
];

/** vitest's order, with each project's WAITING files moved to every other place from the start. */
class WaitingFilesEarly extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((f) => f.project.name === name);
      const rank = (f: TestSpecification) =>
        WAITING.indexOf(relative(f.project.config.root, f.moduleId));
      // The longest wait first: WAITING's order.
      const waiting = own.filter((f) => rank(f) !== -1).sort((a, b) => rank(a) - rank(b));
      const others = own.filter((f) => rank(f) === -1);
      const order: TestSpecification[] = [];
      while (waiting.length > 0 || others.length > 0)
        for (const next of [waiting.shift(), others.shift()]) if (next) order.push(next);
      return order;
    });
  }
}

// `npm test`: the project's own tests. The conformance suites (suites/) are not run directly:
// tests/ run them through the CLI, as a user would.
export default defineConfig({
  test: {
    exclude: ['suites/**', 'node_modules/**'],
    sequence: { sequencer: WaitingFilesEarly },
    projects: [
      // The unit tests share their worker's modules from file to file (isolate: false): a fresh
      // process per file loads vitest, fast-check and the module graph again, most of their CPU
      // time. They run first.
      {
        extends: true,
        test: {
          name: 'units',
          include: [
            'lib/**/*.test.ts',
            'reference-server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      // The project's tests (CLI runs, servers, browsers): each file in a process of its own, one
      // more at a time than the cores (vitest's default, one less, is one on 2 cores): most of
      // them wait on a child process, a server or a browser for part of their time, and the files
      // that keep the cores busy are fewer than the cores then. Two more queued more work than
      // the cores could take: slower in all. After the unit tests.
      // The runs several files judge are made once (tests/support/shared-runs.ts).
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['tests/**/*.test.ts'],
          exclude: [...ALONE, 'suites/**', 'node_modules/**'],
          globalSetup: ['tests/support/shared-runs-setup.ts'],
          maxWorkers: availableParallelism() + 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: [...ALONE],
          globalSetup: ['tests/support/shared-runs-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // `npm test` runs with --coverage: lib/ and reference-server/ as this process tree's workers
    // ran them. In-process only: the unit tests, and the harness and reference server modules the
    // tests import (the reference servers most of tests/ start in process). The CLI runs, servers
    // and suite workers the tests spawn are child processes and are not counted, so the figure is
    // a floor. Counting them (c8, NODE_V8_COVERAGE over vitest run) was tried: its raw coverage
    // files were large, and the runs of tests/broken-targets.test.ts, slowed, found their targets
    // unreachable within their timeout.
    coverage: {
      provider: 'v8',
      include: ['lib/**/*.ts', 'reference-server/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'reports/coverage',
    },
  },
});
