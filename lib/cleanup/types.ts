/** What a test's cleanup undoes and what it lists as remaining (plan.ts, undo.ts). */
export type UndoCall =
  | { kind: 'soap'; service: 'project' | 'login'; operation: string; args: Array<string | number> }
  | { kind: 'rest'; method: 'DELETE'; path: string; headers: Record<string, string> };

export interface UndoStep {
  /** What remains, should the undo be refused. */
  kind: LeftoverKind;
  what: string;
  call: UndoCall;
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
}

export interface CleanupPlan {
  undo: UndoStep[];
  remaining: Leftover[];
}

/** One tracker's share of the plan, its undo steps in the order the changes were first made. */
export type CleanupPart = CleanupPlan;
