/**
 * The reference server under generated hostile requests: random methods, paths from the
 * REST route table with mutated ids, random Content-Type, Accept, credentials and concurrency
 * headers, and bodies that are JSON-ish, XML-ish, SOAP-ish, binary or deeply nested. Each answer
 * comes within the client's timeout; REST answers below 500, SOAP answers a fault when it answers
 * 500; no file content leaks; and nothing changes that the fuzz could not legitimately change.
 *
 * The fuzz writes only as carol, who is no member of any project and administers none: over SOAP
 * she can change nothing, over REST only the artifacts of public projects (the real system's
 * default tracker permissions, reference-server/domain/access.ts). So after every run the state
 * minus those artifacts must be as before, and a write answered 2xx must have carried her
 * credentials. Seeded: a failure prints the seed and the shrunk request.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SOAP_OPERATIONS, type SoapOperation } from '../spec/soap-operations.ts';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { REST_ROUTES } from '../reference-server/rest/routes.ts';
import type { Route } from '../reference-server/rest/router.ts';
import { call, issuesTracker, tokenCaller, type Caller } from './support/rest-calls.ts';
import { SEEDED_PROJECTS } from '../reference-server/domain/seed.ts';
import { soapServiceOf } from '../reference-server/soap/endpoint.ts';
import { BoundedClient, soapExchange, type Answer } from './support/bounded-client.ts';
import { StateObserver, type StateSnapshot } from './support/state-snapshot.ts';

const SEED = 20260911;
const RUNS = 200;
const FILE_CONTENT = 'root:x:0';
const PUBLIC_PROJECTS: readonly number[] = SEEDED_PROJECTS.filter(
  (p) => p.privacy === 'public',
).map((p) => p.id);

let server: RunningServer;
let client: BoundedClient;
let observer: StateObserver;
let carol: Caller;
let carolSession: string;
/** Ids that exist, by the first segment of the routes that take them; field and value ids. */
let known: { ids: Record<string, string[]>; fieldIds: number[]; valueIds: number[] };

beforeAll(async () => {
  server = await startReferenceServer({});
  client = new BoundedClient(server.url);
  const alice = await tokenCaller(server, 'alice');
  carol = await tokenCaller(server, 'carol');
  // An artifact in each seeded project, so that generated ids meet real ones.
  for (const project of [101, 102]) {
    const issues = await issuesTracker(server, alice, project);
    await call(server, alice, 'POST', '/api/artifacts', {
      json: {
        tracker: { id: issues.id },
        values: [{ field_id: issues.summary, value: `artifact of ${project}` }],
      },
    });
  }
  const login = await client.send(soapExchange('/soap/', 'login', ['carol', 'carol-pass']));
  carolSession = /<session_hash[^>]*>([0-9a-f]+)</.exec(login.text)![1]!;
  observer = await StateObserver.open(server.url);
  const projects = Object.values(await observer.snapshot());
  const issues = await issuesTracker(server, alice, 101);
  known = {
    ids: {
      projects: projects.map((p) => String((p.project as { id: number }).id)),
      trackers: projects.flatMap((p) =>
        (p.trackers as Array<{ id: number }>).map((t) => String(t.id)),
      ),
      artifacts: projects.flatMap((p) =>
        p.artifacts.map((a) => String((a.body as { id: number }).id)),
      ),
      user_groups: projects.flatMap((p) => p.userGroups.map((g) => (g.group as { id: string }).id)),
      users: ['101', '102', '103', '104', '105'],
      tokens: [CAROL_TOKEN],
    },
    fieldIds: [issues.summary, issues.details, issues.effort, issues.status, issues.labels],
    valueIds: [...issues.statusValues, ...issues.labelValues],
  };
});
afterAll(async () => {
  await observer?.close();
  await client?.close();
  await server?.close();
});

/** What the fuzz cannot change legitimately: all but the artifacts of public projects. */
function beyondCarol(snapshot: StateSnapshot): StateSnapshot {
  return Object.fromEntries(
    Object.entries(snapshot).map(([id, project]) => [
      id,
      PUBLIC_PROJECTS.includes(Number(id)) ? { ...project, artifacts: [] } : project,
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Arbitraries: a plausible request (a route of the table with one of its own methods, an id that
// exists, carol's credentials, a body of the route's shape) of which each part is replaced by a
// hostile one with probability 1/8, so that most requests reach the handlers with one or two
// hostile parts; the bodies are hostile inside besides (wrong types, nulls, odd ids).
// Placeholders ({carol-session}, {carol-token}) are filled in when sending.

const CAROL_SESSION = '{carol-session}';
const CAROL_TOKEN = '{carol-token}';

const orHostile = <T>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ weight: 7, arbitrary: plausible }, { weight: 1, arbitrary: hostile });

const AUTHS = [
  'carol-token',
  'carol-basic',
  'none',
  'suspended-basic',
  'wrong-password',
  'garbage-token',
  'lone-token',
  'binary-basic',
  'bearer',
  'huge-token',
] as const;
type Auth = (typeof AUTHS)[number];

function authHeaders(auth: Auth): Record<string, string> {
  const basic = (credentials: string | Buffer) => ({
    authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
  });
  switch (auth) {
    case 'carol-token':
      return carol.headers;
    case 'carol-basic':
      return basic('carol:carol-pass');
    case 'none':
      return {};
    case 'suspended-basic':
      return basic('dave:dave-pass');
    case 'wrong-password':
      return basic('alice:carol-pass');
    case 'garbage-token':
      return { 'x-auth-token': 'garbage', 'x-auth-userid': '102' };
    case 'lone-token':
      return { 'x-auth-token': carol.headers['X-Auth-Token']! };
    case 'binary-basic':
      return basic(Buffer.from([0xff, 0x3a, 0x00, 0xfe]));
    case 'bearer':
      return { authorization: 'Bearer x' };
    case 'huge-token':
      return { 'x-auth-token': 'x'.repeat(12_000), 'x-auth-userid': '104' };
  }
}

const ANY_METHOD = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'PROPFIND',
);

const absurdNumber = fc.constantFrom(
  '-1',
  '0',
  '51',
  '1e309',
  '-0',
  '1.5',
  '0x10',
  '99999999999999999999',
  '9007199254740991',
  'NaN',
  '',
  '%00',
  '%FF',
);

const hostileId = fc.oneof(
  fc.constantFrom(
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '..',
    '%',
    '%ZZ',
    '%C3%28',
    '__proto__',
    'constructor',
    '%20',
    'a'.repeat(300),
    '101_5',
    '0101',
  ),
  absurdNumber,
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** Header values undici sends: visible ASCII and obs-text (no CR, LF or NUL). */
const headerText = fc
  .array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })), {
    maxLength: 40,
  })
  .map((codes) => String.fromCharCode(...codes));

const hostileHeader = (...values: string[]) => fc.oneof(fc.constantFrom(...values), headerText);

/** The JSON shapes the routes read (§2.2, §5.2.3), with wrong types and nulls mixed in. */
type Shape = 'token' | 'query' | 'create' | 'update' | 'any';

function shapeOf(route: Route): Shape {
  const shapes: Record<string, Shape> = {
    tokens: 'token',
    'trackers/:id/artifacts': 'query',
    artifacts: 'create',
    'artifacts/:id': 'update',
  };
  return shapes[route.path] ?? 'any';
}

function shaped(shape: Shape): fc.Arbitrary<unknown> {
  const entry = fc.record(
    {
      field_id: orHostile(fc.constantFrom(...known.fieldIds), fc.jsonValue({ maxDepth: 1 })),
      value: fc.oneof(fc.string(), fc.constantFrom(null, [], {}), fc.jsonValue({ maxDepth: 2 })),
      bind_value_ids: orHostile(
        fc.array(fc.oneof(fc.constantFrom(...known.valueIds), fc.integer())),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    },
    { requiredKeys: ['field_id'] },
  );
  const values = orHostile(fc.array(entry, { maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }));
  switch (shape) {
    case 'token':
      return fc.record(
        {
          username: orHostile(fc.constantFrom('carol', 'alice', 'dave', ''), fc.jsonValue()),
          password: orHostile(fc.constantFrom('carol-pass', 'dave-pass', 'x'), fc.jsonValue()),
        },
        { requiredKeys: [] },
      );
    case 'query':
      return fc.dictionary(
        fc.constantFrom('summary', 'status', 'labels', 'effort', String(known.fieldIds[0]), 'x'),
        fc.oneof(
          fc.string(),
          fc.constantFrom(null, [], 1),
          fc.record({
            operator: orHostile(fc.constant('contains'), fc.jsonValue({ maxDepth: 1 })),
            value: orHostile(fc.constantFrom(...known.valueIds.map(String)), fc.jsonValue()),
          }),
        ),
        { maxKeys: 3 },
      );
    case 'create':
      return fc.record(
        {
          tracker: orHostile(
            fc.record({ id: fc.constantFrom(...known.ids['trackers']!.map(Number)) }),
            fc.jsonValue({ maxDepth: 2 }),
          ),
          values,
        },
        { requiredKeys: [] },
      );
    case 'update':
      return fc.record({ values, comment: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] });
    case 'any':
      return fc.jsonValue();
  }
}

const jsonBody = (shape: Shape) => shaped(shape).map((value) => JSON.stringify(value) ?? 'null');

/**
 * A §4.5 <request> for a creation (with its tracker) or an update: children mirror the JSON keys;
 * entities, DOCTYPEs, other roots, truncation.
 */
function xmlBody(shape: Shape): fc.Arbitrary<string> {
  const text = orHostile(
    fc.constantFrom(...known.fieldIds.map(String), ...known.valueIds.map(String), 'x'),
    fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('&amp;', '&e;', '&#0;', '&#x110000;', '<![CDATA[x]]>', '<', ']]>'),
    ),
  );
  const item = fc
    .tuple(text, text, orHostile(fc.constantFrom('value', 'bind_value_ids'), fc.constant('x')))
    .map(([id, value, key]) => `<item><field_id>${id}</field_id><${key}>${value}</${key}></item>`);
  const document = fc
    .tuple(
      orHostile(fc.constant('request'), fc.constantFrom('artifact', 'REQUEST', 'x:request')),
      fc.array(item, { maxLength: 3 }),
      orHostile(fc.constantFrom(...known.ids['trackers']!), text),
    )
    .map(([root, items, id]) => {
      const tracker = shape === 'create' ? `<tracker><id>${id}</id></tracker>` : '';
      return `<${root}>${tracker}<values>${items.join('')}</values></${root}>`;
    });
  const prolog = orHostile(
    fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>'),
    fc.constantFrom(
      '<!DOCTYPE request [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
      '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    ),
  );
  const cut = orHostile(fc.constant(undefined), fc.nat());
  return fc.tuple(prolog, document, cut).map(([head, body, at]) => {
    const xml = head + body;
    return at === undefined ? xml : xml.slice(0, at % xml.length);
  });
}

/** An rpc/encoded call (§4.1, §4.2) in carol's session, with odd names, namespaces and parts. */
function soapBody(): fc.Arbitrary<string> {
  const operation = orHostile<Pick<SoapOperation, 'name' | 'inputs'>>(
    fc.constantFrom(...SOAP_OPERATIONS),
    fc
      .constantFrom('login', 'logout', 'dropDatabase', 'constructor', '__proto__', 'x')
      .map((name) => ({ name, inputs: [['a', 'xsd:string'] as const] })),
  );
  const hostile = fc.oneof(
    fc.constantFrom('1e309', '-1', '2147483648', '', '<x>1</x>', '&e;', '<![CDATA[101]]>'),
    fc.string({ maxLength: 10 }).map((s) => s.replace(/[<&]/g, '')),
  );
  /** A value of the part's kind (carol's session, an existing id, a login), or a hostile one. */
  const valueFor = (name: string, type: string) =>
    orHostile(
      /session/i.test(name)
        ? fc.constant(CAROL_SESSION)
        : type === 'xsd:int'
          ? fc.constantFrom(...known.ids['projects']!, '1', '3', '4', '104')
          : fc.constantFrom('carol', 'alice', 'carol-pass', 'public', 'x'),
      hostile,
    );
  return fc
    .tuple(
      operation,
      fc.boolean(),
      orHostile(
        fc.constant('http://schemas.xmlsoap.org/soap/envelope/'),
        fc.constantFrom('http://www.w3.org/2003/05/soap-envelope', ''),
      ),
    )
    .chain(([op, typed, ns]) =>
      fc.tuple(...op.inputs.map(([name, type]) => valueFor(name, type))).map((values) => {
        const parts = op.inputs
          .map(([name, type], i) =>
            typed
              ? `<${name} xsi:type="${type}">${values[i]}</${name}>`
              : `<${name}>${values[i]}</${name}>`,
          )
          .join('');
        return (
          `<e:Envelope xmlns:e="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
          `<e:Body><m:${op.name} xmlns:m="urn:x">${parts}</m:${op.name}></e:Body></e:Envelope>`
        );
      }),
    );
}

/** Bodies no route expects: another route's, nested up to 100k deep, binary, text, none. */
function hostileBody(): fc.Arbitrary<string | Uint8Array | undefined> {
  const deep = fc
    .tuple(
      fc.constantFrom(['[', ']'], ['{"a":', '}'], ['<a>', '</a>']),
      fc.integer({ min: 1, max: 100_000 }),
    )
    .map(([[open, close], depth]) => open.repeat(depth) + close.repeat(depth));
  return fc.oneof(
    fc.constantFrom<Shape>('token', 'query', 'create', 'update', 'any').chain(jsonBody),
    fc.constantFrom<Shape>('create', 'update').chain(xmlBody),
    soapBody(),
    deep,
    fc.uint8Array({ maxLength: 2048 }),
    fc.string({ maxLength: 200 }),
    fc.constant(undefined),
  );
}

function hostileQuery(): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.constantFrom('limit', 'offset', 'query', 'wsdl', 'x'),
        fc.oneof(
          absurdNumber,
          fc.string({ maxLength: 8 }).map(encodeURIComponent),
          shaped('query').map((value) => encodeURIComponent(JSON.stringify(value) ?? '')),
        ),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);
}

interface Target {
  method: string;
  path: string;
  body: string | Uint8Array | undefined;
}

/** A route of the table; those that read a body twice as often, with that method mostly. */
function restTarget(): fc.Arbitrary<Target> {
  const reading = REST_ROUTES.filter((r) => r.methods.POST ?? r.methods.PUT);
  return fc
    .oneof(
      { weight: 2, arbitrary: fc.constantFrom(...reading) },
      { weight: 1, arbitrary: fc.constantFrom(...REST_ROUTES) },
    )
    .chain((route) => {
      const own = Object.keys(route.methods);
      const reads = own.filter((m) => m === 'POST' || m === 'PUT');
      const shape = shapeOf(route);
      return fc.record({
        method: orHostile(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...(reads.length ? reads : own)) },
            fc.constantFrom(...own),
          ),
          ANY_METHOD,
        ),
        path: fc
          .tuple(
            orHostile(fc.constant('/api/'), fc.constantFrom('/', '/api//', '/API/')),
            orHostile(
              fc.constantFrom(...(known.ids[route.path.split('/')[0]!] ?? ['1'])),
              hostileId,
            ),
            orHostile(fc.constant(''), fc.constantFrom('/', '/x', '/..', '/%2e%2e')),
            orHostile(fc.constant(''), hostileQuery()),
          )
          .map(
            ([prefix, id, suffix, query]) =>
              `${prefix}${route.path.replace(/:[a-z]+/, id)}${suffix}${query}`,
          ),
        body: orHostile(
          route.xml ? fc.oneof(jsonBody(shape), xmlBody(shape)) : jsonBody(shape),
          hostileBody(),
        ),
      });
    });
}

function soapTarget(): fc.Arbitrary<Target> {
  return fc.record({
    method: orHostile(fc.constant('POST'), ANY_METHOD),
    path: orHostile(
      fc.constantFrom('/soap/project/', '/soap/'),
      fc.constantFrom('/soap/project', '/soap/index.php', '/soap/project/?wsdl', '/soap/project/x'),
    ),
    body: orHostile(soapBody(), hostileBody()),
  });
}

function otherTarget(): fc.Arbitrary<Target> {
  return fc.record({
    method: ANY_METHOD,
    path: fc.constantFrom('/', '/api', '/__conformance/clock', '/%2e%2e/etc/passwd', '/soap/x'),
    body: hostileBody(),
  });
}

function requestArbitrary() {
  const absent = fc.constant(undefined);
  return fc.record({
    target: fc.oneof(
      { weight: 12, arbitrary: restTarget() },
      { weight: 6, arbitrary: soapTarget() },
      { weight: 1, arbitrary: otherTarget() },
    ),
    auth: orHostile(fc.constantFrom<Auth>('carol-token', 'carol-basic'), fc.constantFrom(...AUTHS)),
    /** Absent: the type of the body (typeOf). */
    contentType: orHostile<string | undefined>(
      absent,
      hostileHeader(
        'application/json',
        'application/xml',
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/xml;;;',
      ),
    ),
    accept: orHostile<string | undefined>(
      absent,
      hostileHeader(
        'application/json',
        'application/xml',
        '*/*',
        'text/html',
        'application/xml;q=0, application/json;q=abc',
        ',,,',
      ),
    ),
    ifMatch: orHostile<string | undefined>(absent, hostileHeader('*', '"x"', 'W/"x"', '')),
    ifUnmodifiedSince: orHostile<string | undefined>(
      absent,
      hostileHeader('Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '1e309'),
    ),
    soapAction: orHostile<string | undefined>(
      absent,
      hostileHeader('"urn:x#addProjectMember"', '#', '""'),
    ),
  });
}

type HostileRequest = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer R> ? R : never;

async function send(request: HostileRequest): Promise<Answer> {
  const { method } = request.target;
  const path = request.target.path.replace(CAROL_TOKEN, carol.headers['X-Auth-Token']!);
  const body =
    typeof request.target.body === 'string'
      ? request.target.body.replaceAll(CAROL_SESSION, carolSession)
      : request.target.body;
  const headers: Record<string, string> = { ...authHeaders(request.auth) };
  const contentType = request.contentType ?? typeOf(body, path);
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (request.accept !== undefined) headers['accept'] = request.accept;
  if (request.ifMatch !== undefined) headers['if-match'] = request.ifMatch;
  if (request.ifUnmodifiedSince !== undefined)
    headers['if-unmodified-since'] = request.ifUnmodifiedSince;
  if (request.soapAction !== undefined) headers['soapaction'] = request.soapAction;
  return client.send({ method, path, headers, ...(body === undefined ? {} : { body }) });
}

/** The Content-Type a client would send with this body. */
function typeOf(body: string | Uint8Array | undefined, path: string): string | undefined {
  if (typeof body !== 'string') return undefined;
  if (!body.trimStart().startsWith('<')) return 'application/json';
  return path.startsWith('/soap') ? 'text/xml; charset=utf-8' : 'application/xml';
}

/** The checks on one answer; the state is compared after each run. */
function checkAnswer(request: HostileRequest, answer: Answer): void {
  const { method, path } = request.target;
  const pathname = new URL(path, 'http://placeholder').pathname; // as the server reads it
  expect(answer.text, 'file content in the answer').not.toContain(FILE_CONTENT);
  if (soapServiceOf(pathname)) {
    if (answer.status >= 500) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(500);
      expect(answer.text, 'a SOAP fault').toMatch(
        /<SOAP-ENV:Fault><faultcode>[^<]+<\/faultcode><faultstring>/,
      );
    }
    return;
  }
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
  const write =
    ['PUT', 'DELETE'].includes(method) ||
    (method === 'POST' && /^\/(api\/+)?artifacts\/*$/.test(pathname));
  if (write && answer.status < 300)
    expect(request.auth, 'a write accepted without carol’s credentials').toMatch(/^carol-/);
}

test(`${RUNS} generated hostile requests: each answered, REST below 500, SOAP faults, nothing changed beyond carol's rights`, async () => {
  const initial = beyondCarol(await observer.snapshot());
  await fc.assert(
    fc.asyncProperty(
      fc.array(requestArbitrary(), { minLength: 1, maxLength: 3 }),
      async (requests) => {
        // Compared with the state at the start of the run, so that shrinking (which replays on the
        // state a failed run left) narrows down to requests that change something themselves.
        const before = beyondCarol(await observer.snapshot());
        carol = await tokenCaller(server, 'carol'); // a run may have revoked her tokens
        for (const request of requests) checkAnswer(request, await send(request));
        expect(beyondCarol(await observer.snapshot())).toEqual(before);
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
  expect(beyondCarol(await observer.snapshot())).toEqual(initial);
  expect((await client.send({ path: '/api/projects' })).status).toBe(200);
});
