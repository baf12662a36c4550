/** §4.3: GET /api/projects, /api/projects/<id>, /api/projects/<id>/trackers (§2.2 representation). */
import { idParam, reply, type RestContext } from './context.ts';
import { findProject, requireUser } from './lookups.ts';
import { projectRepresentation, trackerRepresentation } from './representations.ts';
import { readAccess } from '../domain/access.ts';

/**
 * The default template (id 100) is not listed, as the real system (docs/real-system.md, "The
 * project list").
 */
export const FIRST_LISTED_PROJECT_ID = 101;

export function listProjects(ctx: RestContext): void {
  if (ctx.state.variants.on('projects-list-needs-auth')) requireUser(ctx);
  const visible = ctx.state.projects
    .all()
    .filter((p) => p.id >= FIRST_LISTED_PROJECT_ID && readAccess(p, ctx.user) === 'allowed');
  const page = ctx.page(visible);
  reply(ctx, 200, page.items.map(projectRepresentation), page.headers);
}

export function getProject(ctx: RestContext): void {
  const project = findProject(ctx, idParam(ctx, 'id'));
  reply(ctx, 200, projectRepresentation(project));
}

export function listProjectTrackers(ctx: RestContext): void {
  const project = findProject(ctx, idParam(ctx, 'id'));
  const page = ctx.page(ctx.state.trackers.ofProject(project.id));
  reply(
    ctx,
    200,
    page.items.map((tracker) => trackerRepresentation(tracker, project)),
    page.headers,
  );
}
