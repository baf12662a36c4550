/**
 * `monitor` in front of the reference server: the latency it adds to the median exchange (the
 * same requests sent direct and through it, interleaved, one connection each, kept alive), its
 * CPU per exchange, and the full default run through it next to the same run direct.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startServerProcess } from '../tests/support/cli.ts';
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

interface Monitor {
  url: string;
  pid: number;
  child: ChildProcess;
  reportDir: string;
  stop(): Promise<number | null>;
}

export async function startMonitor(root: string, upstream: string): Promise<Monitor> {
  const reportDir = await mkdtemp(join(tmpdir(), 'bench-monitor-'));
  const child = spawn(
    process.execPath,
    [
      'scripts/conformance-from-source.js',
      'monitor',
      '--upstream',
      upstream,
      '--port',
      '0',
      '--report-dir',
      reportDir,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`monitor did not start within 20 s: ${out}`)),
      20_000,
    );
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /monitoring (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => fail(new Error(`monitor exited with ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid!,
    child,
    reportDir,
    stop: async () => {
      child.kill('SIGINT');
      return exited;
    },
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
  const monitor = await startMonitor(root, server.url);
  const direct = new Agent({ connections: 1 });
  const via = new Agent({ connections: 1 });
  const pairs: Array<[number, number]> = [];
  try {
    for (let i = 0; i < 50; i++)
      await Promise.all([timed(direct, server.url, i), timed(via, monitor.url, i)]);
    const cpuBefore = cpuMs(monitor.pid);
    for (let i = 0; i < exchanges; i++)
      pairs.push([await timed(direct, server.url, i), await timed(via, monitor.url, i)]);
    const monitorCpu = cpuMs(monitor.pid) - cpuBefore;
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
    const code = await monitor.stop();
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
    if (monitor.child.exitCode === null) await monitor.stop();
    await server.stop();
  }
}
