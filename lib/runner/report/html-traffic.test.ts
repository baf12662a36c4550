/** index.html of a traffic judgement (monitor, analyze): whose verdict, one card per requirement, the gap explained. */
import { describe, expect, test } from 'vitest';
import type { TrafficExchange } from '../../traffic/exchange.ts';
import { TrafficJudge } from '../../traffic/judge.ts';
import type { RuleFactory } from '../../traffic/rule.ts';
import { runOfTraffic } from '../traffic/run-of-traffic.ts';
import { renderHtml } from './html.ts';
import { renderTrafficClosing } from '../traffic/closing.ts';

function exchange(seq: number, method: string, path: string): TrafficExchange {
  return {
    seq,
    method,
    url: `http://h${path}`,
    requestHeaders: { 'x-auth-token': 'a1b2c3d4e5f6' },
    requestBody: '',
    status: 200,
    responseHeaders: {},
    responseBody: '{}',
    startedMs: seq,
    endedMs: seq,
    durationMs: 0,
  };
}

/** The client sends a token without its user id on every REST call; nothing else is judged. */
const rules: RuleFactory[] = [
  () => ({
    requirements: ['client.rest.token-headers-together'],
    observe(view, verdicts) {
      if (view.rest === undefined) return;
      verdicts.fail('client.rest.token-headers-together', {
        message: 'X-Auth-Token sent without X-Auth-UserId',
        exchanges: [view.exchange],
      });
    },
  }),
];

function report(): string {
  const judge = new TrafficJudge(rules, () => true);
  judge.observe(exchange(1, 'GET', '/api/projects/101'));
  judge.observe(exchange(2, 'PUT', '/artifacts/7'));
  judge.observe(exchange(3, 'GET', '/api/projects/102'));
  judge.observe(exchange(4, 'GET', '/favicon.ico'));
  judge.end();
  const run = runOfTraffic(
    {
      mode: 'monitor',
      source: 'http://h',
      sides: ['server', 'client'],
      startedAt: new Date(0),
      durationMs: 1,
      command: 'node scripts/conformance-from-source.js monitor --upstream http://h',
    },
    judge.outcome(),
  );
  return renderHtml(run);
}

describe('the report of a traffic judgement', () => {
  test('only the client failed: the badge says whose verdict it is', () => {
    expect(report()).toMatch(/<span class="verdict-badge"[^>]*>CLIENT NOT CONFORMING<\/span>/);
  });

  test('one card per requirement, listing the operations its examples were seen at', () => {
    const html = report();
    const group =
      /<div class="failure-group[^"]*" id="[^"]*" data-requirement="client\.rest\.token-headers-together">([\s\S]*?)<ul class="operations">(.*?)<\/ul>/.exec(
        html,
      );
    expect(group?.[1]).toContain('3 examples kept, at 2 operation(s)');
    expect(group?.[2]).toBe(
      '<li><code>GET /projects/&lt;id&gt;</code> (#1, #3)</li><li><code>PUT /artifacts/&lt;id&gt;</code> (#2)</li>',
    );
    expect(html.match(/data-requirement="/g)).toHaveLength(1);
  });

  test('the exchanges no rule judged: how many, by operation, and why', () => {
    const html = report();
    expect(html).toContain('<a href="#not-judged">1 that no rule judges</a>');
    expect(html).toMatch(
      /<p id="not-judged">1 exchange\(s\) were read, but no rule judged them, by operation:<\/p><table class="not-judged">.*<td><code>GET \/favicon\.ico<\/code><\/td><td>1<\/td><td>not a request of either interface/,
    );
  });
});

describe('the closing lines of a traffic judgement', () => {
  test('the gap between the exchanges and the judged ones, by operation, with why', () => {
    const judge = new TrafficJudge(rules, () => true);
    judge.observe(exchange(1, 'GET', '/api/projects/101'));
    judge.observe(exchange(2, 'GET', '/favicon.ico'));
    judge.observe(exchange(3, 'GET', '/favicon.ico'));
    judge.end();
    const run = runOfTraffic(
      {
        mode: 'analyze',
        source: 'x.har',
        sides: ['server', 'client'],
        startedAt: new Date(0),
        durationMs: 1,
        command: 'analyze x.har',
      },
      judge.outcome(),
    );
    const text = renderTrafficClosing(run, '/tmp/r');
    expect(text).toContain(
      'traffic: 3 exchanges, 1 judged, 0 unjudgeable, 2 that no rule judges:\n  GET /favicon.ico: 2 exchanges: not a request of either interface',
    );
  });
});
