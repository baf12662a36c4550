/**
 * `run`'s known failures (--expectations FILE): the file's entries, rewritten first from this
 * run's failures with --update-expectations, unless the run was interrupted (it saw only part of
 * the tests).
 */
import { writeFileSync } from 'node:fs';
import type { TestResult } from '../../run-result.ts';
import type { KnownFailures } from '../results/assemble.ts';
import { updateExpectations, type Expectations } from '../results/expectations.ts';
import type { RunOptions } from './args.ts';

export function knownFailures(
  options: RunOptions,
  expectations: Expectations | undefined,
  tests: readonly TestResult[],
  interrupted: boolean,
): KnownFailures | undefined {
  if (!expectations) return undefined;
  let entries = expectations.entries.map((e) => e.id);
  if (options.updateExpectations && !interrupted) {
    const updated = updateExpectations(expectations, tests);
    writeFileSync(expectations.path, updated.text);
    entries = updated.entries;
    process.stdout.write(
      `expectations: wrote ${expectations.path} (${updated.entries.length} entries; ` +
        `${updated.added.length} added, ${updated.removed.length} removed)\n`,
    );
  }
  return {
    file: expectations.path,
    entries,
    judged: options.shard === undefined ? 'here' : 'deferred',
  };
}
