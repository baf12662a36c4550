/**
 * The server rules' tests read HAR files whole (small recordings of the suites' own runs) and
 * judge them with a fresh TrafficJudge; the streaming reader of `analyze` is not needed for that.
 */
import { readFileSync } from 'node:fs';
import type { TrafficExchange } from '../../lib/traffic/exchange.ts';
import { headerRecord } from '../../lib/traffic/exchange.ts';
import { TrafficJudge, type TrafficOutcome } from '../../lib/traffic/judge.ts';
import type { RuleFactory } from '../../lib/traffic/rule.ts';
import { SERVER_RULES } from '../../lib/traffic/rules/server/index.ts';

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    headers: Array<{ name: string; value: string }>;
    postData?: { text?: string };
  };
  response: {
    status: number;
    headers: Array<{ name: string; value: string }>;
    content?: { text?: string };
    _error?: string;
  };
}

export function harExchanges(file: string): TrafficExchange[] {
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: HarEntry[] } };
  return har.log.entries
    .map((e) => {
      const startedMs = Date.parse(e.startedDateTime);
      const answered = e.response.status > 0;
      const exchange: TrafficExchange = {
        seq: 0,
        startedMs,
        endedMs: startedMs + Math.max(0, e.time),
        method: e.request.method,
        url: e.request.url,
        requestHeaders: headerRecord(e.request.headers.map((h) => [h.name, h.value] as const)),
        requestBody: e.request.postData?.text ?? '',
        durationMs: e.time,
        startedAt: e.startedDateTime,
        ...(answered
          ? {
              status: e.response.status,
              responseHeaders: headerRecord(
                e.response.headers.map((h) => [h.name, h.value] as const),
              ),
              responseBody: e.response.content?.text ?? '',
            }
          : { error: e.response._error ?? 'no answer' }),
      };
      return exchange;
    })
    .sort((a, b) => a.startedMs - b.startedMs)
    .map((e, i) => ({ ...e, seq: i + 1 }));
}

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
