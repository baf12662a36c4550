/**
 * For the REST HTTP tests (reference-server/rest/*.test.ts and tests/): a reference server on an
 * ephemeral port and small request helpers. Test code, so it lives with the other test support.
 */
import { startReferenceServer, type RunningServer } from '../../reference-server/listen.ts';

export interface Caller {
  headers: Record<string, string>;
}

export const ANONYMOUS: Caller = { headers: {} };

export async function startRest(): Promise<RunningServer> {
  return startReferenceServer({ testControl: true });
}

export async function tokenCaller(server: RunningServer, username: string): Promise<Caller> {
  const answer = await fetch(`${server.url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: `${username}-pass` }),
  });
  const { user_id, token } = (await answer.json()) as { user_id: string; token: string };
  return { headers: { 'X-Auth-Token': token, 'X-Auth-UserId': user_id } };
}

export function basicCaller(username: string, password = `${username}-pass`): Caller {
  return {
    headers: {
      Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    },
  };
}

export async function call(
  server: RunningServer,
  caller: Caller,
  method: string,
  path: string,
  options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; text: string; json: <T = unknown>() => T }> {
  const headers: Record<string, string> = { ...caller.headers, ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const answer = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await answer.text();
  return {
    status: answer.status,
    headers: answer.headers,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

/** The seeded Issues tracker of a project and its field and value ids, found over REST. */
export async function issuesTracker(server: RunningServer, caller: Caller, projectId: number) {
  const trackers = (await call(server, caller, 'GET', `/api/projects/${projectId}/trackers`)).json<
    Array<{
      id: number;
      fields: Array<{ field_id: number; name: string; values: Array<{ id: number }> | null }>;
    }>
  >();
  const tracker = trackers[0]!;
  const field = (name: string) => tracker.fields.find((f) => f.name === name)!;
  return {
    id: tracker.id,
    summary: field('summary').field_id,
    details: field('details').field_id,
    effort: field('effort').field_id,
    status: field('status').field_id,
    statusValues: field('status').values!.map((v) => v.id),
    labels: field('labels').field_id,
    labelValues: field('labels').values!.map((v) => v.id),
  };
}
