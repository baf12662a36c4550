import { defineConfig } from 'vitest/config';

// `npm test`: the project's own tests. The conformance suites (suites/) are not run directly:
// tests/ run them through the CLI, as a user would.
export default defineConfig({
  test: {
    exclude: ['suites/**', 'node_modules/**'],
    projects: [
      // The unit tests share their worker's modules from file to file (isolate: false): a fresh
      // process per file loaded vitest, fast-check and the module graph again, about three
      // quarters of their CPU time (measured: lib/ and reference-server/ 22 -> 6 CPU-s, issue 16).
      {
        extends: true,
        test: {
          name: 'units',
          include: ['lib/**/*.test.ts', 'reference-server/**/*.test.ts', 'bench/**/*.test.ts'],
          isolate: false,
        },
      },
      // The project's tests (CLI runs, servers, browsers): each file in a process of its own.
      // The runs several files judge are made once (tests/support/shared-runs.ts).
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/support/shared-runs-setup.ts'],
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
    // a floor. Counting them (c8, NODE_V8_COVERAGE over vitest run) was tried: 91 MB of raw
    // coverage for 19 test files, and the runs of tests/broken-targets.test.ts, slowed, found
    // their targets unreachable within 500 ms.
    coverage: {
      provider: 'v8',
      include: ['lib/**/*.ts', 'reference-server/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'reports/coverage',
    },
  },
});
