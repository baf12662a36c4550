import { defineConfig } from 'vitest/config';

// `npm test`: the project's own tests. The conformance suites (suites/) are not run directly:
// tests/ run them through the CLI, as a user would.
export default defineConfig({
  test: {
    include: [
      'tests/**/*.test.ts',
      'lib/**/*.test.ts',
      'reference-server/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['suites/**', 'node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
