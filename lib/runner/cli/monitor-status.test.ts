import { describe, expect, test } from 'vitest';
import type { TrafficExchange } from '../../traffic/exchange.ts';
import { TrafficJudge } from '../../traffic/judge.ts';
import type { RuleFactory } from '../../traffic/rule.ts';
import { runOfTraffic } from '../traffic/run-of-traffic.ts';
import { statusLine } from './monitor-status.ts';

function exchange(seq: number): TrafficExchange {
  return {
    seq,
    method: 'GET',
    url: 'http://h/api/projects',
    requestHeaders: {},
    requestBody: '',
    status: 200,
    responseHeaders: {},
    responseBody: '[]',
    startedMs: seq,
    endedMs: seq,
    durationMs: 0,
  };
}

/** A client MUST failed by every exchange; an INFO requirement of the server 'failed' by each. */
const rules: RuleFactory[] = [
  () => ({
    requirements: ['client.rest.token-headers-together', 'rest.routes.shapes'],
    observe(view, verdicts) {
      verdicts.fail('client.rest.token-headers-together', {
        message: 'X-Auth-Token sent without X-Auth-UserId',
        exchanges: [view.exchange],
      });
      verdicts.fail('rest.routes.shapes', { message: 'another shape', exchanges: [view.exchange] });
    },
  }),
];

describe("the monitor's status line", () => {
  test('counts what the verdict counts: failing MUST requirements per side, not failed exchanges', () => {
    const judge = new TrafficJudge(rules, () => true);
    for (const seq of [1, 2, 3]) judge.observe(exchange(seq));
    judge.end();
    const outcome = judge.outcome();
    const run = runOfTraffic(
      {
        mode: 'monitor',
        source: 'http://h',
        sides: ['server', 'client'],
        startedAt: new Date(0),
        durationMs: 1,
        command: 'monitor',
      },
      outcome,
    );
    expect(run.verdict.text).toMatch(
      /^Not conforming in this traffic: the client failed 1 MUST requirement \(/,
    );
    expect(statusLine(outcome)).toMatch(
      /MUST requirements failing so far: server 0, client 1 \(3 exchanges\)$/,
    );
  });
});
