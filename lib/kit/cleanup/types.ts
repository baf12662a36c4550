/** What a test's cleanup undoes and what it lists as remaining (plan.ts, undo.ts). */
export type UndoCall =
  | { kind: 'soap'; service: 'project' | 'login'; operation: string; args: Array<string | number> }
  | { kind: 'rest'; method: 'DELETE'; path: string; headers: Record<string, string> };

export interface UndoStep {
  /** What remains, should the undo be refused. */
  kind: LeftoverKind;
  what: string;
  call: UndoCall;
  /** The login whose session the call's key was (a project call), to send it again later. */
  as?: string;
  /** The call carries a secret (a password): never kept in a report to send again. */
  secret?: boolean;
}

/**
 * A project call (§4.2) that undoes a leftover, as a report keeps it for `cleanup REPORT_DIR`:
 * without its session key (the first part), which the command opens again as the login `as`.
 */
export interface RetryCall {
  operation: string;
  /** The parts after the session key, in the §4.2 order. */
  args: Array<string | number>;
  /** The account whose session sends it (its login name); absent: the profile's projectAdmin. */
  as?: string;
}

export type LeftoverKind =
  | 'project'
  | 'artifact'
  | 'generic-user'
  | 'membership'
  | 'user-group-entry'
  | 'service'
  | 'description-value'
  | 'token'
  | 'session';

export interface Leftover {
  kind: LeftoverKind;
  what: string;
  /** The project it concerns, for changes inside a project. */
  project?: string;
  /** The call that undoes it, when the interfaces can and the cleanup's attempt was refused. */
  retry?: RetryCall;
}

export interface CleanupPlan {
  undo: UndoStep[];
  remaining: Leftover[];
}

/** One tracker's share of the plan, its undo steps in the order the changes were first made. */
export type CleanupPart = CleanupPlan;
