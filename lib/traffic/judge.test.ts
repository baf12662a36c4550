import { describe, expect, it } from 'vitest';
import type { TrafficExchange } from './exchange.ts';
import { EXAMPLES_KEPT, TrafficJudge } from './judge.ts';
import type { RuleFactory } from './rule.ts';

function exchange(
  seq: number,
  status: number,
  header: Record<string, string> = {},
): TrafficExchange {
  return {
    seq,
    method: 'GET',
    url: `http://h/api/projects?n=${seq}`,
    requestHeaders: header,
    requestBody: '',
    status,
    responseHeaders: {},
    responseBody: '[]',
    startedMs: seq,
    endedMs: seq,
    durationMs: 0,
  };
}

/** A client rule: a request without x-good deviates ('kind' = the x-kind header). */
const clientRule: RuleFactory = () => ({
  requirements: ['client.rest.token-headers-together'],
  observe(view, verdicts) {
    const kind = view.requestHeader('x-kind') ?? 'k';
    if (view.requestHeader('x-good'))
      verdicts.pass('client.rest.token-headers-together', [view.exchange], kind);
    else
      verdicts.deviation('client.rest.token-headers-together', kind, {
        message: 'sent without x-good',
        exchanges: [view.exchange],
      });
  },
});

const all = () => true;

describe('TrafficJudge', () => {
  it('a refused deviation of a kind the client also sent right is a probe; any other a failure', () => {
    const judge = new TrafficJudge([clientRule], all);
    judge.observe(exchange(1, 200, { 'x-kind': 'a', 'x-good': '1' }));
    judge.observe(exchange(2, 401, { 'x-kind': 'a' })); // refused, kind a sent right: probe
    judge.observe(exchange(3, 401, { 'x-kind': 'b' })); // refused, kind b never right: failure
    judge.observe(exchange(4, 200, { 'x-kind': 'a' })); // accepted: failure
    const f = judge.outcome().findings.get('client.rest.token-headers-together')!;
    expect(f.passes).toBe(1);
    expect(f.probes.kept.map((d) => d.exchanges[0]!.seq)).toEqual([2]);
    expect(f.failures.kept.map((d) => d.exchanges[0]!.seq).sort()).toEqual([3, 4]);
  });

  it('a deviation the rule says the server corrected (served, not honoured) counts as refused', () => {
    const correcting: RuleFactory = () => ({
      requirements: ['client.rest.limit-within-max'],
      observe(view, verdicts) {
        if (view.requestHeader('x-good')) verdicts.pass('client.rest.limit-within-max', [], 'r');
        else
          verdicts.deviation('client.rest.limit-within-max', 'r', {
            message: 'limit over the maximum',
            exchanges: [view.exchange],
            refused: view.requestHeader('x-capped') !== undefined,
          });
      },
    });
    const judge = new TrafficJudge([correcting], all);
    judge.observe(exchange(1, 200, { 'x-good': '1' }));
    judge.observe(exchange(2, 200, { 'x-capped': '1' })); // served capped: a probe
    judge.observe(exchange(3, 200)); // served as asked: a failure
    const f = judge.outcome().findings.get('client.rest.limit-within-max')!;
    expect(f.probes.kept.map((d) => d.exchanges[0]!.seq)).toEqual([2]);
    expect(f.failures.kept.map((d) => d.exchanges[0]!.seq)).toEqual([3]);
  });

  it("a deviation accepted where a server rule failed the same exchange is the server's failure, not the client's", () => {
    const serverSide: RuleFactory = () => ({
      requirements: ['rest.concurrency.if-match-stale'],
      observe(view, verdicts) {
        if (view.requestHeader('x-stale-accepted'))
          verdicts.fail('rest.concurrency.if-match-stale', {
            message: 'stale If-match answered 200',
            exchanges: [view.exchange],
          });
      },
    });
    const judge = new TrafficJudge([serverSide, clientRule], all);
    judge.observe(exchange(1, 200, { 'x-good': '1' }));
    judge.observe(exchange(2, 200, { 'x-stale-accepted': '1' })); // the server's failure
    judge.observe(exchange(3, 200)); // the client's
    const outcome = judge.outcome();
    const client = outcome.findings.get('client.rest.token-headers-together')!;
    expect(client.probes.kept.map((d) => d.exchanges[0]!.seq)).toEqual([2]);
    expect(client.probes.kept[0]?.message).toBe(
      'accepted where the server failed this same exchange: sent without x-good',
    );
    expect(client.failures.kept.map((d) => d.exchanges[0]!.seq)).toEqual([3]);
    expect(outcome.findings.get('rest.concurrency.if-match-stale')?.failures.count).toBe(1);
  });

  it('keeps a bounded number of examples and counts the rest', () => {
    const judge = new TrafficJudge([clientRule], all);
    for (let seq = 1; seq <= 1000; seq++) judge.observe(exchange(seq, 200));
    const f = judge.outcome().findings.get('client.rest.token-headers-together')!;
    expect(f.failures.count).toBe(1000);
    expect(f.failures.kept).toHaveLength(EXAMPLES_KEPT);
  });

  it('a rule that throws is a rule error, the exchange unjudgeable, the judge goes on', () => {
    const throwing: RuleFactory = () => ({
      requirements: ['rest.pagination.headers'],
      observe() {
        throw new Error('boom');
      },
    });
    const judge = new TrafficJudge([throwing, clientRule], all);
    judge.observe(exchange(1, 200, { 'x-good': '1' }));
    judge.observe(exchange(2, 200, { 'x-good': '1' }));
    const outcome = judge.outcome();
    expect([...outcome.ruleErrors.values()]).toEqual([2]);
    expect(outcome.judged).toBe(2);
  });

  it('an exchange whose URL cannot be read is unjudgeable, not a rule error', () => {
    const judge = new TrafficJudge([clientRule], all);
    judge.observe({ ...exchange(1, 200), url: 'http://[bad/x' });
    const outcome = judge.outcome();
    expect(outcome.ruleErrors.size).toBe(0);
    expect(outcome.unjudgeable).toEqual({
      count: 1,
      kept: [{ seq: 1, reason: 'the request URL cannot be read: http://[bad/x' }],
    });
    expect(outcome.exchanges).toBe(1);
  });

  it('end() lets each rule decide what waited for a later exchange, once', () => {
    let ended = 0;
    const waiting: RuleFactory = () => ({
      requirements: ['rest.concurrency.if-match-fresh'],
      observe() {},
      end(verdicts) {
        ended += 1;
        verdicts.fail('rest.concurrency.if-match-fresh', {
          message: 'still waiting',
          exchanges: [],
        });
      },
    });
    const judge = new TrafficJudge([waiting], all);
    judge.observe(exchange(1, 200));
    expect(judge.outcome().findings.size).toBe(0);
    judge.end();
    judge.end();
    expect(ended).toBe(1);
    expect(judge.outcome().findings.get('rest.concurrency.if-match-fresh')?.failures.count).toBe(1);
  });

  it('judges only the requirements included (the --side choice)', () => {
    const judge = new TrafficJudge([clientRule], (id) => !id.startsWith('client.'));
    judge.observe(exchange(1, 200));
    const outcome = judge.outcome();
    expect(outcome.findings.size).toBe(0);
    expect(outcome.judgeable.size).toBe(0);
    expect(outcome.judged).toBe(0);
  });
});
