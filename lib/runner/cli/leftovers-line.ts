/** One line of what a run left on the target (the report's "Left on the target" in full). */
import type { RunResult } from '../../run-result.ts';

export function renderLeftoversLine(run: RunResult): string {
  const l = run.leftovers;
  const created = l?.sharedProjects.filter((p) => p.createdByRun).length ?? 0;
  const byKind = new Map<string, number>();
  for (const r of l?.remaining ?? []) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + 1);
  const parts = [
    ...(created > 0 ? [`${created} shared project(s)`] : []),
    ...[...byKind].map(([kind, n]) => `${n} ${kind}`),
  ];
  return parts.length === 0
    ? 'nothing left on the target'
    : `left on the target: ${parts.join(', ')} (the report's "Left on the target" lists them)`;
}
