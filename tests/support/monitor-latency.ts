/**
 * What the monitor adds to an exchange: the same small loop of REST GETs and SOAP calls sent
 * direct to the reference server and through `monitor` in front of it, one exchange at a time on
 * a kept-alive connection, direct and monitored alternating so that a change of load on the
 * machine touches both alike. Prints the median and 90th percentile of each and of the added
 * latency, and the monitor's CPU time (user + sys, from /proc) per exchange.
 *
 *   node --import tsx tests/support/monitor-latency.ts [EXCHANGES]
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { buildRequest } from '../../lib/kit/soap/envelope.ts';
import { startServerProcess } from './cli.ts';
import { startMonitorCli } from './monitor-cli.ts';

const exchanges = Number(process.argv[2] ?? 2000);

const soapBody = buildRequest('urn:any', 'getProjectGroupsAndUsers', [
  { name: 'sessionKey', type: 'xsd:string', value: '0123' },
  { name: 'group_id', type: 'xsd:int', value: '101' },
]);

/** Clock ticks of user + sys CPU of a process, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function timed(agent: Agent, base: string, i: number): Promise<number> {
  const started = performance.now();
  const answer =
    i % 2 === 0
      ? await request(`${base}/api/projects?limit=5`, { dispatcher: agent })
      : await request(`${base}/soap/project/`, {
          dispatcher: agent,
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'x' },
          body: soapBody,
        });
  await answer.body.arrayBuffer();
  return performance.now() - started;
}

/** Resident memory of a process, in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

const server = await startServerProcess('reference-server/main.ts', ['--port', '0']);
const monitor = await startMonitorCli([
  '--upstream',
  server.url,
  '--port',
  '0',
  '--report-dir',
  '/tmp/monitor-latency-report',
]);
const direct = new Agent({ connections: 1 });
const through = new Agent({ connections: 1 });
for (let i = 0; i < 50; i += 1) {
  await timed(direct, server.url, i);
  await timed(through, monitor.url, i);
}
const cpuBefore = cpuMs(monitor.child.pid!);
const rssBefore = rssMb(monitor.child.pid!);
const d: number[] = [];
const t: number[] = [];
for (let i = 0; i < exchanges; i += 1) {
  if (i % 2 === 0) {
    d.push(await timed(direct, server.url, i));
    t.push(await timed(through, monitor.url, i));
  } else {
    t.push(await timed(through, monitor.url, i));
    d.push(await timed(direct, server.url, i));
  }
}
// The judging runs after the forwarding: let it finish before the CPU is read.
await new Promise((r) => setTimeout(r, 1000));
const cpu = cpuMs(monitor.child.pid!) - cpuBefore;
const added = d.map((x, i) => t[i]! - x);
const ms = (x: number) => `${x.toFixed(3)} ms`;
process.stdout.write(
  [
    `${exchanges} exchanges each way (half GET /api/projects, half a SOAP call)`,
    `direct:  median ${ms(percentile(d, 50))}, p90 ${ms(percentile(d, 90))}`,
    `monitor: median ${ms(percentile(t, 50))}, p90 ${ms(percentile(t, 90))}`,
    `added:   median ${ms(percentile(t, 50) - percentile(d, 50))} (median of pairs ${ms(percentile(added, 50))})`,
    `monitor RSS: ${rssBefore.toFixed(0)} MB after warm-up, ${rssMb(monitor.child.pid!).toFixed(0)} MB at the end`,
    `monitor CPU (user+sys): ${cpu.toFixed(0)} ms for ${exchanges} exchanges, ${ms(cpu / exchanges)} per exchange`,
    '',
  ].join('\n'),
);
await direct.close();
await through.close();
monitor.child.kill('SIGINT');
await monitor.ended;
await server.stop();
