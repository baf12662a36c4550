/**
 * No false alarm, both ways, on the traffic of a full run of our own suites against the reference
 * server: the run goes through `monitor` (every value real) and is recorded with --har, then the
 * recording goes through `analyze` (secrets «redacted»). Neither finds a server failure; on the
 * client's side the only deviations are the suites' deliberate bad requests, refused by the server
 * while the suites send the same kind right elsewhere: recognized as probes and listed. The run
 * itself still says Conforming through the monitor, and the monitor saw each of its requests.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sideOf } from '../lib/requirements/index.ts';
import type { RunResult } from '../lib/run-result.ts';
import { TrafficJudge } from '../lib/traffic/judge.ts';
import { CLIENT_RULES } from '../lib/traffic/rules/client/index.ts';
import {
  newReportDir,
  readSummary,
  runCli,
  runCommand,
  startServerProcess,
  type CliRun,
  type ServerProcess,
} from './support/cli.ts';
import { startMonitorCli } from './support/monitor-cli.ts';
import { readHar, type RecordedExchange } from './support/traffic-client-har.ts';

/** The suites' tests that send a bad request on purpose, each to see it refused. */
const DELIBERATE = [
  /a limit above X-PAGINATION-LIMIT-MAX/,
  /a limit over the maximum/,
  /LIMIT-MAX \+ 1/,
  /If-match is an older Etag/,
  /If-Unmodified-Since is an older Last-Modified/,
  /the shape of REST error bodies is observed/,
];

let server: ServerProcess;
let run: CliRun;
let monitored: RunResult;
let monitorExit: number | null;
let analyzed: RunResult;
let analyzeExit: number;
const har = join(newReportDir(), 'suites.har');

beforeAll(async () => {
  server = await startServerProcess('reference-server/main.ts', ['--port', '0', '--test-control']);
  const monitorReport = newReportDir();
  const monitor = await startMonitorCli([
    '--upstream',
    server.url,
    '--port',
    '0',
    '--report-dir',
    monitorReport,
  ]);
  run = await runCli(['--target', monitor.url, '--har', har]);
  monitor.child.kill('SIGINT');
  monitorExit = (await monitor.ended).code;
  monitored = readSummary(monitorReport);
  const analyzeReport = newReportDir();
  analyzeExit = (await runCommand(['analyze', har, '--report-dir', analyzeReport])).code;
  analyzed = readSummary(analyzeReport);
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

const failing = (r: RunResult) =>
  r.requirements
    .filter((x) => x.status === 'fail' || x.status === 'error')
    .map((x) => `${x.id}: ${x.reason ?? ''}`);
const judged = (r: RunResult, side: 'server' | 'client') =>
  r.requirements.filter(
    (x) => sideOf(x) === side && x.status !== 'not-run' && x.status !== 'not-covered',
  ).length;
const probed = (r: RunResult) =>
  [
    ...new Set(
      r.requirements
        .filter((x) => x.observations?.some((o) => o.startsWith('a probe, not counted')))
        .map((x) => x.id),
    ),
  ].sort();

describe("the suites' own traffic", () => {
  test('the run through the monitor still says Conforming, and the monitor saw each request', () => {
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toMatch(/verdict: Conforming/);
    expect(monitored.traffic?.exchanges).toBe(run.summary().requests);
    expect(
      monitored.traffic?.unjudgeable.kept.filter((u) => !/cut at the cap/.test(u.reason)),
    ).toEqual([]);
  });

  test('monitor, every value real: no failure on either side, the deliberate bad requests probes', () => {
    expect(failing(monitored)).toEqual([]);
    expect(monitored.harnessErrors).toEqual([]);
    expect(monitorExit).toBe(0);
    expect(judged(monitored, 'client'), 'client requirements judged').toBe(19);
    expect(judged(monitored, 'server')).toBeGreaterThan(50);
    expect(probed(monitored)).toEqual([
      'client.rest.creation-body',
      'client.rest.limit-within-max',
      'client.rest.precondition-echo',
      'client.rest.token-user-id',
    ]);
  });

  test('analyze of the --har recording, secrets redacted: no failure on either side', () => {
    expect(failing(analyzed)).toEqual([]);
    expect(analyzeExit).toBe(0);
    // The recording holds the tests' exchanges (not the preflight's): each one judged.
    expect(analyzed.traffic?.exchanges).toBe(readHar(har).length);
    expect(analyzed.traffic?.unjudgeable.count).toBe(0);
    // The token's user id cannot be followed through «redacted» tokens: not judged, never failed.
    expect(judged(analyzed, 'client'), 'client requirements judged').toBe(17);
    expect(probed(analyzed)).toEqual([
      'client.rest.creation-body',
      'client.rest.limit-within-max',
      'client.rest.precondition-echo',
    ]);
  });

  test('each probe comes from a test that sends its bad request on purpose', () => {
    const judge = new TrafficJudge(CLIENT_RULES, (id) => id.startsWith('client.'));
    for (const exchange of readHar(har)) judge.observe(exchange);
    judge.end();
    const probes = [...judge.outcome().findings].flatMap(([id, f]) =>
      f.probes.kept.map((d) => ({
        id,
        test: (d.exchanges[d.exchanges.length - 1] as RecordedExchange).test,
        message: d.message,
      })),
    );
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.filter((p) => !DELIBERATE.some((named) => named.test(p.test)))).toEqual([]);
    process.stdout.write(
      `client side of the suites' traffic: no client failure; probes recognized:\n${probes
        .map((p) => `  ${p.id}: ${p.message} [${p.test}]`)
        .join('\n')}\n`,
    );
  });
});
