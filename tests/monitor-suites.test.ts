/**
 * The suites through `monitor`: the harness run against the monitor, in front of the reference
 * server, judges as it does direct (every test passes, exit 0), and the monitor counts the run's
 * exchanges and writes its report. What the traffic rules make of the exchanges is theirs to test.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  newReportDir,
  readSummary,
  runCli,
  startServerProcess,
  type ServerProcess,
} from './support/cli.ts';
import { startMonitorCli, type MonitorCli } from './support/monitor-cli.ts';

const SUITES = ['rest/concurrency', 'rest/pagination-boundaries', 'soap/wire', 'soap/wsdl'];

let server: ServerProcess;
let monitor: MonitorCli;
const monitorReport = newReportDir();

beforeAll(async () => {
  server = await startServerProcess('reference-server/main.ts', ['--port', '0', '--test-control']);
  monitor = await startMonitorCli([
    '--upstream',
    server.url,
    '--port',
    '0',
    '--report-dir',
    monitorReport,
  ]);
});
afterAll(async () => {
  if (monitor?.child.exitCode === null) monitor.child.kill('SIGINT');
  await monitor?.ended;
  await server?.stop();
});

test('the suites through the monitor pass as they do direct, and the monitor counts their exchanges', async () => {
  const run = await runCli(['--target', monitor.url, ...SUITES.flatMap((s) => ['--suite', s])]);
  expect(run.stderr).not.toMatch(/could not be done/);
  expect(run.code).toBe(0);
  const summary = run.summary();
  expect(summary.tests.length).toBeGreaterThan(0);
  expect(summary.tests.filter((t) => t.status === 'fail' || t.status === 'error')).toEqual([]);

  monitor.child.kill('SIGINT');
  const ended = await monitor.ended;
  expect(ended.stdout).toMatch(/monitor stopped on SIGINT/);
  const traffic = readSummary(monitorReport).traffic!;
  expect(traffic.mode).toBe('monitor');
  // Every request of the run went through the monitor, and each was read as an exchange.
  expect(traffic.exchanges).toBe(summary.requests);
  expect(traffic.unjudgeable.kept.filter((u) => !/cut at the cap/.test(u.reason))).toEqual([]);
});
