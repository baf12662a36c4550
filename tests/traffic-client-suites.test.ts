/**
 * No false alarm on the client's side: the traffic of a full run of the suites against the
 * reference server, judged with the client rules, fails no client requirement. The suites'
 * deliberate bad requests (a limit over the maximum, a stale If-match or If-Unmodified-Since, a
 * token sent with another user's id) are refused by the server while the suites send the same
 * kind right elsewhere: they are recognized as probes, and listed. Twice: recorded with --har,
 * which hides tokens («redacted»: the token's user id cannot be judged, and is not), and seen
 * through a recording proxy with every value real, as `monitor` sees it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { requirement, sideOf } from '../lib/requirements/index.ts';
import type { TrafficExchange } from '../lib/traffic/exchange.ts';
import { TrafficJudge, type TrafficOutcome } from '../lib/traffic/judge.ts';
import type { FindingDetails } from '../lib/traffic/rule.ts';
import { CLIENT_RULES } from '../lib/traffic/rules/client/index.ts';
import { runCli } from './support/cli.ts';
import { startReferenceServer } from '../reference-server/listen.ts';
import { readHar, type RecordedExchange } from './support/traffic-client-har.ts';
import { startRecordingProxy } from './support/traffic-client-recorder.ts';

/** The suites' tests whose deliberate bad requests the server refuses: each names its probe. */
const DELIBERATE = [
  /a limit above X-PAGINATION-LIMIT-MAX/,
  /a limit over the maximum/,
  /LIMIT-MAX \+ 1/,
  /If-match is an older Etag/,
  /If-Unmodified-Since is an older Last-Modified/,
];

/** The test that sent an exchange: the HAR entry's comment, or the proxy's note of it. */
function testOf(details: FindingDetails): string {
  return (details.exchanges[details.exchanges.length - 1] as RecordedExchange).test ?? '';
}

function judgeClientSide(traffic: Iterable<TrafficExchange>): TrafficOutcome {
  const judge = new TrafficJudge(CLIENT_RULES, (id) => {
    const known = requirement(id);
    return known !== undefined && sideOf(known) === 'client';
  });
  for (const exchange of traffic) judge.observe(exchange);
  judge.end();
  return judge.outcome();
}

/** Asserts no client failure and no rule error; returns the probes, checked against DELIBERATE when the tests are known. */
function expectNoFalseAlarm(outcome: TrafficOutcome, seed: string, testsKnown: boolean) {
  expect([...outcome.ruleErrors.keys()], 'rule errors').toEqual([]);
  const failures = [...outcome.findings].flatMap(([id, f]) =>
    f.failures.kept.map((d) => `${id}: ${d.message} (${testOf(d)})`),
  );
  expect(failures, `client failures in the suites' own traffic (seed ${seed})`).toEqual([]);
  const probes = [...outcome.findings].flatMap(([id, f]) =>
    f.probes.kept.map((d) => ({ id, message: d.message, test: testOf(d) })),
  );
  if (testsKnown) {
    const unexplained = probes.filter((p) => !DELIBERATE.some((named) => named.test(p.test)));
    expect(unexplained, 'probes from tests that send no deliberate bad request').toEqual([]);
  }
  return probes;
}

function print(
  what: string,
  outcome: TrafficOutcome,
  probes: ReturnType<typeof expectNoFalseAlarm>,
) {
  const counted = [...outcome.findings]
    .filter(([, f]) => f.probes.count > 0)
    .map(([id, f]) => `${id} ×${f.probes.count}`);
  process.stdout.write(
    `client side of the suites' traffic (${what}): ${outcome.exchanges} exchanges, no client failure; probes recognized: ${counted.join(', ')}\n${probes
      .map((p) => `  ${p.id}: ${p.message}${p.test ? ` [${p.test}]` : ''}`)
      .join('\n')}\n`,
  );
}

describe('the suites run against the reference server: no client failure, each deviation a recognized probe', () => {
  test('recorded with --har (secrets redacted)', async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'traffic-client-')), 'suites.har');
    const run = await runCli(['--har', har]);
    const seed = /seed (\d+)/.exec(run.stdout)?.[1] ?? 'unknown';
    expect(run.code, `the run (seed ${seed}): ${run.stderr.slice(-2000)}`).toBe(0);
    const outcome = judgeClientSide(readHar(har));
    const probes = expectNoFalseAlarm(outcome, seed, true);
    const probed = [...new Set(probes.map((p) => p.id))].sort();
    expect(probed).toEqual(['client.rest.limit-within-max', 'client.rest.precondition-echo']);
    const judged = [...outcome.findings].filter(([, f]) => f.passes > 0).map(([id]) => id);
    expect(judged, 'the token user id is unknown in a redacted recording').not.toContain(
      'client.rest.token-user-id',
    );
    expect(judged.length, 'client requirements judged on the suites traffic').toBe(13);
    print('--har', outcome, probes);
  }, 300_000);

  test('seen through a proxy, every value real', async () => {
    const server = await startReferenceServer({ testControl: true });
    const proxy = await startRecordingProxy(server.url);
    try {
      const run = await runCli(['--target', proxy.url]);
      const seed = /seed (\d+)/.exec(run.stdout)?.[1] ?? 'unknown';
      expect(run.code, `the run (seed ${seed}): ${run.stderr.slice(-2000)}`).toBe(0);
      const outcome = judgeClientSide(proxy.exchanges);
      const probes = expectNoFalseAlarm(outcome, seed, false);
      const probed = [...new Set(probes.map((p) => p.id))].sort();
      expect(probed).toEqual([
        'client.rest.limit-within-max',
        'client.rest.precondition-echo',
        'client.rest.token-user-id',
      ]);
      const judged = [...outcome.findings].filter(([, f]) => f.passes > 0).map(([id]) => id);
      expect(judged.length, 'client requirements judged on the suites traffic').toBe(14);
      print('through a proxy', outcome, probes);
    } finally {
      await proxy.close();
      await server.close();
    }
  }, 300_000);
});
