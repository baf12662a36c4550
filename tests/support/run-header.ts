/** The header fields of a RunResult for unit tests of the report writers (a passing run of the suites). */
export const RUN_HEADER = {
  kind: 'suites',
  target: 'http://t',
  targetKind: 'external',
  startedAt: '2026-01-01T00:00:00Z',
  durationMs: 1500,
  seed: 1,
  runs: 10,
  capabilities: { testControl: false },
  command: 'npm run conformance -- --seed 1',
} as const;
