/**
 * A check could not be judged because something it builds on is missing or not understood: a
 * token could not be obtained, a representation the spec leaves open is not in the real system's
 * shape. Reported as status 'error' naming the cause, never as a failure of the rule under test
 * (which would be a false failure) nor as a pass.
 */
import { HarnessError } from '../clients/harness-error.ts';

export class Unjudgeable extends HarnessError {}
