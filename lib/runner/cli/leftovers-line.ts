/** One line of what a run left on the target (the report's "Left on the target" in full). */
import { join } from 'node:path';
import type { RunResult } from '../../run-result.ts';

/** The section of index.html that lists each leftover (lib/runner/report/html.ts). */
export const LEFTOVERS_SECTION = 'Left on the target';

const NOUNS: Record<string, [string, string]> = {
  project: ['project', 'projects'],
  artifact: ['artifact', 'artifacts'],
  'generic-user': ['generic user', 'generic users'],
  membership: ['membership', 'memberships'],
  'user-group-entry': ['user-group entry', 'user-group entries'],
  service: ['service state', 'service states'],
  'description-value': ['description value', 'description values'],
  token: ['token', 'tokens'],
  session: ['session', 'sessions'],
};

/** "130 artifacts, 5 projects": the leftovers counted by kind, in the order first met. */
export function countByKind(leftovers: ReadonlyArray<{ kind: string }>): string[] {
  const byKind = new Map<string, number>();
  for (const r of leftovers) byKind.set(r.kind, (byKind.get(r.kind) ?? 0) + 1);
  return [...byKind].map(([kind, n]) => {
    const [one, many] = NOUNS[kind] ?? [kind, `${kind}(s)`];
    return `${n} ${n === 1 ? one : many}`;
  });
}

/**
 * The line; with the report's directory, where the section is and, when the interfaces can undo
 * some of it later (the target refused during the run), the command that tries again.
 */
export function renderLeftoversLine(run: RunResult, reportDir?: string): string {
  const l = run.leftovers;
  const created = l?.sharedProjects.filter((p) => p.createdByRun).length ?? 0;
  const remaining = l?.remaining ?? [];
  const parts = [
    ...(created > 0 ? [`${created} shared project${created === 1 ? '' : 's'}`] : []),
    ...countByKind(remaining),
  ];
  if (parts.length === 0) return 'nothing left on the target';
  const where =
    reportDir === undefined
      ? `the report's "${LEFTOVERS_SECTION}"`
      : `"${LEFTOVERS_SECTION}" in ${join(reportDir, 'index.html')}`;
  const retryable = remaining.filter((r) => r.retry !== undefined).length;
  return (
    `left on the target: ${parts.join(', ')} (${where} lists them)` +
    (retryable > 0 && reportDir !== undefined
      ? `; ${retryable} the target refused to undo: \`cleanup ${reportDir}\` tries again`
      : '')
  );
}
