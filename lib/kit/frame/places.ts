/**
 * The places of a frame (frame.ts): a project's user groups' users, read through the real system's
 * routes GET /api/projects/<id>/user_groups and GET /api/user_groups/<id>/users (§4.2 lists no
 * user group's users), its services (getProjectServicesUsage) and its description values
 * (getProjectDescriptionFieldsValue). Read as the site admin, else as the first account allowed;
 * a place no account can read is left out, and said so in what was sampled.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import { basicAuthorization, readPage, readWhole } from '../rest/whole-collection.ts';
import type { Role } from '../../target/profile.ts';
import type { FramePart } from './frame.ts';

const READERS: readonly Role[] = ['siteAdmin', 'projectAdmin', 'projectMember'];

/**
 * The users of each user group of `project` (their user ids), as parts; `only`: the users the
 * parts keep (the others' entries are not judged, e.g. a generic user another suite adds). None
 * when the target does not list the project's user groups.
 */
export async function userGroupParts(
  ctx: ConformanceContext,
  project: number,
  only?: ReadonlySet<string>,
): Promise<FramePart[]> {
  const groups = await readWhole(
    ctx.http,
    ctx.target,
    `/api/projects/${project}/user_groups`,
    'siteAdmin',
  );
  return (groups ?? []).map((group) => ({
    place: `project ${project}, user group ${group}, its users`,
    read: async () => {
      const users = await readWhole(
        ctx.http,
        ctx.target,
        `/api/user_groups/${group}/users`,
        'siteAdmin',
      );
      return only === undefined ? users : users?.filter((u) => only.has(u));
    },
  }));
}

/**
 * The project's representation (GET /api/projects/<id>, the real system's route), as its top-level
 * fields 'name=JSON value'; none when the target does not answer it.
 */
export async function representationPart(
  ctx: ConformanceContext,
  project: number,
): Promise<FramePart | undefined> {
  const authorization = basicAuthorization(ctx.target, 'siteAdmin');
  const read = async () => {
    const answer = await ctx.http.send({
      path: `/api/projects/${project}`,
      headers: { authorization },
    });
    if (answer.status !== 200) return undefined;
    try {
      const value: unknown = JSON.parse(answer.text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      return Object.entries(value).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    } catch {
      return undefined;
    }
  };
  return (await read()) === undefined
    ? undefined
    : { place: `project ${project}, its representation (GET /api/projects/${project})`, read };
}

/**
 * Everything the frame reads of one project: its representation, services, description values
 * and user groups' users (what no account can read left out).
 */
export async function wholeProjectParts(
  ctx: ConformanceContext,
  project: number,
): Promise<FramePart[]> {
  const parts = await Promise.all([
    representationPart(ctx, project),
    soapPart(ctx, 'getProjectServicesUsage', project),
    soapPart(ctx, 'getProjectDescriptionFieldsValue', project),
  ]);
  return [
    ...parts.filter((p): p is FramePart => p !== undefined),
    ...(await userGroupParts(ctx, project)),
  ];
}

type SoapRead = 'getProjectServicesUsage' | 'getProjectDescriptionFieldsValue';

/** Entries of a SOAP read: 'id=value' for description values, 'id:is_used' for services. */
function entriesOf(op: SoapRead, value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return (value as Array<Record<string, unknown>>).map((v) =>
    op === 'getProjectServicesUsage'
      ? `${String(v['id'])}:${String(v['is_used'])}`
      : `${String(v['id'])}=${String(v['value'])}`,
  );
}

/**
 * A SOAP read of `project` as a part, with the session of the first account it answers: none when
 * no account's read succeeds.
 */
export async function soapPart(
  ctx: ConformanceContext,
  op: SoapRead,
  project: number,
): Promise<FramePart | undefined> {
  const keys = await ctx.sessionKeys(READERS);
  for (const role of READERS) {
    const read = async () => {
      const answer = await ctx.soap.call(op, { session_key: keys[role], group_id: project });
      return answer.fault === undefined ? entriesOf(op, answer.value) : undefined;
    };
    if ((await read()) !== undefined)
      return {
        place: `project ${project}, ${op === 'getProjectServicesUsage' ? 'its services (id:is_used)' : 'its description values (id=value)'}`,
        read,
      };
  }
  return undefined;
}

/**
 * Projects the run may read but no suite writes, as a sample of "every other project" (the run's
 * shared projects and the projects runs create are written by other tests at the same time): the
 * template first, then others on the first page GET /api/projects lists (its default size), `max` in all.
 */
export async function neighbourProjects(ctx: ConformanceContext, max = 3): Promise<number[]> {
  const written = new Set<number>([
    ...Object.values(ctx.fixtures).flatMap((p: unknown) =>
      typeof p === 'object' && p !== null && 'id' in p ? [Number(p.id)] : [],
    ),
    ...(ctx.target.fixtures.staticUgroups ? [ctx.target.fixtures.staticUgroups.projectId] : []),
  ]);
  const listed = (await readPage(ctx.http, ctx.target, '/api/projects', 'siteAdmin'))?.items ?? [];
  const others = listed.flatMap((item) => {
    const { id, shortname } = (item ?? {}) as { id?: unknown; shortname?: unknown };
    const project = Number(id);
    // 'cf-': the harness's own projects (this run's and earlier runs'), which runs write.
    return Number.isSafeInteger(project) && !String(shortname).startsWith('cf-') ? [project] : [];
  });
  return [ctx.target.fixtures.templateProjectId, ...others]
    .filter((p, i, all) => !written.has(p) && all.indexOf(p) === i)
    .slice(0, max);
}

/**
 * One SOAP read of each neighbour project (neighbourProjects), with what was read in words: the
 * frame of the writes of services or description values.
 */
export async function neighbourSoapFrame(
  ctx: ConformanceContext,
  op: SoapRead,
): Promise<{ parts: FramePart[]; sampled: string }> {
  const ids = await neighbourProjects(ctx);
  const parts = (await Promise.all(ids.map((id) => soapPart(ctx, op, id)))).filter(
    (p): p is FramePart => p !== undefined,
  );
  const what = op === 'getProjectServicesUsage' ? 'services' : 'description values';
  const read = parts.map((p) => p.place.replace(/,.*/, '')).join(', ');
  const sampled = `the ${what} of ${read || `no neighbour project (none answered ${op})`}`;
  ctx.observe(`frame read: ${sampled}`);
  return { parts, sampled };
}

/** Every user group of each neighbour project (neighbourProjects), every user, as parts. */
export async function neighbourGroupParts(
  ctx: ConformanceContext,
): Promise<{ ids: number[]; parts: FramePart[]; sampled: string }> {
  const ids = await neighbourProjects(ctx);
  const parts = (await Promise.all(ids.map((id) => userGroupParts(ctx, id)))).flat();
  const sampled = `the user groups of projects ${ids.join(', ') || '(none)'} (every user: the template and projects no suite writes)`;
  return { ids, parts, sampled };
}
