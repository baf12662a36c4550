/**
 * `run`'s selection: --last-failed turns into the suite files, names and seed of the failed tests
 * of that report; --suite must name suites that exist.
 */
import { CODE_ROOT as ROOT } from '../../layout.ts';
import type { RunOptions } from './args.ts';
import { lastFailedSelection } from './last-failed.ts';
import { checkSuiteSelection } from './suite-names.ts';

/** The options that select what runs; undefined when --last-failed finds nothing to rerun. */
export function selectTests(options: RunOptions): RunOptions | undefined {
  if (options.lastFailed !== undefined) {
    const selection = lastFailedSelection(options.lastFailed);
    if (selection === undefined) {
      process.stdout.write(
        `conformance: no test failed or errored in ${options.lastFailed}: nothing to rerun\n`,
      );
      return undefined;
    }
    process.stdout.write(
      `conformance: --last-failed: ${selection.tests} tests of ${selection.suites.length} suite files` +
        `${options.seedGiven ? '' : `, seed ${selection.seed} as in that run`}\n`,
    );
    options = {
      ...options,
      suites: selection.suites,
      grep: selection.grep,
      ...(options.seedGiven ? {} : { seed: selection.seed }),
    };
  }
  checkSuiteSelection(ROOT, options.suites);
  return options;
}
