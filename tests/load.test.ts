/**
 * The reference server under load: 50 concurrent writers on one artifact, then 200
 * concurrent mixed requests. §4.4: of concurrent updates sent with the same If-match exactly one is
 * applied and the others get 412; writers that re-read and retry on 412 lose no update; and no
 * request fails otherwise or stalls (every exchange is bounded by the client's own timeouts).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildRequest } from '../lib/kit/soap/envelope.ts';
import { startReferenceServer, type RunningServer } from '../reference-server/listen.ts';
import { issuesTracker, tokenCaller } from './support/rest-calls.ts';
import { BoundedClient, type Answer, type Exchange } from './support/bounded-client.ts';
import { scalarText } from '../lib/kit/scalar-text.ts';

const WRITERS = 50;
const MIXED = 200;
/** A writer that has not landed its update after this many tries is starved: a failure. */
const MAX_TRIES = 10 * WRITERS;

let server: RunningServer;
let client: BoundedClient;
/** One token per writer, alternately alice's and bob's (both members of the private project). */
let writers: Array<Record<string, string>>;
let issues: Awaited<ReturnType<typeof issuesTracker>>;
let artifact: number;
let aliceSession: string;

beforeAll(async () => {
  server = await startReferenceServer({});
  client = new BoundedClient(server.url);
  writers = await Promise.all(
    Array.from(
      { length: WRITERS },
      async (_, i) => (await tokenCaller(server, i % 2 === 0 ? 'alice' : 'bob')).headers,
    ),
  );
  issues = await issuesTracker(server, { headers: writers[0]! }, 102);
  const created = await client.send(
    json('POST', '/api/artifacts', writers[0]!, {
      tracker: { id: issues.id },
      values: [
        { field_id: issues.summary, value: 'under load' },
        { field_id: issues.details, value: '' },
      ],
    }),
  );
  artifact = (JSON.parse(created.text) as { id: number }).id;
  const login = await client.send(
    soap('/soap/', 'login', ['loginname', 'alice'], ['passwd', 'alice-pass']),
  );
  aliceSession = /<session_hash[^>]*>([0-9a-f]+)</.exec(login.text)![1]!;
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

function json(
  method: 'POST' | 'PUT',
  path: string,
  auth: Record<string, string>,
  body: unknown,
  headers = {},
): Exchange {
  return {
    method,
    path,
    headers: { ...auth, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

function soap(
  path: string,
  operation: string,
  ...parts: Array<[string, string | number]>
): Exchange {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: buildRequest(
      path === '/soap/' ? server.url : `${server.url}/soap/project`,
      operation,
      parts.map(([name, value]) => ({
        name,
        type: typeof value === 'number' ? 'xsd:int' : 'xsd:string',
        value,
      })),
    ),
  };
}

async function read(auth: Record<string, string>) {
  const answer = await client.send({ path: `/api/artifacts/${artifact}`, headers: auth });
  expect(answer.status, answer.text).toBe(200);
  const values = (
    JSON.parse(answer.text) as { values: Array<{ field_id: number; value?: unknown }> }
  ).values;
  const text = (field: number) => scalarText(values.find((v) => v.field_id === field)?.value) ?? '';
  return {
    etag: answer.headers['etag']!,
    summary: text(issues.summary),
    details: text(issues.details),
  };
}

const update = (auth: Record<string, string>, field: number, value: string, etag: string) =>
  client.send(
    json(
      'PUT',
      `/api/artifacts/${artifact}`,
      auth,
      { values: [{ field_id: field, value }] },
      { 'If-match': etag },
    ),
  );

const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>(
    (counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }),
    {},
  );

test(`of ${WRITERS} concurrent updates with the same If-match, exactly one is applied and ${WRITERS - 1} get 412`, async () => {
  const { etag } = await read(writers[0]!);
  const answers = await Promise.all(
    writers.map((auth, i) => update(auth, issues.summary, `written by writer ${i}`, etag)),
  );
  expect(statuses(answers)).toEqual({ 200: 1, 412: WRITERS - 1 });
  const winner = answers.findIndex((a) => a.status === 200);
  const after = await read(writers[0]!);
  expect(after.summary).toBe(`written by writer ${winner}`);
  expect(after.etag).not.toBe(etag);
  expect(answers[winner]!.headers['etag']).toBe(after.etag);
  for (const refused of answers.filter((a) => a.status === 412))
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: 412 } });
});

test(`${WRITERS} writers appending by read-modify-write with If-match, retrying on 412: every append applied exactly once`, async () => {
  const versionBefore = server.app.state.artifacts.get(artifact)!.version;
  const tries = await Promise.all(
    writers.map(async (auth, i) => {
      for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
        const { etag, details } = await read(auth);
        const answer = await update(auth, issues.details, `${details} w${i}`.trim(), etag);
        if (answer.status === 200) return attempt;
        expect(answer.status, answer.text).toBe(412);
      }
      throw new Error(`writer ${i} did not land its update in ${MAX_TRIES} tries`);
    }),
  );
  const appended = (await read(writers[0]!)).details.split(' ');
  expect([...appended].sort()).toEqual(Array.from({ length: WRITERS }, (_, i) => `w${i}`).sort());
  // Each applied update makes one version (§4.4.1): no write was applied twice or lost.
  expect(server.app.state.artifacts.get(artifact)!.version).toBe(versionBefore + WRITERS);
  const total = tries.reduce((sum, n) => sum + n, 0);
  console.info(
    `load: ${WRITERS} appends landed in ${total} tries (${total - WRITERS} answered 412)`,
  );
});

test(`${MIXED} concurrent mixed requests: every one answered as specified, the only refusals 412`, async () => {
  const { etag } = await read(writers[0]!);
  const alice = writers[0]!;
  /** Each kind of request, with the statuses it may get. */
  const kinds: Array<[string, () => Exchange, number[]]> = [
    ['project list', () => ({ path: '/api/projects', headers: alice }), [200]],
    ['tracker list', () => ({ path: '/api/projects/102/trackers', headers: alice }), [200]],
    ['tracker', () => ({ path: `/api/trackers/${issues.id}`, headers: alice }), [200]],
    ['artifact', () => ({ path: `/api/artifacts/${artifact}`, headers: alice }), [200]],
    [
      'artifact as XML',
      () => ({ path: `/artifacts/${artifact}`, headers: { ...alice, accept: 'application/xml' } }),
      [200],
    ],
    [
      'query',
      () =>
        json('POST', `/api/trackers/${issues.id}/artifacts?limit=10&offset=0`, alice, {
          summary: { operator: 'contains', value: 'writer' },
        }),
      [200],
    ],
    [
      'query parameter',
      () => ({
        path: `/api/trackers/${issues.id}/artifacts?query=${encodeURIComponent('{"summary":"load"}')}`,
        headers: alice,
      }),
      [200],
    ],
    [
      'SOAP services',
      () =>
        soap(
          '/soap/project/',
          'getProjectServicesUsage',
          ['session_key', aliceSession],
          ['group_id', 102],
        ),
      [200],
    ],
    [
      'SOAP description fields',
      () =>
        soap(
          '/soap/project/',
          'getProjectDescriptionFieldsValue',
          ['session_key', aliceSession],
          ['group_id', 102],
        ),
      [200],
    ],
    // §4.4.2–3: the Etag read before the burst; the first of these to run may apply.
    [
      'update with If-match',
      () =>
        json(
          'PUT',
          `/api/artifacts/${artifact}`,
          alice,
          { values: [{ field_id: issues.effort, value: '7' }] },
          { 'If-match': etag },
        ),
      [200, 412],
    ],
    // §4.4.4: no header, no check.
    [
      'update without header',
      () =>
        json('PUT', `/api/artifacts/${artifact}`, alice, {
          values: [{ field_id: issues.summary, value: 'mixed' }],
        }),
      [200],
    ],
  ];
  const sent = Array.from({ length: MIXED }, (_, i) => kinds[i % kinds.length]!);
  const answers = await Promise.all(sent.map(([, request]) => client.send(request())));
  const unexpected = answers
    .map((answer, i) => ({
      kind: sent[i]![0],
      allowed: sent[i]![2],
      status: answer.status,
      text: answer.text,
    }))
    .filter(({ allowed, status }) => !allowed.includes(status));
  expect(unexpected).toEqual([]);
  for (const [i, answer] of answers.entries())
    if (sent[i]![0].startsWith('SOAP')) expect(answer.text).not.toContain('Fault');
  console.info(`load: ${MIXED} mixed requests, statuses ${JSON.stringify(statuses(answers))}`);
  expect((await client.send({ path: '/api/projects' })).status).toBe(200);
});
