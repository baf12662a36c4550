/**
 * docs/running-against-a-target.md, "Test control": the paths a target may serve so that the
 * harness can move its clock
 * and make the next call of an operation fail as an internal failure would.
 */
export const CLOCK_PATH = '/__conformance/clock';
export const FAIL_NEXT_PATH = '/__conformance/fail-next';

/**
 * The failures fail-next can arm, by operation: addProject's internal creation failures (§7.1 3101,
 * 3105), and a platform without custom description fields for one call (§7.1 3107). A failure may
 * be scoped to one session key (the next call made with it), so that concurrent tests never take
 * each other's failure.
 */
export const FAIL_NEXT_FAILURES = {
  addProject: ['project-creation', 'generic-user-creation'],
  getPlateformProjectDescriptionFields: ['no-description-fields'],
} as const;

export type FailNextOperation = keyof typeof FAIL_NEXT_FAILURES;
export type FailNextFailure = (typeof FAIL_NEXT_FAILURES)[FailNextOperation][number];

export interface FailNextRequest {
  operation: FailNextOperation;
  failure: FailNextFailure;
  sessionKey?: string;
}
