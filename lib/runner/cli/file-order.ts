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
 * delay proxy (bench/delay-proxy.ts). The files whose tests share state run them in order and
 * come first (their chain is the sum of their tests'); a file whose tests run side by side
 * (describe.concurrent) is as long as a few of its tests.
 */
export const LONGEST_CHAINS_FIRST: readonly string[] = [
  // The members of the SOAP project, then its model on two projects: in order.
  'suites/soap/membership',
  'suites/soap/services',
  'suites/soap/description-fields',
  'suites/rest/collections',
  'suites/soap/add-project',
  // Its cells side by side, about 500 exchanges.
  'suites/rest/access-matrix',
  'suites/soap/generic-user',
  'suites/soap/sessions-and-roles',
  'suites/soap/wsdl',
  'suites/soap/argument-faults',
  'suites/rest/xml',
  'suites/rest/concurrency',
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
