/**
 * Problems of the run itself, collapsed: the same reason from many places (a provisioning that
 * failed makes every suite file fail to load with it) is one entry with the count and the places,
 * in the terminal and in every report, not seventeen identical lines.
 */
import type { HarnessErrorEntry } from '../../run-result.ts';

export type { HarnessErrorEntry };

export function collapseHarnessErrors(raw: readonly HarnessErrorEntry[]): HarnessErrorEntry[] {
  const byMessage = new Map<string, HarnessErrorEntry>();
  for (const entry of raw) {
    const seen = byMessage.get(entry.message);
    if (!seen) {
      byMessage.set(entry.message, {
        ...entry,
        ...(entry.where ? { where: [...entry.where] } : {}),
      });
      continue;
    }
    seen.count += entry.count;
    if (entry.where) seen.where = [...(seen.where ?? []), ...entry.where];
  }
  return [...byMessage.values()];
}

/** One line: the reason, then how many times and where (the first few places). */
export function describeHarnessError(entry: HarnessErrorEntry): string {
  const where = entry.where ?? [];
  const places =
    where.length === 0
      ? ''
      : `${where.slice(0, 3).join(', ')}${where.length > 3 ? `, and ${where.length - 3} more` : ''}`;
  if (entry.count === 1) return places ? `${places}: ${entry.message}` : entry.message;
  return `${entry.message} (×${entry.count}${places ? `: ${places}` : ''})`;
}

/** How many harness errors happened, counting each collapsed entry's repeats. */
export function harnessErrorCount(entries: readonly HarnessErrorEntry[]): number {
  return entries.reduce((sum, e) => sum + e.count, 0);
}
