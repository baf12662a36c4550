/**
 * Other SOAP stacks through `monitor`: PHP's SoapClient, Python zeep and node-soap, each driven by
 * its WSDL fetched through the monitor (its soap:address then names the monitor, as the server
 * derives it from the Host), call 13 of the 14 operations and a refused one. Each reads the same
 * values as direct, the monitor reads every exchange, and the traffic rules find no failure on
 * either side. Each stack writes its calls its own way (zeep and node-soap without xsi:type, other
 * prefixes, SOAPAction quoted or not): the client rules must take every one of them.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import {
  nodeSoapClient,
  phpClient,
  zeepClient,
  type Call,
  type CallResult,
  type InteropClient,
} from './interop/soap-clients.ts';
import { startMonitor, type RunningMonitor } from './support/monitor-harness.ts';

const PROJECT = 101;
/** Seeded facts of the reference server (docs/reference-server.md). */
const WIKI_SERVICE = 21;
const UGROUP = 102;
const CAROL = 104;

const projectCalls = (key: string): Call[] => [
  { op: 'getPlateformProjectDescriptionFields', args: [key] },
  { op: 'setProjectDescriptionFieldValue', args: [key, PROJECT, 2, 'judged <&> "é"'] },
  { op: 'getProjectDescriptionFieldsValue', args: [key, PROJECT] },
  { op: 'getProjectServicesUsage', args: [key, PROJECT] },
  { op: 'activateService', args: [key, PROJECT, WIKI_SERVICE] },
  { op: 'deactivateService', args: [key, PROJECT, WIKI_SERVICE] },
  { op: 'addProjectMember', args: [key, PROJECT, 'carol'] },
  { op: 'addUserToUGroup', args: [key, PROJECT, UGROUP, CAROL] },
  { op: 'removeUserFromUGroup', args: [key, PROJECT, UGROUP, CAROL] },
  { op: 'removeProjectMember', args: [key, PROJECT, 'carol'] },
  { op: 'setProjectGenericUser', args: [key, PROJECT, 'generic-pw'] },
  { op: 'getProjectGenericUser', args: [key, PROJECT] },
  { op: 'unsetGenericUser', args: [key, PROJECT] },
  { op: 'getProjectServicesUsage', args: [key, 999] },
];

let running: Array<RunningServer | RunningMonitor> = [];
afterEach(async () => {
  for (const r of running.reverse()) await r.close();
  running = [];
});

/** Login, the project calls and logout; the session key (another on each server) left out. */
async function scenario(client: InteropClient, baseUrl: string): Promise<CallResult[]> {
  const [login] = await client.run(baseUrl, 'login', [
    { op: 'login', args: ['alice', 'alice-pass'] },
  ]);
  const key = (login as { value: { session_hash: string } }).value.session_hash;
  const results = await client.run(baseUrl, 'project', projectCalls(key));
  const logout = await client.run(baseUrl, 'login', [{ op: 'logout', args: [key] }]);
  return [{ ok: true, value: 'logged in' }, ...results, ...logout];
}

describe.each([phpClient, zeepClient, nodeSoapClient])('$name through the monitor', (client) => {
  test.skipIf(client.missing)(
    `reads what it reads direct, and the monitor judges every exchange without failure on either side${client.missing ? ` (skipped: ${client.missing})` : ''}`,
    async () => {
      const direct = await startReferenceServer({});
      const behind = await startReferenceServer({});
      running.push(direct, behind);
      const monitor = await startMonitor(behind.url);
      running.push(monitor);

      const expected = await scenario(client, direct.url);
      const through = await scenario(client, monitor.url);
      expect(through).toEqual(expected);
      // The one refused call: getProjectServicesUsage of a project that does not exist.
      expect(through.filter((r) => !r.ok)).toHaveLength(1);

      monitor.queue.drain();
      monitor.judge.end();
      expect(monitor.unjudgeable).toEqual([]);
      // Login, the project calls and logout at least (the WSDL fetches besides).
      expect(monitor.exchanges.length).toBeGreaterThanOrEqual(projectCalls('').length + 2);
      // Every call went to the monitor, named as the client named it.
      for (const e of monitor.exchanges) expect(e.url.startsWith(monitor.url)).toBe(true);
      const outcome = monitor.judge.outcome();
      const failures = [...outcome.findings].flatMap(([id, f]) =>
        f.failures.kept.map((d) => `${id}: ${d.message} — expected ${d.expected}`),
      );
      expect(failures, `${client.name}: failures in its traffic`).toEqual([]);
      expect([...outcome.ruleErrors.keys()]).toEqual([]);
      // Each call of the project service judged on the client's side (its parts by name and order).
      const parts = outcome.findings.get('client.soap.parts');
      expect(parts?.passes, 'project calls judged').toBe(projectCalls('').length);
    },
  );
});
