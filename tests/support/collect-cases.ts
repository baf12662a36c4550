/**
 * Runs tests/support/collector-cases/*.case.ts through vitest with the CLI's Collector and prints
 * what it collected as JSON (tests/collector-statuses.test.ts). Argument: an optional --grep.
 */
import { Writable } from 'node:stream';
import { startVitest } from 'vitest/node';
import { Collector } from '../../lib/runner/cli/collector.ts';
import { ROOT } from './cli.ts';

const grep = process.argv[2];
const collector = new Collector(ROOT, new Writable({ write: (_c, _e, done) => done() }), grep);
const vitest = await startVitest(
  'test',
  [],
  {
    root: ROOT,
    config: false,
    watch: false,
    include: ['tests/support/collector-cases/*.case.ts'],
    reporters: [collector],
    ...(grep === undefined ? {} : { testNamePattern: grep }),
  },
  { logLevel: 'silent' },
);
await vitest.close();
process.stdout.write(
  JSON.stringify({ tests: collector.tests, harnessErrors: collector.harnessErrors }),
);
