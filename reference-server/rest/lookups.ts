/** Finding a resource by id and checking the caller may see (or change) it: 404, 401, 403. */
import { readAccess, writeAccess, type Access } from '../domain/access.ts';
import type { Artifact } from '../domain/artifacts.ts';
import type { Project } from '../domain/projects.ts';
import type { Tracker } from '../domain/trackers.ts';
import type { RestContext } from './context.ts';
import { RestError } from './rest-error.ts';

export type Need = 'read' | 'write';

export function requireAccess(ctx: RestContext, project: Project, need: Need): void {
  const access: Access = (need === 'read' ? readAccess : writeAccess)(project, ctx.user);
  if (access === 'needs-authentication')
    throw new RestError(
      401,
      'Authentication required (headers: X-Auth-Token, X-Auth-UserId, or Basic)',
    );
  if (access === 'forbidden')
    throw ctx.state.variants.on('outsider-refused-404')
      ? new RestError(404, `project ${project.id} does not exist`)
      : new RestError(403, `you cannot access project ${project.id}`);
}

export function requireUser(ctx: RestContext) {
  if (!ctx.user)
    throw new RestError(
      401,
      'Authentication required (headers: X-Auth-Token, X-Auth-UserId, or Basic)',
    );
  return ctx.user;
}

export function findProject(ctx: RestContext, id: number, need: Need = 'read'): Project {
  const project = ctx.state.projects.get(id);
  if (!project) throw new RestError(404, `project ${id} does not exist`);
  requireAccess(ctx, project, need);
  return project;
}

export function findTracker(
  ctx: RestContext,
  id: number,
  need: Need = 'read',
): { tracker: Tracker; project: Project } {
  const tracker = ctx.state.trackers.get(id);
  if (!tracker) throw new RestError(404, `tracker ${id} does not exist`);
  return { tracker, project: findProject(ctx, tracker.projectId, need) };
}

export function findArtifact(
  ctx: RestContext,
  id: number,
  need: Need = 'read',
): { artifact: Artifact; tracker: Tracker; project: Project } {
  const artifact = ctx.state.artifacts.get(id);
  if (!artifact) throw new RestError(404, `artifact ${id} does not exist`);
  return { artifact, ...findTracker(ctx, artifact.trackerId, need) };
}
