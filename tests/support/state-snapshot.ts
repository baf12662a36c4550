/**
 * The reference server's state as a client sees it, read over the wire by the site admin: every
 * project (the template included) with its trackers, artifacts (body, Etag, Last-Modified), user
 * groups and their members over REST, and its services, description field values and generic user
 * over SOAP. Two snapshots are equal when no request changed anything a client can observe.
 */
import { buildRequest } from '../../lib/kit/soap/envelope.ts';
import { soapOperation } from '../../spec/soap-operations.ts';
import { BoundedClient, type Answer } from './bounded-client.ts';

const ADMIN = { username: 'admin', password: 'admin-pass' };
const TEMPLATE_PROJECT_ID = 100;

export interface ProjectState {
  project: unknown;
  trackers: unknown;
  artifacts: Array<{ body: unknown; etag: string | undefined; lastModified: string | undefined }>;
  userGroups: Array<{ group: unknown; users: unknown }>;
  soap: Record<string, string>;
}

export type StateSnapshot = Record<number, ProjectState>;

export class StateObserver {
  private constructor(
    private readonly client: BoundedClient,
    private readonly sessionKey: string,
  ) {}

  static async open(baseUrl: string): Promise<StateObserver> {
    const client = new BoundedClient(baseUrl);
    const answer = await client.send({
      method: 'POST',
      path: '/soap/',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: buildRequest(baseUrl, 'login', [
        { name: 'loginname', type: 'xsd:string', value: ADMIN.username },
        { name: 'passwd', type: 'xsd:string', value: ADMIN.password },
      ]),
    });
    const key = /<session_hash[^>]*>([0-9a-f]+)</.exec(answer.text)?.[1];
    if (key === undefined) throw new Error(`admin SOAP login failed: ${answer.text.slice(0, 200)}`);
    return new StateObserver(client, key);
  }

  /** Projects are read one at a time: a snapshot is a few dozen small requests. */
  async snapshot(): Promise<StateSnapshot> {
    const listed = await this.collection<{ id: number }>('/api/projects');
    const state: StateSnapshot = {};
    for (const id of [TEMPLATE_PROJECT_ID, ...listed.map((p) => p.id)])
      state[id] = await this.project(id);
    return state;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  private async project(id: number): Promise<ProjectState> {
    const trackers = await this.collection<{ id: number }>(`/api/projects/${id}/trackers`);
    const artifacts: ProjectState['artifacts'] = [];
    for (const tracker of trackers)
      for (const { id: artifactId } of await this.collection<{ id: number }>(
        `/api/trackers/${tracker.id}/artifacts`,
      )) {
        const answer = await this.get(`/api/artifacts/${artifactId}`);
        artifacts.push({
          body: JSON.parse(answer.text),
          etag: answer.headers['etag'],
          lastModified: answer.headers['last-modified'],
        });
      }
    const userGroups: ProjectState['userGroups'] = [];
    for (const group of await this.collection<{ id: string }>(`/api/projects/${id}/user_groups`))
      userGroups.push({
        group,
        users: await this.collection(`/api/user_groups/${group.id}/users`),
      });
    const soap: Record<string, string> = {};
    for (const operation of [
      'getProjectServicesUsage',
      'getProjectDescriptionFieldsValue',
      'getProjectGenericUser',
    ])
      soap[operation] = await this.soapCall(operation, id);
    return {
      project: JSON.parse((await this.get(`/api/projects/${id}`)).text),
      trackers,
      artifacts,
      userGroups,
      soap,
    };
  }

  private async get(path: string): Promise<Answer> {
    const answer = await this.client.send({
      path,
      headers: {
        authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`,
      },
    });
    if (answer.status !== 200)
      throw new Error(`snapshot: GET ${path} answered ${answer.status}: ${answer.text}`);
    return answer;
  }

  /** Every page of a paginated collection (§8: offset = previous offset + limit). */
  private async collection<T = unknown>(path: string): Promise<T[]> {
    const items: T[] = [];
    for (let offset = 0; ; offset += 50) {
      const answer = await this.get(`${path}?limit=50&offset=${offset}`);
      items.push(...(JSON.parse(answer.text) as T[]));
      if (offset + 50 >= Number(answer.headers['x-pagination-size'] ?? 0)) return items;
    }
  }

  /** The answer's Body (a value or a fault), as text: equal answers, equal state. */
  private async soapCall(operation: string, projectId: number): Promise<string> {
    const [first, second] = soapOperation(operation).inputs;
    const answer = await this.client.send({
      method: 'POST',
      path: '/soap/project/',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: buildRequest(`${this.client.baseUrl}/soap/project`, operation, [
        { name: first![0], type: 'xsd:string', value: this.sessionKey },
        { name: second![0], type: 'xsd:int', value: projectId },
      ]),
    });
    const body = /<SOAP-ENV:Body>([\s\S]*)<\/SOAP-ENV:Body>/.exec(answer.text)?.[1];
    if (body === undefined)
      throw new Error(`snapshot: ${operation} answered no SOAP Body: ${answer.text.slice(0, 200)}`);
    return `${answer.status} ${body}`;
  }
}
