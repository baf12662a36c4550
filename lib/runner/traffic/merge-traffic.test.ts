import { describe, expect, it } from 'vitest';
import type { TrafficExchange } from '../../traffic/exchange.ts';
import { TrafficJudge } from '../../traffic/judge.ts';
import type { RuleFactory } from '../../traffic/rule.ts';
import type { Judged, SuitesRun, TrafficRun } from '../../run-result.ts';
import { CATALOGUE } from '../../requirements/index.ts';
import { mergeRuns } from '../results/merge.ts';
import { runOfTraffic } from './run-of-traffic.ts';

const rule: RuleFactory = () => ({
  requirements: ['client.rest.token-headers-together'],
  observe(view, verdicts) {
    if (view.requestHeader('x-auth-userid'))
      verdicts.pass('client.rest.token-headers-together', [view.exchange], 'token');
    else
      verdicts.deviation('client.rest.token-headers-together', 'token', {
        message: 'X-Auth-Token sent alone',
        exchanges: [view.exchange],
      });
  },
});

function traffic(source: string, headers: Record<string, string>): Judged<TrafficRun> {
  const judge = new TrafficJudge([rule], () => true);
  const e: TrafficExchange = {
    seq: 1,
    method: 'GET',
    url: 'http://h/api/projects',
    requestHeaders: { 'x-auth-token': 'abcdefgh12345678', ...headers },
    requestBody: '',
    status: 200,
    startedMs: 0,
    endedMs: 1,
    durationMs: 1,
  };
  judge.observe(e);
  return runOfTraffic(
    {
      mode: 'monitor',
      source,
      sides: ['server', 'client'],
      startedAt: new Date(0),
      durationMs: 1,
      command: 'monitor',
    },
    judge.outcome(),
  );
}

describe('mergeRuns of traffic reports', () => {
  it('joins reports of different sources: figures add up, the worst status wins', () => {
    const merged = mergeRuns(
      [
        { source: 'front-a', run: traffic('http://a', { 'x-auth-userid': '1' }) },
        { source: 'front-b', run: traffic('http://b', {}) },
      ],
      CATALOGUE,
    );
    expect(merged.kind).toBe('traffic');
    expect(merged.seed).toBeUndefined();
    expect(merged.mergedFrom?.map((m) => m.seed)).toEqual([undefined, undefined]);
    expect(merged.traffic).toMatchObject({ exchanges: 2, judged: 2, source: 'http://a, http://b' });
    const r = merged.requirements.find((x) => x.id === 'client.rest.token-headers-together')!;
    expect(r.status).toBe('fail');
    expect(r.tests.map((t) => t.id)).toEqual([
      'traffic/client::client.rest.token-headers-together [front-a]',
      'traffic/client::client.rest.token-headers-together #1 [front-b]',
    ]);
    expect(merged.exitCode).toBe(1);
  });

  it('refuses to mix traffic with a run of the suites, naming each', () => {
    const { traffic: _traffic, ...rest } = traffic('http://a', {});
    const suites: Judged<SuitesRun> = {
      ...rest,
      kind: 'suites',
      seed: 1,
      runs: 1,
      capabilities: {},
    };
    expect(() =>
      mergeRuns(
        [
          { source: 'monitor-report', run: traffic('http://a', {}) },
          { source: 'suites-report', run: suites },
        ],
        CATALOGUE,
      ),
    ).toThrow(
      'suites-report is a run of the suites, monitor-report a traffic report (monitor, analyze): merge one kind',
    );
  });

  it("refuses known failures (--expectations): they are the suites'", () => {
    expect(() =>
      mergeRuns([{ source: 'a', run: traffic('http://a', {}) }], CATALOGUE, {
        file: 'known.txt',
        entries: [],
      }),
    ).toThrow(/--expectations applies to runs of the suites/);
  });
});
