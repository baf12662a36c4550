/** Runs the suite files with vitest, in-process, against the resolved target. */
import { join } from 'node:path';
import { startVitest } from 'vitest/node';
import type { RunSettings } from '../provided.ts';
import type { RunOptions } from './args.ts';
import { Collector } from './collector.ts';

export async function runSuites(
  root: string,
  options: RunOptions,
  settings: RunSettings,
): Promise<Collector> {
  const collector = new Collector(root, process.stdout, options.grep);
  const vitest = await startVitest(
    'test',
    options.suites,
    {
      root,
      config: false,
      watch: false,
      include: ['suites/**/*.test.ts'],
      reporters: [
        collector,
        [
          'allure-vitest/reporter',
          { resultsDir: join(options.reportDir, 'allure-results'), reportMatchers: false },
        ],
      ],
      setupFiles: ['allure-vitest/setup', join(root, 'lib/suite-setup.ts')],
      globalSetup: [join(root, 'lib/fixtures/global-setup.ts')],
      provide: { settings },
      pool: 'threads',
      maxWorkers: options.concurrency,
      // A test may make many requests; each one is bounded by --timeout.
      testTimeout: Math.max(60_000, options.timeoutMs * 20),
      hookTimeout: Math.max(60_000, options.timeoutMs * 20),
      passWithNoTests: true,
      ...(options.grep === undefined ? {} : { testNamePattern: options.grep }),
      ...(options.shard === undefined ? {} : { shard: options.shard }),
    },
    { logLevel: 'silent', cacheDir: join(options.reportDir, '.vite') },
  );
  await vitest.close();
  return collector;
}
