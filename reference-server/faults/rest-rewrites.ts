/**
 * The pieces several REST faults (rest.ts) are made of: a store seen otherwise, a page read back,
 * an answer's parts rewritten. The correct handlers never use them.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { PAGINATION_HEADERS } from '../../spec/limits.ts';
import { writeAccess } from '../domain/access.ts';
import { staleness, type Artifacts } from '../domain/artifacts.ts';
import type { Projects } from '../domain/projects.ts';
import { idParam, type Answer, type RestContext } from '../rest/context.ts';
import { findArtifact, requireUser } from '../rest/lookups.ts';
import type { Page } from '../rest/pagination.ts';
import { RestError } from '../rest/rest-error.ts';
import type { RouteKey } from '../rest/routes.ts';
import { preconditionOf } from '../rest/version-headers.ts';
import type { ServerState } from '../server-state.ts';

/** The store with some methods replaced, the others its own. */
export function overriding<T extends object>(target: T, replaced: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (key in replaced) return replaced[key as keyof T];
      const member: unknown = Reflect.get(object, key, object);
      return typeof member === 'function'
        ? (member as (...args: unknown[]) => unknown).bind(object)
        : member;
    },
  });
}

/** The projects with every private one seen as public. */
export function publicView(projects: Projects): Projects {
  const asPublic = <P extends { privacy: string }>(p: P): P => ({ ...p, privacy: 'public' });
  return overriding(projects, {
    get: (id) => {
      const project = projects.get(id);
      return project && asPublic(project);
    },
    all: () => projects.all().map(asPublic),
  });
}

/** The artifacts with an update that stores nothing (the version still moves on). */
export function updatesDropped(artifacts: Artifacts): Artifacts {
  return overriding(artifacts, {
    update: (artifact, _changes, precondition) =>
      artifacts.update(artifact, new Map(), precondition),
  });
}

/**
 * The check, then a pause in which other requests run, then the write without the check: 300 ms
 * by default; `windowMs` 0 is one turn of the event loop, as a store's asynchronous write is.
 */
export async function racyCheck(ctx: RestContext, windowMs = RACE_WINDOW_MS): Promise<void> {
  requireUser(ctx);
  const { artifact } = findArtifact(ctx, idParam(ctx, 'id'), 'write');
  const reason = staleness(artifact, preconditionOf(ctx, artifact));
  if (reason) throw new RestError(412, reason);
  await new Promise((resolve) =>
    windowMs === 0 ? setImmediate(resolve) : setTimeout(resolve, windowMs),
  );
  delete ctx.req.headers['if-match'];
  delete ctx.req.headers['if-unmodified-since'];
}

const RACE_WINDOW_MS = 300;

/** True unless both token headers are sent and do not name a valid token of a known user. */
export function validToken(state: ServerState, headers: IncomingHttpHeaders): boolean {
  const token = joined(headers['x-auth-token']);
  const userId = joined(headers['x-auth-userid']);
  if (token === undefined || userId === undefined) return true;
  const id = state.tokens.verify(userId.trim(), token.trim());
  return id !== undefined && state.users.byIdOf(id) !== undefined;
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** A PUT that sends both concurrency headers (§4.4.3). */
export const bothPreconditions = (req: IncomingMessage): boolean =>
  req.headers['if-match'] !== undefined && req.headers['if-unmodified-since'] !== undefined;

/** The request's body is XML. */
export const xmlBody = (ctx: RestContext): boolean =>
  ctx.req.headers['content-type']?.includes('xml') === true;

/** The token of a POST /tokens answer. */
export const tokenOf = (answer: Answer) =>
  answer.value as { user_id: string; token: string; uri: string };

export function withoutHeader(answer: Answer, name: string): Answer {
  const headers = { ...answer.headers };
  delete headers[name];
  return { ...answer, headers };
}

/** The offset and limit a page announces. */
export function cutOf(page: Page<unknown>): { offset: number; limit: number } {
  return {
    offset: Number(page.headers[PAGINATION_HEADERS.offset]),
    limit: Number(page.headers[PAGINATION_HEADERS.limit]),
  };
}

interface ProjectValue {
  uri: string;
  resources: unknown[];
}

/** The answer of GET /projects or /projects/<id> with each project rewritten. */
export function projectsRewritten(
  route: RouteKey,
  answer: Answer,
  rewrite: (project: ProjectValue) => ProjectValue,
): Answer {
  if (route !== 'GET projects' && route !== 'GET projects/:id') return answer;
  const { value } = answer;
  return {
    ...answer,
    value: Array.isArray(value)
      ? value.map((p) => rewrite(p as ProjectValue))
      : rewrite(value as ProjectValue),
  };
}

/** bind_value_ids written as text (the real system's way, not §4.5.4). */
export function bindIdsAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bindIdsAsText);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      key === 'bind_value_ids' && Array.isArray(member) ? member.join(' ') : bindIdsAsText(member),
    ]),
  );
}

/** An artifact created where the caller may not write, answered as the refusal (403). */
export function refusedYetCreated(ctx: RestContext, route: RouteKey, answer: Answer): Answer {
  if (route !== 'POST artifacts') return answer;
  const trackerId = (answer.value as { tracker?: { id?: number } }).tracker?.id;
  const tracker = trackerId === undefined ? undefined : ctx.state.trackers.get(trackerId);
  const project = tracker && ctx.state.projects.get(tracker.projectId);
  if (!project || writeAccess(project, ctx.user) !== 'forbidden') return answer;
  const message = `Forbidden: you cannot access project ${project.id}`;
  return { status: 403, value: { error: { code: 403, message } }, headers: {} };
}
