/** The server rules' tests judge exchanges with a fresh TrafficJudge and count what it found. */
import type { TrafficExchange } from '../../lib/traffic/exchange.ts';
import { TrafficJudge, type TrafficOutcome } from '../../lib/traffic/judge.ts';
import type { RuleFactory } from '../../lib/traffic/rule.ts';
import { SERVER_RULES } from '../../lib/traffic/rules/server/index.ts';

export function judgeExchanges(
  exchanges: readonly TrafficExchange[],
  rules: readonly RuleFactory[] = SERVER_RULES,
): TrafficOutcome {
  const judge = new TrafficJudge(rules, () => true);
  for (const exchange of exchanges) judge.observe(exchange);
  judge.end();
  return judge.outcome();
}

/** requirement → failures count, for the requirements that failed. */
export function failuresOf(outcome: TrafficOutcome): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, f] of outcome.findings) if (f.failures.count > 0) out[id] = f.failures.count;
  return out;
}

/** requirement → passes count. */
export function passesOf(outcome: TrafficOutcome): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, f] of outcome.findings) if (f.passes > 0) out[id] = f.passes;
  return out;
}
