/**
 * Interop: each of the 14 operations and the login, called through four independent
 * clients against a fresh reference server each — the harness's own client, node-soap's
 * WSDL-driven client, PHP's SoapClient and Python zeep. Every client must read the same values:
 * ints as ints, booleans as booleans, arrays as arrays (of none, one and many), structs, empty
 * answers, and faults with their numeric code.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../../reference-server/listen.ts';
import type { VariantName } from '../../reference-server/variants.ts';
import {
  nodeSoapClient,
  ownClient,
  phpClient,
  zeepClient,
  type Call,
  type CallResult,
  type InteropClient,
} from './soap-clients.ts';

/** Seeded facts of the reference server (docs/reference-server.md): project 101's wiki service and static user group. */
const WIKI_SERVICE_OF_101 = 21;
const UGROUP_OF_101 = 102;

async function scenario(
  client: InteropClient,
  baseUrl: string,
  sendToBaseUrl = false,
): Promise<CallResult[]> {
  const run = (service: 'login' | 'project', calls: Call[]) =>
    client.run(baseUrl, service, calls, sendToBaseUrl);
  const logins = await run('login', [
    { op: 'login', args: ['alice', 'alice-pass'] },
    { op: 'login', args: ['admin', 'admin-pass'] },
    { op: 'login', args: ['alice', 'wrong'] },
  ]);
  const key = (logins[0] as { value: { session_hash: string } }).value.session_hash;
  const siteKey = (logins[1] as { value: { session_hash: string } }).value.session_hash;
  const calls: Call[] = [
    { op: 'getPlateformProjectDescriptionFields', args: [key] },
    { op: 'getProjectDescriptionFieldsValue', args: [key, 101] },
    { op: 'setProjectDescriptionFieldValue', args: [key, 101, 2, 'hello <&> "é"'] },
    { op: 'getProjectDescriptionFieldsValue', args: [key, 101] },
    { op: 'getProjectServicesUsage', args: [key, 101] },
    { op: 'activateService', args: [key, 101, WIKI_SERVICE_OF_101] },
    { op: 'deactivateService', args: [key, 101, WIKI_SERVICE_OF_101] },
    { op: 'addProjectMember', args: [key, 101, 'carol'] },
    { op: 'addUserToUGroup', args: [key, 101, UGROUP_OF_101, 104] },
    { op: 'removeUserFromUGroup', args: [key, 101, UGROUP_OF_101, 104] },
    { op: 'removeProjectMember', args: [key, 101, 'carol'] },
    { op: 'addProject', args: [key, siteKey, 'interop', 'Interop Project', 'private', 100] },
    { op: 'setProjectGenericUser', args: [key, 101, 'generic-pw'] },
    { op: 'getProjectGenericUser', args: [key, 101] },
    { op: 'unsetGenericUser', args: [key, 101] },
    { op: 'getProjectServicesUsage', args: [key, 999] },
  ];
  const results = await run('project', calls);
  const logout = await run('login', [{ op: 'logout', args: [key] }]);
  const after = await run('project', [{ op: 'getPlateformProjectDescriptionFields', args: [key] }]);
  return [...logins, ...results, ...logout, ...after];
}

const fault = (faultcode: string) => ({ ok: false, faultcode, faultstring: expect.any(String) });
const value = (v: unknown) => ({ ok: true, value: v });
/** email and ldap_id are empty strings; some clients read an empty xsd:string as null (compared as null). */
const userInfo = {
  identifier: '200',
  username: 'forge__prjgen_public-project',
  id: '200',
  real_name: 'Generic User For Project',
  email: null,
  ldap_id: null,
};

/** What every client must read. */
const EXPECTED = [
  value({ user_id: 102, session_hash: expect.stringMatching(/^[0-9a-f]{32}$/) }),
  value({ user_id: 101, session_hash: expect.stringMatching(/^[0-9a-f]{32}$/) }),
  fault('3002'),
  value([
    { id: 1, name: 'Full description', is_mandatory: 1 },
    { id: 2, name: 'Other comments', is_mandatory: 0 },
    { id: 3, name: 'Programming language', is_mandatory: 0 },
  ]),
  value([]),
  value(null),
  value([{ id: 2, value: 'hello <&> "é"' }]),
  value(
    expect.arrayContaining([
      { id: WIKI_SERVICE_OF_101, short_name: 'wiki', is_used: 0 },
      { id: 12, short_name: 'summary', is_used: 1 },
    ]),
  ),
  value(true),
  value(true),
  value(true),
  value(true),
  value(true),
  value(true),
  value(104), // the first project created after the seeded 100–103
  value(userInfo),
  value(userInfo),
  value(null),
  fault('3000'),
  value(null),
  fault('3001'),
];

/** Clients differ on an empty xsd:string ('' or null): compare as null. */
function emptyStringsAsNull(results: CallResult[]): CallResult[] {
  return JSON.parse(
    JSON.stringify(results, (_k, v: unknown) => (v === '' ? null : v)),
  ) as CallResult[];
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CLIENTS = [ownClient, nodeSoapClient, phpClient, zeepClient];

describe.each(CLIENTS)('$name', (client) => {
  test.skipIf(client.missing)(
    `reads every operation as the WSDL types it${client.missing ? ` (skipped: ${client.missing})` : ''}`,
    async () => {
      server = await startReferenceServer();
      const results = await scenario(client, server.url);
      expect(emptyStringsAsNull(results)).toEqual(EXPECTED);
      expect((results[7] as { value: unknown[] }).value).toHaveLength(11);
    },
  );
});

/**
 * The SOAP wire variants (reference-server/variants.ts) are other choices a correct server may
 * make: independent clients read them as they read the reference server. Calls go to the URL the
 * server was reached at, as the harness sends them (base-url-other-name names itself otherwise).
 */
const SOAP_VARIANTS: readonly VariantName[] = [
  'base-url-other-name',
  'wsdl-location-default-port',
  'wsdl-location-host-case',
  'array-member-names',
  'soap-array-size-unstated',
  'soap-arrays-typed-soap-enc',
  'soap-fault-strings',
  'soap-namespace-prefixes',
  'soap-default-namespace',
  'soap-indented-xml',
  'soap-multi-ref',
  'soap-wsdl-redirect',
  'soap-media-type-bare',
];

describe.each(SOAP_VARIANTS)('variant %s', (variant) => {
  for (const client of CLIENTS) {
    test.skipIf(client.missing)(
      `${client.name} reads every operation as from the reference server${client.missing ? ` (skipped: ${client.missing})` : ''}`,
      async () => {
        server = await startReferenceServer({ variants: [variant] });
        const results = await scenario(client, server.url, true);
        expect(emptyStringsAsNull(results)).toEqual(EXPECTED);
      },
    );
  }
});
