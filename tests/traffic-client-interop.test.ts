/**
 * Independent SOAP clients keep the client's side of the contract: PHP's SoapClient, Python zeep
 * and node-soap, each driven by its WSDL through the monitor's proxy to the reference server, call
 * 13 of the 14 operations (and a refused one); their traffic, judged with the client rules, fails
 * no client requirement. Each stack writes its calls its own way (zeep and node-soap without
 * xsi:type, other prefixes, SOAPAction quoted or not): the rules must take every one of them.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { includeSides } from '../lib/runner/cli/analyze.ts';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { nodeSoapClient, phpClient, zeepClient, type Call } from './interop/soap-clients.ts';
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

let server: RunningServer | undefined;
let proxy: RunningMonitor | undefined;
afterEach(async () => {
  await proxy?.close();
  await server?.close();
  proxy = undefined;
  server = undefined;
});

describe.each([phpClient, zeepClient, nodeSoapClient])('$name', (client) => {
  test.skipIf(client.missing)(
    `its calls fail no client requirement${client.missing ? ` (skipped: ${client.missing})` : ''}`,
    async () => {
      server = await startReferenceServer();
      proxy = await startMonitor(
        server.url,
        { insecure: false },
        1024 * 1024,
        includeSides(['client']),
      );
      const [login] = await client.run(proxy.url, 'login', [
        { op: 'login', args: ['alice', 'alice-pass'] },
      ]);
      const key = (login as { value: { session_hash: string } }).value.session_hash;
      const results = await client.run(proxy.url, 'project', projectCalls(key));
      expect(results.filter((r) => !r.ok)).toHaveLength(1);

      proxy.queue.drain();
      proxy.judge.end();
      const outcome = proxy.judge.outcome();
      expect(proxy.unjudgeable).toEqual([]);
      const failures = [...outcome.findings].flatMap(([id, f]) =>
        f.failures.kept.map((d) => `${id}: ${d.message} — expected ${d.expected}`),
      );
      expect(failures, `${client.name}: client failures`).toEqual([]);
      expect([...outcome.ruleErrors.keys()]).toEqual([]);
      const parts = outcome.findings.get('client.soap.parts');
      expect(parts?.passes, 'SOAP calls judged').toBe(projectCalls(key).length);
    },
  );
});
