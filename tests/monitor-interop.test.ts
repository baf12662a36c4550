/**
 * Other SOAP stacks through `monitor`: PHP's SoapClient, Python zeep and node-soap fetch the WSDL
 * through the monitor (its soap:address then names the monitor, as the server derives it from the
 * Host) and call through it. Each reads the same values as direct, the monitor reads every
 * exchange, and the traffic rules find no failure on either side.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import {
  nodeSoapClient,
  phpClient,
  zeepClient,
  type CallResult,
  type InteropClient,
} from './interop/soap-clients.ts';
import { startMonitor, type RunningMonitor } from './support/monitor-harness.ts';

let running: Array<RunningServer | RunningMonitor> = [];
afterEach(async () => {
  for (const r of running.reverse()) await r.close();
  running = [];
});

async function scenario(client: InteropClient, baseUrl: string): Promise<CallResult[]> {
  const [login] = await client.run(baseUrl, 'login', [
    { op: 'login', args: ['alice', 'alice-pass'] },
  ]);
  const key = (login as { value: { session_hash: string } }).value.session_hash;
  const results = await client.run(baseUrl, 'project', [
    { op: 'getPlateformProjectDescriptionFields', args: [key] },
    { op: 'getProjectServicesUsage', args: [key, 101] },
    { op: 'addProjectMember', args: [key, 101, 'carol'] },
    { op: 'removeProjectMember', args: [key, 101, 'carol'] },
    { op: 'getProjectServicesUsage', args: [key, 999] },
  ]);
  const logout = await client.run(baseUrl, 'login', [{ op: 'logout', args: [key] }]);
  return [{ ok: true, value: 'logged in' }, ...results, ...logout];
}

describe.each([phpClient, zeepClient, nodeSoapClient])('$name through the monitor', (client) => {
  test.skipIf(client.missing)(
    `reads what it reads direct, and the monitor judges every exchange without failure${client.missing ? ` (skipped: ${client.missing})` : ''}`,
    async () => {
      const direct = await startReferenceServer({});
      const behind = await startReferenceServer({});
      running.push(direct, behind);
      const monitor = await startMonitor(behind.url);
      running.push(monitor);

      const expected = await scenario(client, direct.url);
      const through = await scenario(client, monitor.url);
      expect(through).toEqual(expected);

      monitor.queue.drain();
      expect(monitor.unjudgeable).toEqual([]);
      expect(monitor.exchanges.length).toBeGreaterThanOrEqual(8);
      // Every call went to the monitor, named as the client named it.
      for (const e of monitor.exchanges) expect(e.url.startsWith(monitor.url)).toBe(true);
      monitor.judge.end();
      const outcome = monitor.judge.outcome();
      const failures = [...outcome.findings].filter(([, f]) => f.failures.count > 0);
      expect(failures.map(([id, f]) => `${id}: ${f.failures.kept[0]?.message}`)).toEqual([]);
      expect([...outcome.ruleErrors.keys()]).toEqual([]);
    },
  );
});
