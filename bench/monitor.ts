/**
 * `monitor` in front of the reference server: the latency it adds to the median exchange (the
 * same requests sent direct and through it, interleaved, one connection each, kept alive), its
 * CPU per exchange, and the full default run through it next to the same run direct.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startServerProcess } from '../tests/support/cli.ts';
import { startMonitorCli } from '../tests/support/monitor-cli.ts';
import { runConformance, type ConformanceRun } from './conformance-run.ts';
import { median } from './load.ts';
import { cpuMs } from './processes.ts';

export interface MonitorFigures {
  exchanges: number;
  directMedianMs: number;
  monitoredMedianMs: number;
  /** monitored − direct, median of the per-pair differences. */
  addedMedianMs: number;
  monitorCpuPerExchangeUs: number;
  /** The full default run (seed) direct and through monitor; the monitor's verdict of it. */
  run?: {
    directMs: number;
    monitoredMs: number;
    ratio: number;
    monitorExitCode: number | null;
    runs: ConformanceRun[];
  };
}

const SOAP_BODY = (op: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><SOAP-ENV:Body><ns1:${op} xmlns:ns1="BASE/soap/project"><sessionKey xsi:type="xsd:string">nosuchsession</sessionKey></ns1:${op}></SOAP-ENV:Body></SOAP-ENV:Envelope>`;

async function timed(agent: Agent, base: string, i: number): Promise<number> {
  const started = performance.now();
  const soap = i % 2 === 1;
  const op = 'getPlateformProjectDescriptionFields';
  const answer = await request(soap ? `${base}/soap/project/` : `${base}/api/projects`, {
    dispatcher: agent,
    method: soap ? 'POST' : 'GET',
    ...(soap
      ? {
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            soapaction: `${base}/soap/project#${op}`,
          },
          body: SOAP_BODY(op).replace('BASE', base),
        }
      : {}),
  });
  await answer.body.text();
  return performance.now() - started;
}

export async function benchMonitor(
  root: string,
  exchanges: number,
  fullRunSeed?: number,
): Promise<MonitorFigures> {
  const server = await startServerProcess('reference-server/main.ts', [
    '--port',
    '0',
    '--test-control',
  ]);
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-monitor-'));
  const monitor = await startMonitorCli([
    '--upstream',
    server.url,
    '--port',
    '0',
    '--report-dir',
    reportDir,
  ]);
  const pid = monitor.child.pid!;
  const stop = async () => {
    if (monitor.child.exitCode === null) monitor.child.kill('SIGINT');
    return (await monitor.ended).code;
  };
  const direct = new Agent({ connections: 1 });
  const via = new Agent({ connections: 1 });
  const pairs: Array<[number, number]> = [];
  try {
    for (let i = 0; i < 50; i++)
      await Promise.all([timed(direct, server.url, i), timed(via, monitor.url, i)]);
    const cpuBefore = cpuMs(pid);
    for (let i = 0; i < exchanges; i++)
      pairs.push([await timed(direct, server.url, i), await timed(via, monitor.url, i)]);
    const monitorCpu = cpuMs(pid) - cpuBefore;
    let run: MonitorFigures['run'];
    if (fullRunSeed !== undefined) {
      const seed = ['--seed', String(fullRunSeed)];
      const d = await runConformance(root, [...seed, '--target', server.url]);
      const m = await runConformance(root, [...seed, '--target', monitor.url]);
      run = {
        directMs: d.wallMs,
        monitoredMs: m.wallMs,
        ratio: m.wallMs / d.wallMs,
        monitorExitCode: null,
        runs: [d, m],
      };
    }
    const code = await stop();
    if (run) run.monitorExitCode = code;
    return {
      exchanges,
      directMedianMs: median(pairs.map((p) => p[0])),
      monitoredMedianMs: median(pairs.map((p) => p[1])),
      addedMedianMs: median(pairs.map((p) => p[1] - p[0])),
      monitorCpuPerExchangeUs: (monitorCpu * 1000) / exchanges,
      ...(run ? { run } : {}),
    };
  } finally {
    await direct.close();
    await via.close();
    await stop();
    await server.stop();
  }
}
