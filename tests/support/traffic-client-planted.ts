/**
 * A small client of both interfaces, written to be judged by the client rules
 * (lib/traffic/rules/client/): a short realistic session against a server (the WSDL, a SOAP login
 * and three project calls, a token, the tracker, artifacts created, read and updated under a
 * precondition in JSON and in XML, a query by a field, the tracker's artifacts paged forward),
 * recorded exchange by exchange as the traffic judge reads them. Each planted client fault,
 * switched on by name, breaks one client requirement the way a real client gets it wrong; the
 * faultless client keeps them all.
 */
import { buildRequest, type Part } from '../../lib/kit/soap/envelope.ts';
import type { ClientRequirementId } from '../../lib/requirements/index.ts';
import { headerRecord, type TrafficExchange } from '../../lib/traffic/exchange.ts';
import { targetNamespaceOf } from '../../lib/traffic/rules/client/soap-bases.ts';

export const PLANTED_CLIENT_FAULTS = {
  'wrong-soap-action': {
    breaks: 'client.soap.soap-action',
    does: 'sends the SOAPAction urn:ProjectAPI#<operation>, not {base_url}/soap/project#<operation>',
  },
  'misnamed-part': {
    breaks: 'client.soap.parts',
    does: 'names the project part groupId where getProjectServicesUsage takes group_id',
  },
  'session-key-last': {
    breaks: 'client.soap.session-first',
    does: 'sends the session key after the other parts',
  },
  'wrong-xsi-type': {
    breaks: 'client.soap.xsi-types',
    does: 'types the project id xsd:string where §4.2 gives xsd:int',
  },
  'missing-x-auth-userid': {
    breaks: 'client.rest.token-headers-together',
    does: 'sends X-Auth-Token without X-Auth-UserId',
  },
  'wrong-x-auth-userid': {
    breaks: 'client.rest.token-user-id',
    does: "sends another user's id in X-Auth-UserId with its token",
  },
  'query-value-number': {
    breaks: 'client.rest.query-body',
    does: 'sends the value of its query criterion as a JSON number, not a string',
  },
  'tracker-id-bare': {
    breaks: 'client.rest.creation-body',
    does: 'sends the tracker of a new artifact as its bare id, not an object with id',
  },
  'update-values-by-id': {
    breaks: 'client.rest.update-body',
    does: 'sends the values of its JSON update as an object keyed by field id, not a list of field_id/value objects',
  },
  'limit-not-integer': {
    breaks: 'client.rest.page-parameters',
    does: 'pages with limit=2.0 and offset=0e0, numbers written other than as integers',
  },
  'token-reused-after-401': {
    breaks: 'client.rest.new-token-after-401',
    does: 'sends its expired token again after the 401, instead of obtaining a new one',
  },
  'put-without-precondition': {
    breaks: 'client.rest.precondition-header',
    does: 'sends the Etag in If-None-Match instead of If-match when it updates an artifact',
  },
  'if-match-never-given': {
    breaks: 'client.rest.precondition-echo',
    does: 'sends an If-match of its own making, not the Etag it received',
  },
  'limit-over-max': {
    breaks: 'client.rest.limit-within-max',
    does: 'pages with limit = X-PAGINATION-LIMIT-MAX + 10',
  },
  'paging-by-page-number': {
    breaks: 'client.rest.paging-forward',
    does: 'pages forward with offset += 1 (a page number) instead of offset += limit',
  },
  'xml-as-text-xml': {
    breaks: 'client.rest.xml-content-type',
    does: 'sends its XML update as text/xml',
  },
  'xml-array-without-items': {
    breaks: 'client.rest.xml-request',
    does: 'writes the entries of values as <value> elements, not <item>',
  },
} as const satisfies Record<string, { breaks: ClientRequirementId; does: string }>;

export type PlantedClientFault = keyof typeof PLANTED_CLIENT_FAULTS;

const ACCOUNT = { username: 'alice', password: 'alice-pass' };
/** Another seeded user (docs/reference-server.md). */
const ANOTHER_USER_ID = '104';
const PROJECT = 101;
const PAGE = 2;
const ARTIFACTS_MADE = 5;

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Sends requests and records each as a traffic exchange. */
class RecordingClient {
  readonly exchanges: TrafficExchange[] = [];

  constructor(readonly baseUrl: string) {}

  async send(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body = '',
  ): Promise<Answer> {
    const url = new URL(path, this.baseUrl).href;
    const startedMs = Date.now();
    const response = await fetch(url, {
      method,
      headers,
      ...(body === '' ? {} : { body }),
    });
    const text = await response.text();
    const endedMs = Date.now();
    const responseHeaders = headerRecord(response.headers.entries());
    this.exchanges.push({
      seq: this.exchanges.length + 1,
      startedMs,
      endedMs,
      method,
      url,
      requestHeaders: headerRecord(Object.entries(headers)),
      requestBody: body,
      status: response.status,
      responseHeaders,
      responseBody: text,
      durationMs: endedMs - startedMs,
    });
    return { status: response.status, headers: responseHeaders, text };
  }
}

export interface PlantedClientOptions {
  /**
   * Makes the server's tokens expire (its clock moved past 24 h, §5.2.5), outside the traffic:
   * the session then ends with a call its token no longer authenticates (401) and a new token.
   */
  expireTokens?: () => Promise<void> | void;
}

/** Runs the session against the server at `baseUrl`; returns what it sent and received. */
export async function runPlantedClient(
  baseUrl: string,
  faults: readonly PlantedClientFault[] = [],
  options: PlantedClientOptions = {},
): Promise<TrafficExchange[]> {
  const on = (fault: PlantedClientFault) => faults.includes(fault);
  const client = new RecordingClient(baseUrl);
  await soapSession(client, on);
  await restSession(client, on, options);
  return client.exchanges;
}

type FaultSwitch = (fault: PlantedClientFault) => boolean;

async function soapSession(client: RecordingClient, on: FaultSwitch): Promise<void> {
  const wsdl = await client.send('GET', '/soap/project/?wsdl');
  const namespace = targetNamespaceOf(wsdl.text);
  if (namespace === undefined) throw new Error('the planted client found no WSDL namespace');
  const base = namespace.replace(/\/soap\/project$/, '');
  const login = await soapCall(client, '/soap/', base, `${base}#login`, 'login', [
    { name: 'loginname', type: 'xsd:string', value: ACCOUNT.username },
    { name: 'passwd', type: 'xsd:string', value: ACCOUNT.password },
  ]);
  const key = /<session_hash[^>]*>([^<]+)</.exec(login.text)?.[1];
  if (key === undefined) throw new Error(`the planted client could not log in: ${login.text}`);
  const action = (op: string) =>
    on('wrong-soap-action') ? `urn:ProjectAPI#${op}` : `${namespace}#${op}`;
  const session = (name: string): Part => ({ name, type: 'xsd:string', value: key });
  const project = (name: string): Part => ({
    name,
    type: on('wrong-xsi-type') ? 'xsd:string' : 'xsd:int',
    value: PROJECT,
  });
  const ordered = (parts: Part[]) =>
    on('session-key-last') ? [...parts.slice(1), parts[0]!] : parts;
  const calls: Array<[string, Part[]]> = [
    ['getPlateformProjectDescriptionFields', [session('sessionKey')]],
    [
      'getProjectServicesUsage',
      ordered([session('session_key'), project(on('misnamed-part') ? 'groupId' : 'group_id')]),
    ],
    ['getProjectDescriptionFieldsValue', ordered([session('session_key'), project('group_id')])],
  ];
  for (const [operation, parts] of calls)
    await soapCall(client, '/soap/project/', namespace, action(operation), operation, parts);
}

function soapCall(
  client: RecordingClient,
  path: string,
  namespace: string,
  action: string,
  operation: string,
  parts: readonly Part[],
): Promise<Answer> {
  return client.send(
    'POST',
    path,
    { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` },
    buildRequest(namespace, operation, parts),
  );
}

/** POST /api/tokens: the headers that authenticate with the token it returns (§5.2.3–4). */
async function tokenHeaders(
  client: RecordingClient,
  on: FaultSwitch,
): Promise<Record<string, string>> {
  const issued = await client.send(
    'POST',
    '/api/tokens',
    { 'content-type': 'application/json' },
    JSON.stringify(ACCOUNT),
  );
  const { token, user_id: userId } = JSON.parse(issued.text) as { token: string; user_id: unknown };
  const auth: Record<string, string> = { 'x-auth-token': token };
  if (!on('missing-x-auth-userid'))
    auth['x-auth-userid'] = on('wrong-x-auth-userid') ? ANOTHER_USER_ID : String(userId);
  return auth;
}

async function restSession(
  client: RecordingClient,
  on: FaultSwitch,
  options: PlantedClientOptions,
): Promise<void> {
  const auth = await tokenHeaders(client, on);
  const json = { ...auth, 'content-type': 'application/json' };

  // A fault may leave the client without what comes next (no tracker to read without its
  // user id): it stops there, as a real client would, its traffic so far judged.
  const trackers = jsonOf<Array<{ id: number }>>(
    await client.send('GET', `/api/projects/${PROJECT}/trackers`, auth),
  );
  const tracker = trackers?.[0]?.id;
  if (tracker === undefined) return;
  const structure = jsonOf<{ fields: Array<{ field_id: number; name: string }> }>(
    await client.send('GET', `/api/trackers/${tracker}`, auth),
  );
  const summary = structure?.fields.find((f) => f.name === 'summary')?.field_id;
  if (summary === undefined) return;
  const value = (text: string) => ({ values: [{ field_id: summary, value: text }] });

  const made: number[] = [];
  for (let i = 1; i <= ARTIFACTS_MADE; i++) {
    const created = await client.send(
      'POST',
      '/artifacts',
      json,
      JSON.stringify({
        tracker: on('tracker-id-bare') ? tracker : { id: tracker },
        ...value(`planted client ${i}`),
      }),
    );
    const id = jsonOf<{ id: number }>(created)?.id;
    if (id !== undefined) made.push(id);
  }
  const artifact = made[0];
  if (artifact === undefined) return;
  const read = await client.send('GET', `/api/artifacts/${artifact}`, auth);
  const etag = read.headers['etag'] ?? '';
  const precondition: Record<string, string> = on('put-without-precondition')
    ? { 'if-none-match': etag }
    : { 'if-match': on('if-match-never-given') ? '"planted-client-version"' : etag };
  const updated = await client.send(
    'PUT',
    `/artifacts/${artifact}`,
    { ...json, ...precondition },
    JSON.stringify(
      on('update-values-by-id')
        ? { values: { [summary]: 'updated by the planted client' } }
        : value('updated by the planted client'),
    ),
  );
  const lastModified = (updated.status === 200 ? updated : read).headers['last-modified'] ?? '';
  const entry = on('xml-array-without-items') ? 'value' : 'item';
  await client.send(
    'PUT',
    `/artifacts/${artifact}`,
    {
      ...auth,
      'content-type': on('xml-as-text-xml') ? 'text/xml' : 'application/xml',
      'if-unmodified-since': lastModified,
    },
    `<?xml version="1.0" encoding="UTF-8"?>\n<request><values><${entry}><field_id>${summary}</field_id>` +
      `<value>updated in XML</value></${entry}></values></request>`,
  );
  const criterion = on('query-value-number') ? 1 : 'planted client 1';
  await client.send(
    'POST',
    `/api/trackers/${tracker}/artifacts`,
    json,
    JSON.stringify({ summary: { operator: 'contains', value: criterion } }),
  );
  await pageThrough(client, json, tracker, on);
  if (options.expireTokens) await afterExpiry(client, auth, on, options.expireTokens);
}

/** A day later: the token answers 401; the client obtains a new one and calls again (§5.2.5). */
async function afterExpiry(
  client: RecordingClient,
  auth: Record<string, string>,
  on: FaultSwitch,
  expire: () => Promise<void> | void,
): Promise<void> {
  await expire();
  const path = `/api/projects/${PROJECT}/trackers`;
  const refused = await client.send('GET', path, auth);
  if (refused.status !== 401) return;
  const renewed = on('token-reused-after-401') ? auth : await tokenHeaders(client, on);
  await client.send('GET', path, renewed);
}

/** The tracker's artifacts, a page at a time: first the default page, which tells the maximum. */
async function pageThrough(
  client: RecordingClient,
  headers: Record<string, string>,
  tracker: number,
  on: FaultSwitch,
): Promise<void> {
  const path = `/api/trackers/${tracker}/artifacts`;
  const first = await client.send('POST', path, headers, '{}');
  const max = Number(first.headers['x-pagination-limit-max'] ?? PAGE);
  const limit = on('limit-over-max') ? max + 10 : PAGE;
  const written = (n: number, form: string) => (on('limit-not-integer') ? form : String(n));
  for (let page = 0, offset = 0; page < ARTIFACTS_MADE; page++) {
    const answer = await client.send(
      'POST',
      `${path}?limit=${written(limit, `${limit}.0`)}&offset=${written(offset, `${offset}e0`)}`,
      headers,
      '{}',
    );
    const size = Number(answer.headers['x-pagination-size'] ?? 0);
    offset += on('paging-by-page-number') ? 1 : limit;
    if (answer.status !== 200 || offset >= size) break;
  }
  await overMaxRefused(client, headers, path);
}

/**
 * As a client's own test of the refusal does: the list asked once with a right limit, before any
 * maximum was announced for it, then once over the maximum that answer announced. The refused
 * request is a probe, never a fault.
 */
async function overMaxRefused(
  client: RecordingClient,
  headers: Record<string, string>,
  path: string,
): Promise<void> {
  const right = await client.send('GET', `${path}?limit=${PAGE}`, headers);
  const max = Number(right.headers['x-pagination-limit-max'] ?? NaN);
  if (Number.isInteger(max)) await client.send('GET', `${path}?limit=${max + 1}`, headers);
}

/** The JSON of a successful answer, or undefined. */
function jsonOf<T>(answer: Answer): T | undefined {
  if (answer.status < 200 || answer.status >= 300) return undefined;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    return undefined;
  }
}
