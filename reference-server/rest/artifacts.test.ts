/** §4.3 and §4.4 over the wire: create, read back, update, 412, overwrite, one winner of many. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../listen.ts';
import {
  ANONYMOUS,
  call,
  issuesTracker,
  startRest,
  tokenCaller,
  type Caller,
} from '../../tests/support/rest-calls.ts';

let server: RunningServer;
let alice: Caller;
let carol: Caller;
let issues: Awaited<ReturnType<typeof issuesTracker>>;
beforeAll(async () => {
  server = await startRest();
  [alice, carol] = await Promise.all([tokenCaller(server, 'alice'), tokenCaller(server, 'carol')]);
  issues = await issuesTracker(server, alice, 102);
});
afterAll(() => server.close());

interface ArtifactBody {
  id: number;
  values: Array<{ field_id: number; value?: unknown; bind_value_ids?: number[] }>;
}

async function create(summary: string, caller = alice, path = '/api/artifacts') {
  return call(server, caller, 'POST', path, {
    json: { tracker: { id: issues.id }, values: [{ field_id: issues.summary, value: summary }] },
  });
}

async function read(id: number) {
  const answer = await call(server, alice, 'GET', `/api/artifacts/${id}`);
  const body = answer.json<ArtifactBody>();
  const summary = body.values.find((v) => v.field_id === issues.summary)?.value;
  return {
    answer,
    body,
    summary,
    etag: answer.headers.get('etag')!,
    lastModified: answer.headers.get('last-modified')!,
  };
}

const put = (id: number, summary: string, headers: Record<string, string> = {}) =>
  call(server, alice, 'PUT', `/artifacts/${id}`, {
    json: { values: [{ field_id: issues.summary, value: summary }] },
    headers,
  });

describe('POST /artifacts and GET /artifacts/<id>', () => {
  test('creates with every field type and reads each value back', async () => {
    const created = await call(server, alice, 'POST', '/artifacts', {
      json: {
        tracker: { id: issues.id },
        values: [
          { field_id: issues.summary, value: 'Crash' },
          { field_id: issues.details, value: 'Steps:\n1. <open>' },
          { field_id: issues.effort, value: '3' },
          { field_id: issues.status, bind_value_ids: [issues.statusValues[1]] },
          {
            field_id: issues.labels,
            bind_value_ids: [issues.labelValues[0], issues.labelValues[2]],
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { id, uri } = created.json<{ id: number; uri: string }>();
    expect(uri).toBe(`artifacts/${id}`);
    expect(created.headers.get('location')).toBe(`${server.url}/api/artifacts/${id}`);
    const { body, etag, lastModified } = await read(id);
    expect(created.headers.get('etag')).toBe(etag);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    expect(body.values).toEqual([
      { field_id: issues.summary, type: 'string', label: 'Summary', value: 'Crash' },
      {
        field_id: issues.details,
        type: 'text',
        label: 'Details',
        value: 'Steps:\n1. <open>',
        format: 'text',
      },
      { field_id: issues.effort, type: 'int', label: 'Effort', value: 3 },
      expect.objectContaining({
        field_id: issues.status,
        bind_value_ids: [issues.statusValues[1]],
      }),
      expect.objectContaining({
        field_id: issues.labels,
        bind_value_ids: [issues.labelValues[0], issues.labelValues[2]],
      }),
    ]);
  });

  test.each([
    [{ values: [] }, 400, 'tracker must be an object'],
    [{ tracker: { id: 9999 }, values: [] }, 400, 'tracker 9999 does not exist'],
    [{ tracker: { id: 'x' }, values: [] }, 400, 'integer id'],
    [{ tracker: { id: 1 }, values: [], extra: 1 }, 400, "unknown member 'extra'"],
    ['values-not-array', 400, 'values must be an array'],
    ['unknown-field', 400, 'Unknown field'],
    ['bad-bind', 400, 'not one of its bind value ids'],
  ])('refuses %j with %i and creates nothing', async (given, status, message) => {
    const before = (
      await call(server, alice, 'POST', `/api/trackers/${issues.id}/artifacts`, { json: {} })
    ).headers.get('x-pagination-size');
    const body =
      given === 'values-not-array'
        ? { tracker: { id: issues.id }, values: {} }
        : given === 'unknown-field'
          ? { tracker: { id: issues.id }, values: [{ field_id: 1, value: 'x' }] }
          : given === 'bad-bind'
            ? {
                tracker: { id: issues.id },
                values: [{ field_id: issues.status, bind_value_ids: [issues.labelValues[0]] }],
              }
            : given;
    const answer = await call(server, alice, 'POST', '/artifacts', { json: body });
    expect(answer.status).toBe(status);
    expect(answer.json<{ error: { message: string } }>().error.message).toContain(message);
    const after = (
      await call(server, alice, 'POST', `/api/trackers/${issues.id}/artifacts`, { json: {} })
    ).headers.get('x-pagination-size');
    expect(after).toBe(before);
  });

  test('needs an authenticated user who can see the project: 401 anonymous, 403 outsider', async () => {
    expect((await create('x', ANONYMOUS)).status).toBe(401);
    expect((await create('x', carol)).status).toBe(403);
  });

  test('malformed JSON and unsupported body types are refused', async () => {
    const bad = await call(server, alice, 'POST', '/artifacts', {
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const text = await call(server, alice, 'POST', '/artifacts', {
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  test('an unknown artifact is 404, a non-numeric id 400', async () => {
    expect((await call(server, alice, 'GET', '/api/artifacts/999999')).status).toBe(404);
    expect((await call(server, alice, 'GET', '/api/artifacts/abc')).status).toBe(400);
  });
});

describe('PUT /artifacts/<id> and §4.4 concurrency', () => {
  test('a fresh If-match applies the update, answers the updated artifact and a new Etag', async () => {
    const { id } = (await create('one')).json<{ id: number }>();
    const { etag } = await read(id);
    const answer = await put(id, 'two', { 'If-match': etag });
    expect(answer.status).toBe(200);
    expect(
      answer.json<ArtifactBody>().values.find((v) => v.field_id === issues.summary)?.value,
    ).toBe('two');
    const after = await read(id);
    expect(after.summary).toBe('two');
    expect(after.etag).not.toBe(etag);
    expect(answer.headers.get('etag')).toBe(after.etag);
  });

  test('a stale If-match or If-Unmodified-Since answers 412 and changes nothing', async () => {
    const { id } = (await create('one')).json<{ id: number }>();
    const stale = await read(id);
    expect((await put(id, 'two')).status).toBe(200);
    const current = await read(id);
    const attempts: Array<Record<string, string>> = [
      { 'If-match': stale.etag },
      { 'If-Unmodified-Since': stale.lastModified },
      { 'If-Unmodified-Since': 'Mon, 05 Mar 2001 14:14:55 GMT' },
      { 'If-match': 'one empty bottle' },
    ];
    for (const headers of attempts) {
      const answer = await put(id, 'three', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(412);
      expect(answer.json<{ error: { code: number } }>().error.code).toBe(412);
    }
    const after = await read(id);
    expect(after.summary).toBe('two');
    expect(after.etag).toBe(current.etag);
  });

  test('a fresh If-Unmodified-Since applies; no header overwrites without a check', async () => {
    const { id } = (await create('one')).json<{ id: number }>();
    expect(
      (await put(id, 'two', { 'If-Unmodified-Since': (await read(id)).lastModified })).status,
    ).toBe(200);
    expect((await put(id, 'three')).status).toBe(200);
    expect((await read(id)).summary).toBe('three');
  });

  test('of 50 concurrent PUTs with one Etag exactly one is applied, the others answer 412', async () => {
    const { id } = (await create('start')).json<{ id: number }>();
    const { etag } = await read(id);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => put(id, `writer ${i}`, { 'If-match': etag })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await read(id)).summary).toBe(`writer ${winner}`);
  });

  test('an invalid update is refused with 400 and changes nothing; an outsider gets 403', async () => {
    const { id } = (await create('one')).json<{ id: number }>();
    const bad = await call(server, alice, 'PUT', `/artifacts/${id}`, {
      json: { values: [{ field_id: issues.effort, value: 'many' }] },
    });
    expect(bad.status).toBe(400);
    expect((await call(server, alice, 'PUT', `/artifacts/${id}`, { json: {} })).status).toBe(400);
    expect(
      (await call(server, carol, 'PUT', `/artifacts/${id}`, { json: { values: [] } })).status,
    ).toBe(403);
    expect((await read(id)).summary).toBe('one');
  });

  test('an update that changes nothing keeps the Etag (the real system)', async () => {
    const { id } = (await create('same')).json<{ id: number }>();
    const { etag } = await read(id);
    const answer = await put(id, 'same', { 'If-match': etag });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe(etag);
  });
});
