/**
 * No false alarm on the client's side: the traffic of a full run of the suites against the
 * reference server, recorded with --har and judged with the client rules, fails no client
 * requirement. The suites' deliberate bad requests (a limit over the maximum, a stale If-match or
 * If-Unmodified-Since) are refused by the server while the suites send the same kind right
 * elsewhere: they are recognized as probes, and listed. The recording hides tokens («redacted»):
 * the token's user id cannot be judged from it, and is not.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { requirement, sideOf } from '../lib/requirements/index.ts';
import { TrafficJudge } from '../lib/traffic/judge.ts';
import type { FindingDetails } from '../lib/traffic/rule.ts';
import { CLIENT_RULES } from '../lib/traffic/rules/client/index.ts';
import { runCli } from './support/cli.ts';
import { readHar, type RecordedExchange } from './support/traffic-client-har.ts';

/** The suites' tests whose deliberate bad requests the server refuses: each names its probe. */
const DELIBERATE = [
  /a limit above X-PAGINATION-LIMIT-MAX/,
  /a limit over the maximum/,
  /LIMIT-MAX \+ 1/,
  /If-match is an older Etag/,
  /If-Unmodified-Since is an older Last-Modified/,
];

function testOf(details: FindingDetails): string {
  return (details.exchanges[details.exchanges.length - 1] as RecordedExchange).test;
}

test('the suites run against the reference server: no client failure, each deviation a recognized probe', async () => {
  const har = join(mkdtempSync(join(tmpdir(), 'traffic-client-')), 'suites.har');
  const run = await runCli(['--har', har]);
  const seed = /seed (\d+)/.exec(run.stdout)?.[1] ?? 'unknown';
  expect(run.code, `the run (seed ${seed}): ${run.stderr.slice(-2000)}`).toBe(0);

  const judge = new TrafficJudge(CLIENT_RULES, (id) => {
    const known = requirement(id);
    return known !== undefined && sideOf(known) === 'client';
  });
  for (const exchange of readHar(har)) judge.observe(exchange);
  const outcome = judge.outcome();

  expect([...outcome.ruleErrors.keys()], 'rule errors').toEqual([]);
  const failures = [...outcome.findings].flatMap(([id, f]) =>
    f.failures.kept.map((d) => `${id}: ${d.message} (${testOf(d)})`),
  );
  expect(failures, `client failures in the suites' own traffic (seed ${seed})`).toEqual([]);

  const probes = [...outcome.findings].flatMap(([id, f]) =>
    f.probes.kept.map((d) => ({ id, message: d.message, test: testOf(d) })),
  );
  const unexplained = probes.filter((p) => !DELIBERATE.some((named) => named.test(p.test)));
  expect(unexplained, 'probes from tests that send no deliberate bad request').toEqual([]);
  const probed = [...new Set(probes.map((p) => p.id))].sort();
  expect(probed).toEqual(['client.rest.limit-within-max', 'client.rest.precondition-echo']);

  const judged = [...outcome.findings].filter(([, f]) => f.passes > 0).map(([id]) => id);
  expect(judged, 'the token user id is unknown in a redacted recording').not.toContain(
    'client.rest.token-user-id',
  );
  expect(judged.length, 'client requirements judged on the suites traffic').toBe(13);

  process.stdout.write(
    `client side of the suites' traffic: ${outcome.exchanges} exchanges, no client failure; probes recognized:\n${probes
      .map((p) => `  ${p.id}: ${p.message} [${p.test}]`)
      .join('\n')}\n`,
  );
}, 300_000);
