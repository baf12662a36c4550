/**
 * The reference server under hostile input. Each request below gets a clear answer within
 * the client's own timeout: a 4xx with the error body {"error":{"code","message"}} over REST, a
 * SOAP fault (HTTP 500, §7.1) over SOAP; the server still answers afterwards, no file content
 * leaks, nothing a client can observe changes (the requests are sent by alice, who administers the
 * projects and may write, so every one of them had to be refused), and memory stays bounded. The
 * generated requests of the same kinds are in hostile-input.property.test.ts.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { call, issuesTracker, tokenCaller, type Caller } from './support/rest-calls.ts';
import {
  BoundedClient,
  rawExchange,
  type Answer,
  type Exchange,
  soapExchange,
} from './support/bounded-client.ts';
import { StateObserver, type StateSnapshot } from './support/state-snapshot.ts';
import { DEEP, envelope, invalidUtf8, LAUGHS } from './support/hostile-bytes.ts';

const MiB = 1024 * 1024;
const FILE_CONTENT = 'root:x:0';

let server: RunningServer;
let client: BoundedClient;
let observer: StateObserver;
let before: StateSnapshot;

/** What the cases refer to, known once the server runs. */
interface Fixture {
  alice: Record<string, string>;
  aliceSoap: string;
  /** An artifact of the private project 102 and its tracker's field ids. */
  artifact: number;
  tracker: number;
  summary: number;
  status: number;
  url: string;
}
let f: Fixture;

beforeAll(async () => {
  server = await startReferenceServer({});
  client = new BoundedClient(server.url);
  const alice: Caller = await tokenCaller(server, 'alice');
  const issues = await issuesTracker(server, alice, 102);
  const created = await call(server, alice, 'POST', '/api/artifacts', {
    json: {
      tracker: { id: issues.id },
      values: [
        { field_id: issues.summary, value: 'Hostile input target' },
        { field_id: issues.status, bind_value_ids: [issues.statusValues[0]!] },
      ],
    },
  });
  const login = await client.send(soapExchange('/soap/', 'login', ['alice', 'alice-pass']));
  f = {
    alice: alice.headers,
    aliceSoap: /<session_hash[^>]*>([0-9a-f]+)</.exec(login.text)![1]!,
    artifact: created.json<{ id: number }>().id,
    tracker: issues.id,
    summary: issues.summary,
    status: issues.status,
    url: server.url,
  };
  observer = await StateObserver.open(server.url);
  before = await observer.snapshot();
});
afterAll(async () => {
  await observer?.close();
  await client?.close();
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Request builders

function soapBody(body: string | Uint8Array, path = '/soap/project/'): Exchange {
  return { method: 'POST', path, headers: { 'content-type': 'text/xml; charset=utf-8' }, body };
}

/** addProjectMember of carol to 101 by alice (its admin): applied if any part were accepted. */
const addCarol = (parts: { groupId?: string; userLogin?: string } = {}) =>
  `<m:addProjectMember xmlns:m="urn:x"><sessionKey>${f.aliceSoap}</sessionKey><groupId>${parts.groupId ?? '101'}</groupId><userLogin>${parts.userLogin ?? 'carol'}</userLogin></m:addProjectMember>`;

const put = (body: string | Uint8Array, headers: Record<string, string> = {}): Exchange => ({
  method: 'PUT',
  path: `/api/artifacts/${f.artifact}`,
  headers: { ...f.alice, 'content-type': 'application/json', ...headers },
  body,
});

const putXml = (body: string | Uint8Array) => put(body, { 'content-type': 'application/xml' });

/** A valid update of the summary: refused only by its concurrency header. */
const putWithHeader = (headers: Record<string, string>) =>
  put(
    JSON.stringify({ values: [{ field_id: f.summary, value: 'changed by a hostile request' }] }),
    headers,
  );

const post = (
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): Exchange => ({
  method: 'POST',
  path,
  headers: { ...f.alice, 'content-type': 'application/json', ...headers },
  body,
});

const get = (path: string, headers: Record<string, string> = {}): Exchange => ({
  path,
  headers: { ...f.alice, ...headers },
});

const raw = (requestLine: string, headers = '') =>
  `${requestLine}\r\nHost: hostile.example\r\n${headers}Connection: close\r\n\r\n`;

const deepJson = (open: string, close: string, inner = '1') =>
  open.repeat(DEEP) + inner + close.repeat(DEEP);
const deepXml = (inner = '') => '<a>'.repeat(DEEP) + inner + '</a>'.repeat(DEEP);

const XXE = `<!DOCTYPE request [<!ENTITY e SYSTEM "file:///etc/passwd">]>`;
const xmlValue = (value: string) =>
  `<request><values><item><field_id>${f.summary}</field_id><value>${value}</value></item></values></request>`;

const basic = (bytes: Buffer) => ({ authorization: `Basic ${bytes.toString('base64')}` });

// ---------------------------------------------------------------------------------------------
// The cases: a name, the request, the expected status. A string or Buffer is sent as bytes on a
// socket (a request line or header undici would not send).

type Send = () => Exchange | string | Buffer;
interface Case {
  name: string;
  send: Send;
  status: number;
  /** Answered by node:http itself (request line or headers refused): no body to read. */
  bare?: boolean;
}

const rest = (name: string, send: Send, status: number): Case => ({ name, send, status });
const bare = (name: string, send: Send, status: number): Case => ({
  name,
  send,
  status,
  bare: true,
});

const JSON_CASES: Case[] = [
  rest('malformed JSON', () => put('{"values": ['), 400),
  rest('an empty body', () => put(''), 400),
  rest('a JSON null', () => put('null'), 400),
  rest('a JSON array instead of an object', () => put('[]'), 400),
  rest('a JSON string instead of an object', () => put('"values"'), 400),
  rest('values a string', () => put('{"values": "x"}'), 400),
  rest(
    'a field_id given as a name',
    () => put('{"values": [{"field_id": "summary", "value": "x"}]}'),
    400,
  ),
  rest(
    'a value that is an object',
    () => put(`{"values": [{"field_id": ${f.summary}, "value": {"a": 1}}]}`),
    400,
  ),
  rest(
    'bind_value_ids of strings',
    () => put(`{"values": [{"field_id": ${f.status}, "bind_value_ids": ["a"]}]}`),
    400,
  ),
  rest('a __proto__ member', () => put('{"__proto__": {"values": []}, "values": []}'), 400),
  rest('a field_id of 1e309', () => put('{"values": [{"field_id": 1e309, "value": "x"}]}'), 400),
  rest(
    'a token request with wrong types',
    () => post('/api/tokens', '{"username": 1, "password": ["x"]}'),
    400,
  ),
  rest('a token request that is empty', () => post('/api/tokens', ''), 400),
  rest(
    'a creation with tracker a string',
    () => post('/api/artifacts', '{"tracker": "12", "values": []}'),
    400,
  ),
  rest(
    'a creation with tracker id 1e309',
    () => post('/api/artifacts', '{"tracker": {"id": 1e309}, "values": []}'),
    400,
  ),
  rest(
    'a query with a null criterion',
    () => post(`/api/trackers/${f.tracker}/artifacts`, '{"summary": null}'),
    400,
  ),
  rest(
    'a query with an array criterion',
    () => post(`/api/trackers/${f.tracker}/artifacts`, '{"summary": []}'),
    400,
  ),
  rest(
    'a query value that is an object',
    () =>
      post(
        `/api/trackers/${f.tracker}/artifacts`,
        '{"summary": {"operator": "contains", "value": {}}}',
      ),
    400,
  ),
  rest('a query that is an array', () => post(`/api/trackers/${f.tracker}/artifacts`, '[]'), 400),
  rest(
    'a query parameter with a null criterion',
    () =>
      get(`/api/trackers/${f.tracker}/artifacts?query=${encodeURIComponent('{"status": null}')}`),
    400,
  ),
  rest(
    'a query parameter that is not JSON',
    () => get(`/api/trackers/${f.tracker}/artifacts?query=%7B`),
    400,
  ),
];

const SIZE_CASES: Case[] = [
  rest(
    'an 8 MiB JSON update',
    () => put(JSON.stringify({ values: [{ field_id: f.summary, value: 'x'.repeat(8 * MiB) }] })),
    413,
  ),
  rest('an 8 MiB XML update', () => putXml(xmlValue('x'.repeat(8 * MiB))), 413),
  rest(
    'an 8 MiB token request',
    () => post('/api/tokens', `{"username": "${'a'.repeat(8 * MiB)}"}`),
    413,
  ),
  rest(
    'an 8 MiB query',
    () => post(`/api/trackers/${f.tracker}/artifacts`, `{"summary": "${'a'.repeat(8 * MiB)}"}`),
    413,
  ),
  rest('an 8 MiB body on a GET-only route', () => post('/api/projects', 'x'.repeat(8 * MiB)), 405),
  rest('an 8 MiB body on an unknown route', () => post('/api/nowhere', 'x'.repeat(8 * MiB)), 404),
];

const XML_CASES: Case[] = [
  rest(
    'XML with a DOCTYPE',
    () => putXml(`<?xml version="1.0"?><!DOCTYPE request>${xmlValue('x')}`),
    400,
  ),
  rest(
    'XML with an external entity',
    () => putXml(`<?xml version="1.0"?>${XXE}${xmlValue('&e;')}`),
    400,
  ),
  rest(
    'XML with entity expansion (billion laughs)',
    () => putXml(`<?xml version="1.0"?>${LAUGHS}${xmlValue('&lol9;')}`),
    400,
  ),
  rest('XML nested 100k deep', () => putXml(`<request>${deepXml()}</request>`), 400),
  rest('XML nested 100k deep in a value', () => putXml(xmlValue(deepXml('x'))), 400),
  rest('XML without the request root', () => putXml(`<artifact><values/></artifact>`), 400),
  rest('XML with no element at all', () => putXml('<?xml version="1.0"?>'), 400),
  rest('XML that is only text', () => putXml('hello'), 400),
  rest('XML that is empty', () => putXml(''), 400),
  rest('XML that is malformed', () => putXml('<request><values></request>'), 400),
  rest(
    'XML on a route that takes only JSON',
    () => post('/api/tokens', '<request/>', { 'content-type': 'application/xml' }),
    415,
  ),
];

const DEPTH_CASES: Case[] = [
  rest('JSON arrays nested 100k deep', () => put(`{"values": ${deepJson('[', ']')}}`), 400),
  rest('JSON objects nested 100k deep', () => put(deepJson('{"a":', '}')), 400),
  rest(
    'a token request nested 100k deep',
    () => post('/api/tokens', `{"username": ${deepJson('{"a":', '}')}, "password": "x"}`),
    400,
  ),
  rest(
    'a query nested 100k deep',
    () =>
      post(
        `/api/trackers/${f.tracker}/artifacts`,
        `{"summary": {"operator": "contains", "value": ${deepJson('[', ']')}}}`,
      ),
    400,
  ),
  bare(
    'a query parameter nested 100k deep (request line too long)',
    () => get(`/api/trackers/${f.tracker}/artifacts?query=${deepJson('[', ']')}`),
    431,
  ),
];

const UTF8_CASES: Case[] = [
  rest(
    'invalid UTF-8 in a JSON update',
    () => put(invalidUtf8(`{"values": [{"field_id": ${f.summary}, "value": "`, '"}]}')),
    400,
  ),
  rest(
    'invalid UTF-8 in an XML update',
    () =>
      putXml(
        invalidUtf8(
          `<request><values><item><field_id>${f.summary}</field_id><value>`,
          '</value></item></values></request>',
        ),
      ),
    400,
  ),
  rest(
    'invalid UTF-8 in a token request',
    () => post('/api/tokens', invalidUtf8('{"username": "alice", "password": "', '"}')),
    400,
  ),
  rest('invalid UTF-8 (percent-encoded) in an id', () => get('/api/artifacts/%C3%28%FF'), 400),
  rest('invalid UTF-8 (percent-encoded) in a limit', () => get('/api/projects?limit=%FF'), 400),
];

const PAGINATION_CASES: Case[] = [
  ...(
    [
      ['limit=-1', 400],
      ['offset=-1', 400],
      ['limit=abc', 400],
      ['limit=1e309', 400],
      ['offset=1e309', 400],
      ['offset=99999999999999999999', 400],
      ['limit=9007199254740993', 400],
      ['limit=0', 400],
      ['limit=1.5', 400],
      ['limit=0x10', 400],
      ['limit=', 400],
      ['limit=%201', 400],
      ['limit=1&limit=2', 400],
      ['limit=51', 406],
      ['limit=9007199254740991', 406],
    ] as const
  ).map(([query, status]) =>
    rest(`pagination ${query}`, () => get(`/api/projects/101/trackers?${query}`), status),
  ),
  rest(
    'pagination limit=-1 on the artifact query',
    () => post(`/api/trackers/${f.tracker}/artifacts?limit=-1`, '{}'),
    400,
  ),
];

const AUTH_CASES: Case[] = [
  bare(
    'a 20 kB Authorization header',
    () => get('/api/projects', { authorization: `Basic ${'A'.repeat(20_000)}` }),
    431,
  ),
  bare(
    'a 64 kB X-Auth-Token',
    () => get('/api/projects', { 'x-auth-token': 'x'.repeat(64 * 1024), 'x-auth-userid': '102' }),
    431,
  ),
  rest(
    'an 8 kB X-Auth-Token',
    () => ({
      path: '/api/projects',
      headers: { 'x-auth-token': 'x'.repeat(8 * 1024), 'x-auth-userid': '102' },
    }),
    401,
  ),
  rest(
    'Basic credentials of binary bytes',
    () => ({
      path: '/api/projects',
      headers: basic(Buffer.from([0xff, 0x00, 0x3a, 0xfe, 0x80, 0x3a])),
    }),
    401,
  ),
  rest(
    'Basic credentials that are not base64',
    () => ({ path: '/api/projects', headers: { authorization: 'Basic ****' } }),
    401,
  ),
  rest(
    'a bare Basic scheme',
    () => ({ path: '/api/projects', headers: { authorization: 'Basic' } }),
    401,
  ),
  rest(
    'an unknown scheme',
    () => ({ path: '/api/projects', headers: { authorization: 'Bearer abc' } }),
    401,
  ),
  rest(
    'a token without its user id',
    () => ({ path: '/api/projects', headers: { 'x-auth-token': f.alice['X-Auth-Token']! } }),
    401,
  ),
  rest(
    "alice's token with user id 1e309",
    () => ({ path: '/api/projects', headers: { ...f.alice, 'X-Auth-UserId': '1e309' } }),
    401,
  ),
  rest(
    "alice's token with a path as user id",
    () => ({ path: '/api/projects', headers: { ...f.alice, 'X-Auth-UserId': '../../etc/passwd' } }),
    401,
  ),
  rest(
    'header bytes over 0x7f in Authorization',
    () => raw('GET /api/projects HTTP/1.1', 'Authorization: Basic \xff\xfe\x80\x81\r\n'),
    401,
  ),
  bare(
    'a control byte in Authorization',
    () => raw('GET /api/projects HTTP/1.1', 'Authorization: Basic \x01\x02\r\n'),
    400,
  ),
];

const CONCURRENCY_CASES: Case[] = [
  ...[
    'garbage',
    '"',
    '""',
    'W/"x"',
    ',,,',
    Array.from({ length: 1000 }, (_, i) => `"${i}"`).join(','),
  ].map((value) =>
    rest(`If-match ${value.slice(0, 20)}`, () => putWithHeader({ 'if-match': value }), 412),
  ),
  ...[
    'yesterday',
    '0',
    '1e309',
    'Mon, 99 Foo 99999 99:99:99 GMT',
    'Thu, 01 Jan 1970 00:00:00 GMT',
  ].map((value) =>
    rest(
      `If-Unmodified-Since ${value}`,
      () => putWithHeader({ 'if-unmodified-since': value }),
      412,
    ),
  ),
];

const TRAVERSAL_CASES: Case[] = [
  rest(
    'an artifact id ..%2F..%2Fetc%2Fpasswd',
    () => get('/api/artifacts/..%2F..%2Fetc%2Fpasswd'),
    400,
  ),
  rest(
    'an artifact id %2e%2e%2f%2e%2e%2fetc%2fpasswd',
    () => get('/api/artifacts/%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
    400,
  ),
  rest('an artifact id with a NUL', () => get('/api/artifacts/1%00'), 400),
  rest('an update of ..%2F1', () => ({ ...putWithHeader({}), path: '/api/artifacts/..%2F1' }), 400),
  rest(
    'a project id ..%2F..%2Fetc%2Fpasswd',
    () => get('/api/projects/..%2F..%2Fetc%2Fpasswd/trackers'),
    400,
  ),
  rest(
    'a user group id ..%2F..%2Fetc%2Fpasswd',
    () => get('/api/user_groups/..%2F..%2Fetc%2Fpasswd/users'),
    400,
  ),
  rest('a user id ..%2F..%2Fetc%2Fpasswd', () => get('/api/users/..%2F..%2Fetc%2Fpasswd'), 400),
  rest(
    'a token ..%2F..%2Fetc%2Fpasswd',
    () => ({ ...get('/api/tokens/..%2F..%2Fetc%2Fpasswd'), method: 'DELETE' }),
    400,
  ),
  rest(
    'dot segments sent as they are',
    () => raw('GET /api/artifacts/../../../etc/passwd HTTP/1.1'),
    404,
  ),
  rest('a SOAP path with ..%2F', () => get('/soap/project/..%2F..%2Fetc%2Fpasswd'), 404),
];

const ROUTE_CASES: Case[] = [
  rest('an unknown route', () => get('/api/nowhere'), 404),
  rest('the root', () => get('/'), 404),
  rest('/api alone', () => get('/api'), 404),
  rest('an unknown sub-resource', () => get('/api/projects/101/nowhere'), 404),
  rest('PATCH on an artifact', () => ({ ...putWithHeader({}), method: 'PATCH' }), 405),
  rest('DELETE on the project list', () => ({ ...get('/api/projects'), method: 'DELETE' }), 405),
  rest(
    'PROPFIND on the project list',
    () => ({ ...get('/api/projects'), method: 'PROPFIND' }),
    405,
  ),
  bare(
    'an invented method (node:http refuses it)',
    () => ({ ...get('/api/projects'), method: 'BREW' }),
    400,
  ),
  rest('a request target //[', () => raw('GET //[ HTTP/1.1'), 400),
  rest('a request target http://[', () => raw('GET http://[ HTTP/1.1'), 400),
  rest('a request target *', () => raw('GET * HTTP/1.1'), 404),
  bare('a method with a NUL', () => raw('GE\x00T /api/projects HTTP/1.1'), 400),
  rest(
    'Accept XML on a JSON-only route',
    () => get('/api/projects', { accept: 'application/xml' }),
    406,
  ),
  rest('Accept text/html', () => get(`/api/artifacts/${f.artifact}`, { accept: 'text/html' }), 406),
  rest(
    'Accept with a garbage q',
    () => get('/api/projects', { accept: 'application/json;q=abc' }),
    406,
  ),
  rest(
    'a multipart update',
    () => put('--x--', { 'content-type': 'multipart/form-data; boundary=x' }),
    415,
  ),
];

const REST_CASES = [
  ...JSON_CASES,
  ...SIZE_CASES,
  ...XML_CASES,
  ...DEPTH_CASES,
  ...UTF8_CASES,
  ...PAGINATION_CASES,
  ...AUTH_CASES,
  ...CONCURRENCY_CASES,
  ...TRAVERSAL_CASES,
  ...ROUTE_CASES,
];

/** [name, request, faultcode]: every one is answered 500 with a SOAP fault (or the HTTP status). */
type SoapCase = [string, () => Exchange, string | RegExp, number?];
const SOAP_CASES: SoapCase[] = [
  [
    'a DOCTYPE',
    () => soapBody(`<?xml version="1.0"?><!DOCTYPE x>${envelope(addCarol())}`),
    'SOAP-ENV:Server',
  ],
  [
    'an external entity',
    () => soapBody(`<?xml version="1.0"?>${XXE}${envelope(addCarol({ userLogin: '&e;' }))}`),
    'SOAP-ENV:Server',
  ],
  [
    'entity expansion (billion laughs)',
    () => soapBody(`<?xml version="1.0"?>${LAUGHS}${envelope(addCarol({ userLogin: '&lol9;' }))}`),
    'SOAP-ENV:Server',
  ],
  ['an envelope nested 100k deep', () => soapBody(envelope(deepXml())), 'SOAP-ENV:Client'],
  [
    'a part nested 100k deep',
    () => soapBody(envelope(addCarol({ groupId: deepXml('101') }))),
    'SOAP-ENV:Client',
  ],
  ['a document nested 100k deep', () => soapBody(deepXml()), 'SOAP-ENV:Client'],
  [
    'an 8 MiB call',
    () => soapBody(envelope(addCarol({ userLogin: 'x'.repeat(8 * MiB) }))),
    'SOAP-ENV:Client',
    413,
  ],
  [
    'invalid UTF-8',
    () => soapBody(invalidUtf8(envelope(addCarol()).slice(0, 300), envelope('').slice(-40))),
    'SOAP-ENV:Client',
  ],
  [
    'binary bytes',
    () => soapBody(Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
    'SOAP-ENV:Client',
  ],
  ['a JSON body', () => soapBody('{"operation": "addProjectMember"}'), 'SOAP-ENV:Client'],
  ['an empty body', () => soapBody(''), 'SOAP-ENV:Client'],
  ['malformed XML', () => soapBody(envelope('<m:addProjectMember>')), 'SOAP-ENV:Client'],
  ['a root that is not an Envelope', () => soapBody('<request/>'), 'SOAP-ENV:Client'],
  [
    'an Envelope without Body',
    () => soapBody('<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"/>'),
    'SOAP-ENV:Client',
  ],
  ['an empty Body', () => soapBody(envelope('')), 'SOAP-ENV:Client'],
  [
    'a SOAP 1.2 envelope',
    () =>
      soapBody(
        `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body>${addCarol()}</e:Body></e:Envelope>`,
      ),
    'SOAP-ENV:VersionMismatch',
  ],
  [
    'an Envelope without namespace',
    () => soapBody(`<Envelope><Body>${addCarol()}</Body></Envelope>`),
    'SOAP-ENV:VersionMismatch',
  ],
  ...['dropDatabase', 'constructor', 'toString', '__proto__', 'hasOwnProperty'].flatMap(
    (name): SoapCase[] => [
      [
        `an unknown operation ${name}`,
        () => soapBody(envelope(`<m:${name} xmlns:m="urn:x"><a>1</a></m:${name}>`)),
        'SOAP-ENV:Server',
      ],
      [
        `an unknown login operation ${name}`,
        () => soapBody(envelope(`<m:${name} xmlns:m="urn:x"><a>1</a></m:${name}>`), '/soap/'),
        'SOAP-ENV:Server',
      ],
    ],
  ),
  ['groupId not an int', () => soapBody(envelope(addCarol({ groupId: 'abc' }))), 'SOAP-ENV:Client'],
  ['groupId 1e309', () => soapBody(envelope(addCarol({ groupId: '1e309' }))), 'SOAP-ENV:Client'],
  [
    'groupId past int32',
    () => soapBody(envelope(addCarol({ groupId: '2147483648' }))),
    'SOAP-ENV:Client',
  ],
  ['groupId empty', () => soapBody(envelope(addCarol({ groupId: '' }))), 'SOAP-ENV:Client'],
  [
    'groupId holding an element',
    () => soapBody(envelope(addCarol({ groupId: '<x>101</x>' }))),
    'SOAP-ENV:Client',
  ],
  [
    'userLogin holding an element',
    () => soapBody(envelope(addCarol({ userLogin: '<x>carol</x>' }))),
    'SOAP-ENV:Client',
  ],
  [
    'groupId nil',
    () =>
      soapBody(
        envelope(
          addCarol().replace(
            '<groupId>101',
            '<groupId xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="true">',
          ),
        ),
      ),
    'SOAP-ENV:Client',
  ],
  [
    'a missing part',
    () => soapBody(envelope(addCarol().replace(/<userLogin>.*<\/userLogin>/, ''))),
    'SOAP-ENV:Client',
  ],
  [
    'a SOAPAction naming another operation',
    () => ({
      ...soapBody(envelope(addCarol())),
      headers: { soapaction: '"urn:x#removeProjectMember"' },
    }),
    'SOAP-ENV:Client',
  ],
  [
    'a login with 200k entity references',
    () =>
      soapBody(
        envelope(
          `<m:login xmlns:m="urn:x"><loginname>${'&amp;'.repeat(200_000)}</loginname><passwd>x</passwd></m:login>`,
        ),
        '/soap/',
      ),
    '3002',
  ],
  ['GET without ?wsdl', () => ({ path: '/soap/project/' }), 'SOAP-ENV:Client', 405],
  ['PUT', () => ({ ...soapBody(envelope(addCarol())), method: 'PUT' }), 'SOAP-ENV:Client', 405],
];

// ---------------------------------------------------------------------------------------------

async function send(request: Exchange | string | Buffer): Promise<Answer> {
  return typeof request === 'string' || Buffer.isBuffer(request)
    ? rawExchange(server.url, request)
    : client.send(request);
}

/** After every hostile request: the server answers, nothing observable changed. */
async function expectServerIntact(): Promise<void> {
  expect((await client.send({ path: '/api/projects' })).status).toBe(200);
  expect(await observer.snapshot()).toEqual(before);
}

describe('REST: each hostile request gets a clear 4xx and changes nothing', () => {
  test.each(REST_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const request = c.send();
    const answer = await send(request);
    expect(answer.status, answer.text.slice(0, 300)).toBe(c.status);
    expect(answer.text).not.toContain(FILE_CONTENT);
    if (!c.bare)
      expect(JSON.parse(answer.text)).toEqual({
        error: { code: c.status, message: expect.stringMatching(/^[A-Z][A-Za-z ]+: .+/) },
      });
    await expectServerIntact();
  });

  test('a huge but valid offset answers an empty page', async () => {
    const answer = await client.send(get('/api/projects/101/trackers?offset=9007199254740991'));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual([]);
    expect(answer.headers['x-pagination-offset']).toBe('9007199254740991');
  });
});

describe('SOAP: each hostile call gets a SOAP fault and changes nothing', () => {
  test.each(SOAP_CASES)('%s', async (_name, request, faultcode, status = 500) => {
    const answer = await client.send(request());
    expect(answer.status, answer.text.slice(0, 300)).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    const code =
      /<SOAP-ENV:Fault><faultcode>([^<]*)<\/faultcode><faultstring>[^<]+<\/faultstring>/.exec(
        answer.text,
      )?.[1];
    expect(code, answer.text.slice(0, 300)).toMatch(
      typeof faultcode === 'string' ? new RegExp(`^${faultcode}$`) : faultcode,
    );
    expect(answer.text).not.toContain(FILE_CONTENT);
    await expectServerIntact();
  });
});

describe('memory', () => {
  /** The heavy cases: 8 MiB bodies, 100k-deep nesting, entity expansion. */
  const HEAVY = [
    ...[...SIZE_CASES, ...DEPTH_CASES, ...XML_CASES].filter((c) => !c.bare).map((c) => c.send),
    ...SOAP_CASES.filter(([name]) => /8 MiB|100k|billion|200k/.test(name)).map(
      ([, request]) => request,
    ),
  ];
  const ROUNDS = 6;

  test(`stays bounded over ${ROUNDS} rounds of the heavy cases, each round sent at once`, async () => {
    const collectGarbage = exposedGc();
    /** Twice, a turn apart: Buffers are freed by callbacks that the first collection queues. */
    const measure = async () => {
      collectGarbage();
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      return process.memoryUsage();
    };
    const round = () => Promise.all(HEAVY.map((request) => send(request())));
    await round(); // warm-up: compiled code, pooled buffers and sockets
    const start = await measure();
    for (let i = 0; i < ROUNDS; i++) {
      const answers = await round();
      expect(answers.every((a) => a.status >= 400 && a.status < 600)).toBe(true);
    }
    const end = await measure();
    const mib = (bytes: number) => Math.round(bytes / MiB);
    const figure = (key: 'heapUsed' | 'arrayBuffers' | 'rss') =>
      `${key} ${mib(start[key])} → ${mib(end[key])} MiB`;
    console.info(
      `memory after ${ROUNDS * HEAVY.length} heavy requests: ${figure('heapUsed')}, ${figure('arrayBuffers')}, ${figure('rss')}`,
    );
    // Generous bounds: keeping even the 1 MiB a refused body may hold, per request, would pass
    // 150 MiB here. Buffers live outside the heap (arrayBuffers); rss is noisy, hence its margin.
    expect(mib(end.heapUsed - start.heapUsed), 'heapUsed growth (MiB)').toBeLessThan(32);
    expect(mib(end.arrayBuffers - start.arrayBuffers), 'arrayBuffers growth (MiB)').toBeLessThan(
      32,
    );
    expect(mib(end.rss - start.rss), 'rss growth (MiB)').toBeLessThan(512);
    await expectServerIntact();
  });
});

/** global.gc, or V8's own gc exposed at run time (vitest's forks do not pass --expose-gc). */
function exposedGc(): () => void {
  const { gc } = globalThis;
  if (typeof gc === 'function') return () => gc();
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
