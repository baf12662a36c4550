/**
 * The monitor's one-line status: what passed through it and what failed so far, per side, counted
 * as the verdict counts (failing MUST requirements, not failed exchanges), so that the last status
 * line and the verdict agree.
 */
import { requirement, sideOf } from '../../requirements/index.ts';
import type { TrafficOutcome } from '../../traffic/judge.ts';

/** 'monitor: 120 exchanges (118 judged, 2 unjudgeable), 31 requirements judged, MUST requirements failing so far: server 0, client 1 (3 exchanges)' */
export function statusLine(outcome: TrafficOutcome): string {
  let judged = 0;
  const failing = { server: 0, client: 0 };
  let failedExchanges = 0;
  for (const [id, f] of outcome.findings) {
    if (f.passes + f.failures.count + f.observations.count + f.probes.count > 0) judged += 1;
    const r = requirement(id);
    // A failure of a requirement that is not a MUST is 'observed' in the reports, never a failure.
    if ((r?.level ?? 'MUST') !== 'MUST' || f.failures.count === 0) continue;
    failing[sideOf(r ?? {})] += 1;
    failedExchanges += f.failures.count;
  }
  const notJudged = outcome.exchanges - outcome.judged - outcome.unjudgeable.count;
  return (
    `monitor: ${outcome.exchanges} exchanges (${outcome.judged} judged, ${outcome.unjudgeable.count} unjudgeable` +
    `${notJudged > 0 ? `, ${notJudged} that no rule judges` : ''}), ` +
    `${judged} requirements judged, MUST requirements failing so far: server ${failing.server}, client ${failing.client}` +
    `${failedExchanges > 0 ? ` (${failedExchanges} exchange${failedExchanges === 1 ? '' : 's'})` : ''}`
  );
}
