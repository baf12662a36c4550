import { describe, expect, it } from 'vitest';
import type { TrafficExchange } from '../../traffic/exchange.ts';
import { TrafficJudge } from '../../traffic/judge.ts';
import type { RuleFactory } from '../../traffic/rule.ts';
import { NOT_EXERCISED, runOfTraffic, type TrafficHeader } from './run-of-traffic.ts';

const TOKEN = 'a1b2c3d4e5f6a7b8';

function exchange(seq: number, headers: Record<string, string>): TrafficExchange {
  return {
    seq,
    method: 'GET',
    url: 'http://h/api/projects',
    requestHeaders: headers,
    requestBody: '',
    status: 200,
    responseHeaders: {},
    responseBody: '[]',
    startedMs: Date.UTC(2026, 0, 1) + seq,
    endedMs: Date.UTC(2026, 0, 1) + seq,
    durationMs: 0,
  };
}

/** Client: both token headers; server: pagination headers on /api/projects (never present here). */
const rules: RuleFactory[] = [
  () => ({
    requirements: ['client.rest.token-headers-together'],
    observe(view, verdicts) {
      if (view.requestHeader('x-auth-userid'))
        verdicts.pass('client.rest.token-headers-together', [view.exchange], 'token');
      else
        verdicts.deviation('client.rest.token-headers-together', 'token', {
          message: 'X-Auth-Token sent without X-Auth-UserId',
          exchanges: [view.exchange],
        });
    },
  }),
  () => ({ requirements: ['rest.pagination.headers', 'rest.pagination.size'], observe() {} }),
];

const header: TrafficHeader = {
  mode: 'analyze',
  source: 'traffic.har',
  sides: ['server', 'client'],
  startedAt: new Date(0),
  durationMs: 5,
  command: 'analyze traffic.har',
};

function judged(exchanges: TrafficExchange[], sides: TrafficHeader['sides'] = header.sides) {
  const judge = new TrafficJudge(rules, () => true);
  for (const e of exchanges) judge.observe(e);
  return runOfTraffic({ ...header, sides }, judge.outcome());
}

describe('runOfTraffic', () => {
  it("a client's failure is the client's: its requirement fails with the exchange, secrets redacted", () => {
    const run = judged([exchange(1, { 'x-auth-token': TOKEN })]);
    const r = run.requirements.find((x) => x.id === 'client.rest.token-headers-together')!;
    expect(r).toMatchObject({ status: 'fail', side: 'client' });
    const test = run.tests.find((t) => t.status === 'fail')!;
    expect(test.name).toBe('client.rest.token-headers-together at exchange #1');
    expect(test.exchanges?.[0]?.requestHeaders['x-auth-token']).toBe('«redacted»');
    expect(test.reproduce).toContain('curl -sS -i -X GET');
    expect(test.reproduce).not.toContain(TOKEN);
    // The token's login is not in the recording: the script reads it from a variable it names
    // first, not a «redacted» to replace by hand.
    expect(test.reproduce).not.toContain('«redacted»');
    expect(test.reproduce).toContain('# Needs AUTH_TOKEN_1 in the environment');
    expect(test.reproduce).toContain('"x-auth-token: ${AUTH_TOKEN_1:?set AUTH_TOKEN_1 to a token');
    expect(run.exitCode).toBe(1);
    expect(run.verdict.text).toMatch(
      /^Not conforming in this traffic: the client failed 1 MUST requirement \(1 exchange\)/,
    );
  });

  it('what a rule judges but no exchange exercised is not-run; what no rule judges is not-covered', () => {
    const run = judged([exchange(1, { 'x-auth-token': TOKEN, 'x-auth-userid': '7' })]);
    const status = (id: string) => run.requirements.find((r) => r.id === id);
    expect(status('client.rest.token-headers-together')?.status).toBe('pass');
    expect(status('rest.pagination.size')).toMatchObject({
      status: 'not-run',
      reason: NOT_EXERCISED,
    });
    expect(status('soap.addProject.creates')?.status).toBe('not-covered');
    expect(run.exitCode).toBe(0);
    expect(run.verdict.kind).toBe('not-shown');
    expect(run.traffic).toMatchObject({ mode: 'analyze', exchanges: 1, judged: 1 });
    expect(run.cells).toBeUndefined();
  });

  it('--side server leaves the client requirements out of the run', () => {
    const run = judged([exchange(1, { 'x-auth-token': TOKEN })], ['server']);
    expect(run.requirements.some((r) => r.side === 'client')).toBe(false);
    expect(run.exitCode).toBe(0);
  });

  it('a recording that stopped early is undecided (exit 2) and says where', () => {
    const judge = new TrafficJudge(rules, () => true);
    const run = runOfTraffic({ ...header, stoppedAt: 'truncated at line 9' }, judge.outcome());
    expect(run.exitCode).toBe(2);
    expect(run.verdict.text).toContain('truncated at line 9');
    expect(run.traffic?.stoppedAt).toBe('truncated at line 9');
  });
});
