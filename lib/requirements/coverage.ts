/**
 * Which requirements have tests in the suites: every catalogue id but those on the
 * not-yet-covered list (tests/requirement-catalogue.test.ts keeps the two in step). A requirement
 * with tests that a run did not run is 'not-run', one without any is 'not-covered'.
 */
import notYetCovered from './not-yet-covered.json' with { type: 'json' };

const NOT_YET_COVERED: ReadonlySet<string> = new Set(notYetCovered);

export function hasTests(requirementId: string): boolean {
  return !NOT_YET_COVERED.has(requirementId);
}
