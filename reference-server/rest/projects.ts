/** §4.3: GET /api/projects, /api/projects/<id>, /api/projects/<id>/trackers (§2.2 representation). */
import { idParam, reply, type RestContext } from './context.ts';
import { findProject, requireUser } from './lookups.ts';
import { paginate } from './pagination.ts';
import { projectRepresentation, trackerRepresentation } from './representations.ts';
import { readAccess } from '../domain/access.ts';

/** The default template (id 100) is not listed, as the real system (tuleap-facts B.2). */
const FIRST_LISTED_PROJECT_ID = 101;

export function listProjects(ctx: RestContext): void {
  if (ctx.state.variants.on('projects-list-needs-auth')) requireUser(ctx);
  const faults = ctx.state.faults;
  const visible = ctx.state.projects
    .all()
    .filter(
      (p) =>
        p.id >= FIRST_LISTED_PROJECT_ID &&
        (readAccess(p, ctx.user) === 'allowed' || faults.on('project-list-shows-private')),
    )
    .filter((p) => p.privacy === 'public' || !faults.on('project-list-hides-private'));
  const page = paginate(visible, ctx.query, ctx.state);
  reply(
    ctx,
    200,
    page.items.map((p) => projectRepresentation(p, ctx.state.faults)),
    page.headers,
  );
}

export function getProject(ctx: RestContext): void {
  const project = findProject(ctx, idParam(ctx, 'id'));
  reply(ctx, 200, projectRepresentation(project, ctx.state.faults));
}

export function listProjectTrackers(ctx: RestContext): void {
  const project = findProject(ctx, idParam(ctx, 'id'));
  const page = paginate(ctx.state.trackers.ofProject(project.id), ctx.query, ctx.state);
  const faults = ctx.state.faults;
  reply(
    ctx,
    200,
    page.items.map((tracker) => trackerRepresentation(tracker, project, faults)),
    faults.on('pagination-headers-missing') ? {} : page.headers,
  );
}
