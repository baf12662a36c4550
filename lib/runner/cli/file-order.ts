/**
 * The order the suite files start in: the files with the longest chains of requests (each sent
 * after the one before was answered) first. The workers take the next file as they free up, so
 * through a slow link a long file started late runs alone at the end of the run (issue 16: one
 * started after 18 s of a 39 s run through a 50 ms proxy). vitest's own order (the durations of
 * the last run, whatever its target) is kept for the files not listed and within each group.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { MODULE_EXT } from '../../layout.ts';

/**
 * Longest chain first, as measured through a 50 ms delay proxy (--har, seed 1: rounds of
 * membership 265, collections 200, description-fields 168, add-project 162, services ~155,
 * generic-user 110, concurrency 83, sessions-and-roles 79, xml ~60, wsdl 53; the others ≤ 32).
 */
export const LONGEST_CHAINS_FIRST: readonly string[] = [
  // 97 tests one after the other, about 510 exchanges (--har on the embedded server).
  'suites/rest/access-matrix',
  'suites/soap/membership',
  'suites/rest/collections',
  'suites/soap/description-fields',
  'suites/soap/add-project',
  'suites/soap/services',
  'suites/soap/generic-user',
  'suites/rest/concurrency',
  'suites/soap/sessions-and-roles',
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
