/** The monitor's one-line status: what passed through it and what failed so far, per side. */
import { requirement, sideOf } from '../../requirements/index.ts';
import type { TrafficOutcome } from '../../traffic/judge.ts';

/** 'monitor: 120 exchanges (118 judged, 2 unjudgeable), 31 requirements judged, failures so far: server 0, client 1' */
export function statusLine(outcome: TrafficOutcome): string {
  let judged = 0;
  const failures = { server: 0, client: 0 };
  for (const [id, f] of outcome.findings) {
    if (f.passes + f.failures.count + f.observations.count + f.probes.count > 0) judged += 1;
    failures[sideOf(requirement(id) ?? {})] += f.failures.count;
  }
  return (
    `monitor: ${outcome.exchanges} exchanges (${outcome.judged} judged, ${outcome.unjudgeable.count} unjudgeable), ` +
    `${judged} requirements judged, failures so far: server ${failures.server}, client ${failures.client}`
  );
}
