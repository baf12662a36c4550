/** §4.3: GET /api/projects, /api/projects/<id>, /api/projects/<id>/trackers (§2.2 representation). */
import { idParam, reply, type RestContext } from './context.ts';
import { findProject } from './lookups.ts';
import { paginate } from './pagination.ts';
import { projectRepresentation, trackerRepresentation } from './representations.ts';
import { readAccess } from '../domain/access.ts';

/** The default template (id 100) is not listed, as the real system (tuleap-facts B.2). */
const FIRST_LISTED_PROJECT_ID = 101;

export function listProjects(ctx: RestContext): void {
  const visible = ctx.state.projects
    .all()
    .filter((p) => p.id >= FIRST_LISTED_PROJECT_ID && readAccess(p, ctx.user) === 'allowed');
  const page = paginate(visible, ctx.query);
  reply(ctx, 200, page.items.map(projectRepresentation), page.headers);
}

export function getProject(ctx: RestContext): void {
  reply(ctx, 200, projectRepresentation(findProject(ctx, idParam(ctx, 'id'))));
}

export function listProjectTrackers(ctx: RestContext): void {
  const project = findProject(ctx, idParam(ctx, 'id'));
  const page = paginate(ctx.state.trackers.ofProject(project.id), ctx.query);
  reply(
    ctx,
    200,
    page.items.map((tracker) => trackerRepresentation(tracker, project)),
    page.headers,
  );
}
