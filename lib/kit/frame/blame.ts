/**
 * Which writes of a run account for a change its frame shows (frame.ts): a user who left a group
 * is blamed on the run's removals, one who came on its additions, the same user's first; a
 * change when the run wrote nothing is another test's, judged there.
 */
import type { RequirementId } from '../../requirements/index.ts';
import type { FrameChange } from './frame.ts';

/** A write of a run, as the frame accounts for it. */
export interface Write {
  rule: RequirementId;
  user: string;
  direction: 'add' | 'remove';
  /** Whether the model says it took effect (the actor administers the project). */
  effective: boolean;
  /** removeProjectMember: the user may leave the project's other groups with its membership. */
  membership?: boolean;
}

/**
 * The rules of the run's writes that account for a change: of its direction, the same user's
 * first; else any write of the run. None only when the run wrote nothing.
 */
export function blameWrites(
  changes: readonly FrameChange[],
  writes: readonly Write[],
): RequirementId[] {
  const rules = new Set<RequirementId>();
  for (const change of changes) {
    const moves = [
      ...change.gone.map((user) => ({ user, direction: 'remove' as const })),
      ...change.came.map((user) => ({ user, direction: 'add' as const })),
    ];
    for (const move of moves) {
      const matching = writes.filter((w) => w.direction === move.direction);
      // Effective writes of the change's direction first, then refused ones, then any write.
      const pool = [
        matching.filter((w) => w.effective),
        matching.filter((w) => !w.effective),
        writes.filter((w) => w.effective),
        writes,
      ].find((p) => p.length > 0);
      if (pool === undefined) continue;
      const same = pool.filter((w) => w.user === move.user);
      for (const w of same.length > 0 ? same : pool)
        rules.add(w.effective ? w.rule : 'soap.fault.nothing-changed');
    }
    if (change.unreadable) for (const w of writes) rules.add(w.rule);
  }
  return [...rules];
}
