/**
 * The requests measured on the reference server, and what they need: a REST token and a SOAP
 * session of the seeded project admin (alice), and artifacts in the seeded public project's tracker.
 * Each is sent once and its answer checked before it is measured: a benchmark of error pages or
 * SOAP faults would measure the wrong thing.
 */
import { request } from 'undici';
import { buildRequest } from '../lib/kit/soap/envelope.ts';
import type { Part } from '../lib/kit/soap/envelope.ts';
import type { LoadRequest } from './load.ts';

/** Seeded (docs/reference-server.md, "Seeded accounts" and "Seeded projects"). */
const ACCOUNT = { username: 'alice', password: 'alice-pass' };
const PUBLIC_PROJECT = 101;
/**
 * addProjectMember of a member is fault 3100 (the real system, docs/real-system.md, "SOAP faults":
 * "User is already a
 * member"; §7.1 does not list it), so it is measured as add then remove of the same (project,
 * login), each pair on a connection of its own: alice's two projects, two non-members
 * (docs/reference-server.md, "Seeded projects").
 */
const MEMBERSHIP_PAIRS = [
  [101, 'carol'],
  [101, 'admin'],
  [102, 'carol'],
  [102, 'admin'],
] as const;
/** Artifacts created in the tracker before measuring: the query answers a page of them. */
const ARTIFACTS = 40;

export interface Workload {
  name: string;
  /**
   * One sequence, sent in turn by every connection; or one per connection, in order (wrk then
   * runs as many threads and connections as sequences).
   */
  sequences: LoadRequest[][];
  /** Brings the server back to the state the sequences start from: before each sample. */
  reset?: () => Promise<void>;
  /** The goal: the least throughput, as a share of the bare server's; none if absent. */
  minRatio?: number;
  /** Leaves nothing behind on the server (no token, no member): in the RSS part's mix. */
  stateless: boolean;
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

/** A SOAP call of the project endpoint, as the harness's client writes it. */
function soapCall(base: string, operation: string, parts: Part[]): LoadRequest {
  const namespace = `${base}/soap/project`;
  return {
    method: 'POST',
    path: '/soap/project/',
    headers: {
      'content-type': 'text/xml; charset=utf-8',
      soapaction: `"${namespace}#${operation}"`,
    },
    body: buildRequest(namespace, operation, parts),
  };
}

/** Sends `r` once; its answer must have the expected status and, for SOAP, no fault. */
async function probe(base: string, r: LoadRequest): Promise<string> {
  const answer = await call(base, r.method, r.path, r.headers ?? {}, r.body);
  if (answer.status !== (r.status ?? 200) || answer.text.includes(':Fault>'))
    throw new Error(`${r.method} ${r.path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.text;
}

/** Prepares the reference server at `base` and returns the measured requests, each probed once. */
export async function prepareWorkloads(base: string): Promise<Workload[]> {
  const credentials: LoadRequest = {
    method: 'POST',
    path: '/api/tokens',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  };
  const { token, user_id } = JSON.parse(await probe(base, credentials)) as {
    token: string;
    user_id: string;
  };
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
  const session: Part = { name: 'sessionKey', type: 'xsd:string', value: sessionKey };
  const membership = MEMBERSHIP_PAIRS.map(([groupId, login]) => {
    const parts: Part[] = [
      session,
      { name: 'groupId', type: 'xsd:int', value: groupId },
      { name: 'userLogin', type: 'xsd:string', value: login },
    ];
    return [
      soapCall(base, 'addProjectMember', parts),
      soapCall(base, 'removeProjectMember', parts),
    ];
  });
  /** Removes every pair's member: a sample may stop between an add and its remove. */
  const resetMembership = async () => {
    for (const [, remove] of membership) {
      const answer = await call(base, remove!.method, remove!.path, remove!.headers!, remove!.body);
      if (answer.status !== 200 && !answer.text.includes('<faultcode>3203</faultcode>'))
        throw new Error(`removeProjectMember: ${answer.status} ${answer.text.slice(0, 300)}`);
    }
  };

  const one = (name: string, r: LoadRequest, goal: Partial<Workload> = {}): Workload => ({
    name,
    sequences: [[r]],
    stateless: true,
    ...goal,
  });
  const workloads: Workload[] = [
    one(
      'REST GET /api/artifacts/:id (JSON)',
      {
        method: 'GET',
        path: `/api/artifacts/${artifactId}`,
        headers: auth,
      },
      { minRatio: 0.6 },
    ),
    one(
      'REST POST /api/trackers/:id/artifacts (query, a page of 10)',
      {
        method: 'POST',
        path: `/api/trackers/${tracker.id}/artifacts`,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          [status.name]: { operator: 'contains', value: String(statusValues[0]!.id) },
        }),
      },
      { minRatio: 0.5 },
    ),
    // Each answer is a new token, kept for its lifetime (§8): not in the RSS mix.
    one('REST POST /api/tokens', credentials, { stateless: false }),
    one(
      'SOAP getProjectServicesUsage (array)',
      soapCall(base, 'getProjectServicesUsage', [
        { name: 'session_key', type: 'xsd:string', value: sessionKey },
        { name: 'group_id', type: 'xsd:int', value: PUBLIC_PROJECT },
      ]),
      { minRatio: 0.35 },
    ),
    {
      name: 'SOAP addProjectMember, then removeProjectMember',
      sequences: membership,
      reset: resetMembership,
      stateless: false,
    },
  ];
  // Every request once, in order, on a quiet server: each must succeed.
  for (const w of workloads) {
    await w.reset?.();
    for (const sequence of w.sequences) for (const r of sequence) await probe(base, r);
  }
  return workloads;
}
