/**
 * The REST routes as a whole: discovery by links (§1), the un-prefixed forms (§4.3), methods and
 * Allow, the error shape, the query routes, and SOAP effects seen over REST (one domain).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient } from '../../lib/kit/clients/http.ts';
import { Transcript } from '../../lib/kit/clients/transcript.ts';
import { SoapClient } from '../../lib/kit/soap/client.ts';
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
beforeAll(async () => {
  server = await startRest();
  alice = await tokenCaller(server, 'alice');
});
afterAll(() => server.close());

describe('discovery (§1) and the route forms (§4.3)', () => {
  test('every uri reached from /api/projects resolves, down to the artifacts', async () => {
    const issues = await issuesTracker(server, alice, 101);
    await call(server, alice, 'POST', '/artifacts', {
      json: { tracker: { id: issues.id }, values: [] },
    });
    const seen = new Set<string>();
    const queue = ['projects'];
    while (queue.length > 0) {
      const uri = queue.shift()!;
      if (seen.has(uri)) continue;
      seen.add(uri);
      const answer = await call(server, alice, 'GET', `/api/${uri}`);
      expect(answer.status, `GET /api/${uri}`).toBe(200);
      queue.push(...urisIn(answer.json()));
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'projects/101',
        'projects/101/trackers',
        `trackers/${issues.id}`,
        `trackers/${issues.id}/artifacts`,
        'artifacts/1',
        'users/102',
      ]),
    );
  });

  test('each route answers the same with and without /api', async () => {
    for (const path of ['projects', 'projects/101', 'projects/101/trackers', 'trackers/1']) {
      const [prefixed, bare] = await Promise.all([
        call(server, alice, 'GET', `/api/${path}`),
        call(server, alice, 'GET', `/${path}`),
      ]);
      expect(bare.status).toBe(200);
      expect(bare.text).toBe(prefixed.text);
    }
  });

  test('the project representation is exactly §2.2 plus additional_informations', async () => {
    const project = (await call(server, ANONYMOUS, 'GET', '/api/projects/101')).json();
    expect(project).toEqual({
      id: 101,
      uri: 'projects/101',
      label: 'Public Project',
      shortname: 'public-project',
      resources: [
        { type: 'trackers', uri: 'projects/101/trackers' },
        { type: 'user_groups', uri: 'projects/101/user_groups' },
      ],
      additional_informations: {},
    });
  });
});

describe('methods, errors and limits', () => {
  test('a wrong method answers 405 with Allow; OPTIONS answers the Allow list; HEAD is served', async () => {
    const wrong = await call(server, alice, 'DELETE', '/api/artifacts/1');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, PUT, HEAD, OPTIONS');
    expect(wrong.json<{ error: { code: number } }>().error.code).toBe(405);
    const options = await call(server, ANONYMOUS, 'OPTIONS', '/api/projects');
    expect([options.status, options.headers.get('allow')]).toEqual([200, 'GET, HEAD, OPTIONS']);
    const head = await call(server, ANONYMOUS, 'HEAD', '/api/projects');
    expect([head.status, head.text, head.headers.get('x-pagination-size')]).toEqual([200, '', '1']);
  });

  test.each([
    ['GET', '/api/nothing', 404],
    ['GET', '/api/projects/999999', 404],
    ['GET', '/api/projects/abc', 400],
    ['GET', '/api/projects/..%2F..%2Fetc%2Fpasswd', 400],
    ['GET', '/api/trackers/999999', 404],
    ['GET', '/api/user_groups/999999_3', 404],
    ['GET', '/api/user_groups/abc', 400],
    ['GET', '/api/users/999999', 404],
  ])('%s %s → %i with {"error":{"code","message"}}', async (method, path, status) => {
    const answer = await call(server, alice, method, path);
    expect(answer.status).toBe(status);
    expect(answer.json()).toEqual({ error: { code: status, message: expect.any(String) } });
  });

  test('the user-group routes need authentication (the real system: 401)', async () => {
    for (const path of [
      '/api/projects/101/user_groups',
      '/api/user_groups/101_3/users',
      '/api/users/102',
    ])
      expect((await call(server, ANONYMOUS, 'GET', path)).status, path).toBe(401);
  });

  test('a body over 1 MiB answers 413 and the server keeps serving', async () => {
    const answer = await call(server, alice, 'POST', '/artifacts', {
      body: `{"values":"${'x'.repeat(1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect((await call(server, alice, 'GET', '/api/projects')).status).toBe(200);
  });
});

describe('the artifact query (§2.2, §4.3)', () => {
  test("POST with 'contains' and the GET ?query= form select the same artifacts", async () => {
    const issues = await issuesTracker(server, alice, 102);
    const [bug, feature] = issues.labelValues;
    const ids: number[] = [];
    for (const labels of [[bug], [bug, feature], [feature], []]) {
      const created = await call(server, alice, 'POST', '/artifacts', {
        json: {
          tracker: { id: issues.id },
          values: [{ field_id: issues.labels, bind_value_ids: labels }],
        },
      });
      ids.push(created.json<{ id: number }>().id);
    }
    const body = { labels: { operator: 'contains', value: String(bug) } };
    const posted = await call(server, alice, 'POST', `/api/trackers/${issues.id}/artifacts`, {
      json: body,
    });
    expect(posted.json<Array<{ id: number }>>().map((a) => a.id)).toEqual([ids[0], ids[1]]);
    const got = await call(
      server,
      alice,
      'GET',
      `/api/trackers/${issues.id}/artifacts?query=${encodeURIComponent(JSON.stringify(body))}`,
    );
    expect(got.text).toBe(posted.text);
    expect(
      (
        await call(server, ANONYMOUS, 'POST', `/api/trackers/${issues.id}/artifacts`, {
          json: body,
        })
      ).status,
    ).toBe(401);
    const unknown = await call(server, alice, 'POST', `/api/trackers/${issues.id}/artifacts`, {
      json: { nope: body.labels },
    });
    expect(unknown.status).toBe(400);
  });
});

describe('one domain: SOAP effects are seen over REST', () => {
  test('a project created over SOAP is listed with its trackers; membership changes show in user groups', async () => {
    const http = new HttpClient(server.url, new Transcript(), 5000);
    const login = SoapClient.login(http);
    const key = async (user: string) => {
      const answer = await login.raw('login', [
        { name: 'loginname', type: 'xsd:string', value: user },
        { name: 'passwd', type: 'xsd:string', value: `${user}-pass` },
      ]);
      return (answer.value as { session_hash: string }).session_hash;
    };
    const [aliceKey, adminKey] = await Promise.all([key('alice'), key('admin')]);
    const soap = SoapClient.project(http);
    const created = await soap.call('addProject', {
      sessionKey: aliceKey,
      adminSessionKey: adminKey,
      shortName: 'rest-visible',
      publicName: 'REST Visible',
      privacy: 'private',
      templateId: 100,
    });
    const id = created.value as number;
    const project = await call(server, alice, 'GET', `/api/projects/${id}`);
    expect(project.json()).toMatchObject({ id, shortname: 'rest-visible', label: 'REST Visible' });
    expect((await call(server, ANONYMOUS, 'GET', `/api/projects/${id}`)).status, 'private').toBe(
      401,
    );
    expect(
      (await call(server, alice, 'GET', `/api/projects/${id}/trackers`)).json<unknown[]>(),
    ).toHaveLength(1);
    const members = async () =>
      (await call(server, alice, 'GET', `/api/user_groups/${id}_3/users`))
        .json<Array<{ username: string }>>()
        .map((u) => u.username);
    expect(await members()).toEqual(['alice']);
    await soap.call('addProjectMember', { sessionKey: aliceKey, groupId: id, userLogin: 'bob' });
    expect(await members()).toEqual(['alice', 'bob']);
  });
});

function urisIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(urisIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    (key === 'uri' || key === 'users_uri') && typeof v === 'string' ? [v] : urisIn(v),
  );
}
