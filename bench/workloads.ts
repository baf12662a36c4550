/**
 * The three requests measured on the reference server, and what they need: a REST token and a SOAP
 * session of the seeded project admin (alice), and artifacts in the seeded public project's tracker.
 */
import { request } from 'undici';
import { buildRequest } from '../lib/soap/envelope.ts';
import type { LoadRequest } from './load.ts';

/** Seeded (README, "Seeded accounts" and "Seeded projects"). */
const ACCOUNT = { username: 'alice', password: 'alice-pass' };
const PUBLIC_PROJECT = 101;
/** Artifacts created in the tracker before measuring: the query answers a page of them. */
const ARTIFACTS = 40;

export interface Workload {
  name: string;
  request: LoadRequest;
}

interface Field {
  field_id: number;
  name: string;
  type: string;
  values: Array<{ id: number; label: string }> | null;
}

async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  const answer = await request(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return { status: answer.statusCode, text: await answer.body.text() };
}

async function json<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  value?: unknown,
): Promise<T> {
  const body = value === undefined ? undefined : JSON.stringify(value);
  const answer = await call(
    base,
    method,
    path,
    { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body,
  );
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return JSON.parse(answer.text) as T;
}

/** Prepares the reference server at `base` and returns the three measured requests. */
export async function prepareWorkloads(base: string): Promise<Workload[]> {
  const { token, user_id } = await json<{ token: string; user_id: string }>(
    base,
    'POST',
    '/api/tokens',
    {},
    ACCOUNT,
  );
  const auth = { 'x-auth-token': token, 'x-auth-userid': String(user_id) };
  const [first] = await json<Array<{ id: number }>>(
    base,
    'GET',
    `/api/projects/${PUBLIC_PROJECT}/trackers`,
    auth,
  );
  if (!first) throw new Error(`project ${PUBLIC_PROJECT} has no tracker`);
  const tracker = await json<{ id: number; fields: Field[] }>(
    base,
    'GET',
    `/api/trackers/${first.id}`,
    auth,
  );
  const summary = tracker.fields.find((f) => f.type === 'string');
  const status = tracker.fields.find((f) => f.type === 'sb' && (f.values?.length ?? 0) >= 2);
  if (!summary || !status) throw new Error(`tracker ${tracker.id} lacks a string or an sb field`);
  const statusValues = status.values!;
  let artifactId = 0;
  for (let i = 0; i < ARTIFACTS; i++) {
    const created = await json<{ id: number }>(base, 'POST', '/api/artifacts', auth, {
      tracker: { id: tracker.id },
      values: [
        { field_id: summary.field_id, value: `bench artifact ${i}` },
        { field_id: status.field_id, bind_value_ids: [statusValues[i % 2]!.id] },
      ],
    });
    artifactId = created.id;
  }

  const login = await call(
    base,
    'POST',
    '/soap/',
    { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${base}#login"` },
    buildRequest(base, 'login', [
      { name: 'loginname', type: 'xsd:string', value: ACCOUNT.username },
      { name: 'passwd', type: 'xsd:string', value: ACCOUNT.password },
    ]),
  );
  const sessionKey = /<session_hash[^>]*>([^<]+)<\/session_hash>/.exec(login.text)?.[1];
  if (login.status !== 200 || sessionKey === undefined)
    throw new Error(`SOAP login: ${login.status} ${login.text.slice(0, 300)}`);
  const namespace = `${base}/soap/project`;

  return [
    {
      name: 'REST GET /api/artifacts/:id (JSON)',
      request: { method: 'GET', path: `/api/artifacts/${artifactId}`, headers: auth },
    },
    {
      name: 'REST POST /api/trackers/:id/artifacts (query)',
      request: {
        method: 'POST',
        path: `/api/trackers/${tracker.id}/artifacts`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          [status.name]: { operator: 'contains', value: String(statusValues[0]!.id) },
        }),
      },
    },
    {
      name: 'SOAP getProjectServicesUsage (array)',
      request: {
        method: 'POST',
        path: '/soap/project/',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          soapaction: `"${namespace}#getProjectServicesUsage"`,
        },
        body: buildRequest(namespace, 'getProjectServicesUsage', [
          { name: 'session_key', type: 'xsd:string', value: sessionKey },
          { name: 'group_id', type: 'xsd:int', value: PUBLIC_PROJECT },
        ]),
      },
    },
  ];
}
