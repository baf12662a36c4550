/**
 * The order the suite files start in: the files with the longest chains of requests (each sent
 * after the one before was answered) first. The workers take the next file as they free up, so
 * through a slow link a long file started late would run alone at the end of the run. vitest's
 * own order (the durations of the last run, whatever its target) is kept for the files not listed
 * and within each group.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { MODULE_EXT } from '../../layout.ts';

/**
 * Longest chain first, as the span of each file's exchanges shows in a --har run through the
 * delay proxy (bench/delay-proxy.ts): the files whose tests share state take it in turn
 * (lib/kit/fixtures/in-turn.ts), so their chain is that of their longest series of tests on one
 * piece of state; the files whose tests all run side by side come after them.
 */
export const LONGEST_CHAINS_FIRST: readonly string[] = [
  // The first six start at once (--concurrency 6). Their order among themselves sets only the order
  // in which a --concurrency 1 run creates its artifacts and projects: the ids its reports show.
  'suites/soap/membership',
  'suites/rest/collections',
  'suites/soap/add-project',
  'suites/soap/description-fields',
  'suites/soap/services',
  'suites/soap/generic-user',
  'suites/rest/access-matrix',
  'suites/soap/argument-faults',
  'suites/soap/sessions-and-roles',
  'suites/rest/concurrency',
  'suites/rest/xml',
  'suites/soap/wsdl',
];

/** The place of a suite file in LONGEST_CHAINS_FIRST; a file not listed comes after them. */
export function chainRank(moduleId: string): number {
  const rank = LONGEST_CHAINS_FIRST.findIndex((name) =>
    moduleId.endsWith(`/${name}.test${MODULE_EXT}`),
  );
  return rank < 0 ? LONGEST_CHAINS_FIRST.length : rank;
}

export class LongestChainsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Stable: vitest's order where the groups (suites, then clock) and ranks are the same.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        chainRank(a.moduleId) - chainRank(b.moduleId),
    );
  }
}
