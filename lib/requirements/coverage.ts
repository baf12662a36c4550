/**
 * Which requirements have tests in the suites: every catalogue row but those marked `uncovered`
 * (spec/requirements/table.ts; tests/requirement-catalogue.test.ts keeps the mark true on a full
 * run). A requirement with tests that a run did not run is 'not-run', one without any is
 * 'not-covered'.
 */
import { FULL_CATALOGUE } from './index.ts';

const UNCOVERED: ReadonlySet<string> = new Set(
  FULL_CATALOGUE.filter((r) => r.uncovered !== undefined).map((r) => r.id),
);

export function hasTests(requirementId: string): boolean {
  return !UNCOVERED.has(requirementId);
}
