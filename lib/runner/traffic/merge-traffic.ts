/**
 * What `merge` of traffic reports (monitor, analyze) makes of their traffic summaries: one for
 * every source, the figures added up (results/merge.ts joins the rest, as for any run).
 */
import type { Side } from '../../requirements/index.ts';
import type { TrafficSummary } from '../../run-result.ts';
import { EXAMPLES_KEPT } from '../../traffic/judge.ts';

export function mergeTrafficSummaries(traffics: readonly TrafficSummary[]): TrafficSummary {
  const stopped = traffics
    .filter((t) => t.stoppedAt !== undefined)
    .map((t) => `${t.source}: ${t.stoppedAt}`);
  return {
    mode: traffics.every((t) => t.mode === 'analyze') ? 'analyze' : 'monitor',
    source: traffics.map((t) => t.source).join(', '),
    sides: [...new Set(traffics.flatMap((t) => t.sides))] as Side[],
    exchanges: traffics.reduce((n, t) => n + t.exchanges, 0),
    judged: traffics.reduce((n, t) => n + t.judged, 0),
    unjudgeable: {
      count: traffics.reduce((n, t) => n + t.unjudgeable.count, 0),
      kept: traffics.flatMap((t) => t.unjudgeable.kept).slice(0, EXAMPLES_KEPT),
    },
    ...(traffics.some((t) => t.notJudged !== undefined)
      ? { notJudged: mergedNotJudged(traffics) }
      : {}),
    ...(stopped.length > 0 ? { stoppedAt: stopped.join('; ') } : {}),
  };
}

/** The exchanges no rule judged, of every source, added up by operation. */
function mergedNotJudged(
  traffics: readonly TrafficSummary[],
): NonNullable<TrafficSummary['notJudged']> {
  const byOperation = new Map<string, { operation: string; count: number; reason: string }>();
  for (const n of traffics.flatMap((t) => t.notJudged ?? [])) {
    const entry = byOperation.get(n.operation);
    if (entry) entry.count += n.count;
    else byOperation.set(n.operation, { ...n });
  }
  return [...byOperation.values()].sort(
    (a, b) => b.count - a.count || a.operation.localeCompare(b.operation),
  );
}
