/**
 * From what a test did (wire-actions.ts) to what to undo and what remains (issue 9, cleanup).
 * Only what the wire proves is undone: a membership the test's addProjectMember introduced (the
 * call succeeds only for a non-member), a value whose earlier state the test read, its own tokens
 * and sessions. What the interfaces cannot undo (projects, artifacts, accounts, a description
 * value that had none) or whose earlier state is unknown is listed as remaining.
 */
import { decode } from '../soap/client.ts';
import type { WireAction } from './wire-actions.ts';

export type UndoCall =
  | { kind: 'soap'; service: 'project' | 'login'; operation: string; args: Array<string | number> }
  | { kind: 'rest'; method: 'DELETE'; path: string; headers: Record<string, string> };

export interface UndoStep {
  /** What remains, should the undo be refused. */
  kind: LeftoverKind;
  what: string;
  call: UndoCall;
}

export type LeftoverKind =
  | 'project'
  | 'artifact'
  | 'generic-user'
  | 'membership'
  | 'user-group-entry'
  | 'service'
  | 'description-value'
  | 'token'
  | 'session';

export interface Leftover {
  kind: LeftoverKind;
  what: string;
  /** The project it concerns, for changes inside a project. */
  project?: string;
}

export interface CleanupPlan {
  undo: UndoStep[];
  remaining: Leftover[];
}

/** A value the test changed: its first and last operation, and the session key of the last. */
type Change<T> = { first: T; last: T; key: string };

const PROJECT_ADMINS = '4';

export function planCleanup(
  actions: readonly WireAction[],
  runProjects: ReadonlySet<string>,
): CleanupPlan {
  const created = new Set(runProjects);
  const remaining: Leftover[] = [];
  const undo: UndoStep[] = [];
  const userIds = new Map<string, string>();
  const sessions = new Set<string>();
  const members = new Map<string, Change<'add' | 'remove'>>();
  const groups = new Map<string, Change<'add' | 'remove'>>();
  const services = new Map<string, Change<boolean> & { before?: boolean }>();
  const serviceReads = new Map<string, Map<string, boolean>>();
  const values = new Map<string, { key: string; last: string; before?: string | null }>();
  const valueReads = new Map<string, Map<string, string>>();
  const generic = new Map<string, { key: string; last: 'set' | 'unset'; username: string }>();
  const tokens = new Map<string, string>();

  const track = <T>(map: Map<string, Change<T>>, id: string, op: T, key: string) => {
    const entry = map.get(id);
    map.set(id, entry ? { ...entry, last: op, key } : { first: op, last: op, key });
  };

  for (const action of actions) {
    if (action.kind === 'token') tokens.set(action.token, action.userId);
    else if (action.kind === 'token-deleted') tokens.delete(action.token);
    else if (action.kind === 'artifact')
      remaining.push({
        kind: 'artifact',
        what: `artifact ${action.id} in tracker ${action.tracker}`,
      });
    else if (action.ok) {
      const value = action.answer ? decode(action.answer) : undefined;
      const [key = '', project = '', third = '', fourth = ''] = action.args;
      switch (action.operation) {
        case 'login': {
          const session = value as { user_id?: unknown; session_hash?: unknown } | undefined;
          if (typeof session?.session_hash === 'string') sessions.add(session.session_hash);
          userIds.set(key, String(session?.user_id));
          break;
        }
        case 'logout':
          sessions.delete(key);
          break;
        case 'addProject':
          created.add(String(value));
          remaining.push({
            kind: 'project',
            what: `project ${third} (id ${String(value)}); no interface deletes a project`,
          });
          break;
        case 'addProjectMember':
        case 'removeProjectMember':
          track(
            members,
            `${project}|${third}`,
            action.operation === 'addProjectMember' ? 'add' : 'remove',
            key,
          );
          break;
        case 'addUserToUGroup':
        case 'removeUserFromUGroup':
          track(
            groups,
            `${project}|${third}|${fourth}`,
            action.operation === 'addUserToUGroup' ? 'add' : 'remove',
            key,
          );
          break;
        case 'getProjectServicesUsage':
          serviceReads.set(project, readServices(value, serviceReads.get(project)));
          break;
        case 'activateService':
        case 'deactivateService': {
          const id = `${project}|${third}`;
          const used = action.operation === 'activateService';
          const entry = services.get(id);
          if (entry) services.set(id, { ...entry, last: used, key });
          else {
            const before = serviceReads.get(project)?.get(third);
            services.set(id, {
              first: used,
              last: used,
              key,
              ...(before === undefined ? {} : { before }),
            });
          }
          break;
        }
        case 'getProjectDescriptionFieldsValue':
          valueReads.set(project, readValues(value, valueReads.get(project)));
          break;
        case 'setProjectDescriptionFieldValue': {
          const id = `${project}|${third}`;
          // The value before the test: from the first change's time, when the test had read it.
          const read = valueReads.get(project);
          const before = values.has(id)
            ? values.get(id)!.before
            : read && (read.get(third) ?? null);
          values.set(id, { key, last: fourth, ...(before === undefined ? {} : { before }) });
          break;
        }
        case 'setProjectGenericUser': {
          const username = String((value as { username?: unknown } | undefined)?.username ?? '?');
          generic.set(project, { key, last: 'set', username });
          break;
        }
        case 'unsetGenericUser': {
          const entry = generic.get(project);
          if (entry) generic.set(project, { ...entry, last: 'unset', key });
          break;
        }
      }
    }
  }

  const soap = (operation: string, args: Array<string | number>): UndoCall => ({
    kind: 'soap',
    service: 'project',
    operation,
    args,
  });

  // Newest first, as a stack: group entries before the membership that holds them.
  const introduced = new Set<string>();
  for (const [id, m] of members) {
    const [project, login] = id.split('|') as [string, string];
    if (m.first === 'add' && m.last === 'add') {
      introduced.add(`${project}|${userIds.get(login) ?? `login:${login}`}`);
      undo.push({
        kind: 'membership',
        what: `membership of ${login} in project ${project}`,
        call: soap('removeProjectMember', [m.key, Number(project), login]),
      });
    } else if (m.first === 'remove' && m.last === 'remove') {
      undo.push({
        kind: 'membership',
        what: `membership of ${login} in project ${project} (restored)`,
        call: soap('addProjectMember', [m.key, Number(project), login]),
      });
      remaining.push({
        kind: 'user-group-entry',
        project,
        what: `${login}'s user-group entries in project ${project}, dropped with the membership, are not restored`,
      });
    }
  }
  for (const [id, g] of groups) {
    const [project, group, userId] = id.split('|') as [string, string, string];
    if (g.first !== g.last || g.last === 'remove') {
      if (g.last === 'remove' && g.first === 'remove')
        remaining.push({
          kind: 'user-group-entry',
          project,
          what: `user ${userId} removed from user group ${group} of project ${project} (whether it was in it before is unknown)`,
        });
      continue;
    }
    if (introduced.has(`${project}|${userId}`) || created.has(project))
      undo.push({
        kind: 'user-group-entry',
        what: `user ${userId} in user group ${group} of project ${project}`,
        call: soap('removeUserFromUGroup', [g.key, Number(project), Number(group), Number(userId)]),
      });
    else
      remaining.push({
        kind: 'user-group-entry',
        project,
        what: `user ${userId} in user group ${group} of project ${project}${group === PROJECT_ADMINS ? ' (project admins)' : ''} (it may have been there before)`,
      });
  }
  for (const [id, s] of services) {
    const [project, service] = id.split('|') as [string, string];
    if (s.before === undefined)
      remaining.push({
        kind: 'service',
        project,
        what: `service ${service} of project ${project} left ${s.last ? 'active' : 'inactive'}; its earlier state was not read`,
      });
    else if (s.before !== s.last)
      undo.push({
        kind: 'service',
        what: `service ${service} of project ${project} ${s.before ? 'active' : 'inactive'} again`,
        call: soap(s.before ? 'activateService' : 'deactivateService', [
          s.key,
          Number(project),
          Number(service),
        ]),
      });
  }
  for (const [id, v] of values) {
    const [project, field] = id.split('|') as [string, string];
    if (typeof v.before === 'string') {
      if (v.before !== v.last)
        undo.push({
          kind: 'description-value',
          what: `description field ${field} of project ${project} back to its earlier value`,
          call: soap('setProjectDescriptionFieldValue', [
            v.key,
            Number(project),
            Number(field),
            v.before,
          ]),
        });
    } else
      remaining.push({
        kind: 'description-value',
        project,
        what: `description field ${field} of project ${project} ${v.before === null ? 'had no value; none of the interfaces removes one' : 'changed; its earlier value was not read'}`,
      });
  }
  for (const [project, g] of generic) {
    remaining.push({
      kind: 'generic-user',
      what: `generic user account ${g.username} of project ${project}; no interface deletes an account`,
    });
    if (g.last !== 'set') continue;
    if (created.has(project))
      undo.push({
        kind: 'generic-user',
        what: `generic user of project ${project} unset`,
        call: soap('unsetGenericUser', [g.key, Number(project)]),
      });
    else
      remaining.push({
        kind: 'membership',
        project,
        what: `generic user ${g.username} left set on project ${project} (a project this run did not create)`,
      });
  }
  undo.reverse();
  // A change to a project this run created goes with that project (listed itself): not repeated.
  const kept = remaining.filter(
    (r) => r.project === undefined || !created.has(r.project) || r.kind === 'generic-user',
  );
  for (const [token, userId] of tokens)
    undo.push({
      kind: 'token',
      what: `token of user ${userId}`,
      call: {
        kind: 'rest',
        method: 'DELETE',
        path: `/api/tokens/${encodeURIComponent(token)}`,
        headers: { 'X-Auth-Token': token, 'X-Auth-UserId': userId },
      },
    });
  for (const session of sessions)
    undo.push({
      kind: 'session',
      what: 'SOAP session',
      call: { kind: 'soap', service: 'login', operation: 'logout', args: [session] },
    });
  return { undo, remaining: kept.map(({ kind, what }) => ({ kind, what })) };
}

function readServices(value: unknown, known = new Map<string, boolean>()): Map<string, boolean> {
  const next = new Map(known);
  if (!Array.isArray(value)) return next;
  for (const s of value as Array<{ id?: unknown; is_used?: unknown }>)
    if (!next.has(String(s.id))) next.set(String(s.id), Number(s.is_used) === 1);
  return next;
}

function readValues(value: unknown, known = new Map<string, string>()): Map<string, string> {
  const next = new Map(known);
  if (!Array.isArray(value)) return next;
  for (const v of value as Array<{ id?: unknown; value?: unknown }>)
    if (!next.has(String(v.id))) next.set(String(v.id), String(v.value ?? ''));
  return next;
}
