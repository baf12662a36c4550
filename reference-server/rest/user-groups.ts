/**
 * The real system's user-group routes (not in §4.3; listed under rest.routes.complete-list): they
 * make the effects of the SOAP membership and user-group operations readable. Authentication is
 * required (the real system: anonymous → 401). Ids: '<project>_3' project members,
 * '<project>_4' project admins, '<n>' a static user group.
 */
import type { Project } from '../domain/projects.ts';
import type { User } from '../domain/users.ts';
import { idParam, reply, type RestContext } from './context.ts';
import { findProject, requireAccess, requireUser } from './lookups.ts';
import {
  staticUserGroupRepresentation,
  userGroupRepresentation,
  userRepresentation,
} from './representations.ts';
import { RestError } from './rest-error.ts';

interface Group {
  representation: ReturnType<typeof userGroupRepresentation>;
  members: ReadonlySet<number>;
}

function groupsOf(project: Project): Group[] {
  return [
    {
      representation: userGroupRepresentation(
        `${project.id}_3`,
        'Project members',
        'project_members',
      ),
      members: project.members,
    },
    {
      representation: userGroupRepresentation(
        `${project.id}_4`,
        'Project administrators',
        'project_admins',
      ),
      members: project.admins,
    },
    ...[...project.ugroups.values()]
      .sort((a, b) => a.id - b.id)
      .map((group) => ({
        representation: staticUserGroupRepresentation(group),
        members: group.members,
      })),
  ];
}

function findGroup(ctx: RestContext): Group {
  requireUser(ctx);
  const raw = ctx.params['id'] ?? '';
  const dynamic = /^(\d{1,15})_([34])$/.exec(raw);
  const project = dynamic
    ? ctx.state.projects.get(Number(dynamic[1]))
    : ctx.state.projects.all().find((p) => p.ugroups.has(idParam(ctx, 'id')));
  const group =
    project && groupsOf(project).find((g) => g.representation.id === raw.replace(/^0+(?=\d)/, ''));
  if (!project || !group) throw new RestError(404, `user group ${raw.slice(0, 40)} does not exist`);
  requireAccess(ctx, project, 'read');
  return group;
}

export function listProjectUserGroups(ctx: RestContext): void {
  requireUser(ctx);
  const project = findProject(ctx, idParam(ctx, 'id'));
  const page = ctx.page(groupsOf(project).map((g) => g.representation));
  reply(ctx, 200, page.items, page.headers);
}

export function getUserGroup(ctx: RestContext): void {
  reply(ctx, 200, findGroup(ctx).representation);
}

export function listUserGroupUsers(ctx: RestContext): void {
  const group = findGroup(ctx);
  const users = [...group.members]
    .sort((a, b) => a - b)
    .map((id) => ctx.state.users.byIdOf(id))
    .filter((user): user is User => user !== undefined);
  const page = ctx.page(users);
  reply(ctx, 200, page.items.map(userRepresentation), page.headers);
}

export function getUser(ctx: RestContext): void {
  requireUser(ctx);
  const user = ctx.state.users.byIdOf(idParam(ctx, 'id'));
  if (!user) throw new RestError(404, `user ${ctx.params['id']} does not exist`);
  reply(ctx, 200, userRepresentation(user));
}
