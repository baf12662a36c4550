/**
 * User-group entries (addUserToUGroup, removeUserFromUGroup). When the test read the group's users
 * before changing the project (GET /api/user_groups/<id>/users, the real system's route), the
 * entry is brought back to what was read: added back or removed. Without such a read, an entry the
 * test added is removed only where it cannot have been there before (the user became a member
 * during the test, or the project is one the run created); otherwise, and for an entry the test
 * removed, it is listed.
 */
import type { CleanupPart } from '../types.ts';
import type { WireAction } from '../wire-actions.ts';
import { partsOf, projectCall, type SoapCall } from './soap-call.ts';

/** The user group that holds a project's admins in the real system (docs/real-system.md). */
const PROJECT_ADMINS = '4';
/** The real system's dynamic group of a project's members: membership.ts restores it. */
const PROJECT_MEMBERS = '3';

type Change = 'add' | 'remove';

interface Entry {
  project: string;
  group: string;
  userId: string;
  first: Change;
  last: Change;
  /** The session key of the last change. */
  key: string;
}

interface GroupRead {
  /** When it was read, in the order of the test's calls. */
  at: number;
  users: ReadonlyArray<{ id: string; username: string }>;
}

export interface EntryFacts {
  introduced: (project: string, userId: string) => boolean;
  created: ReadonlySet<string>;
  /** Memberships the test removed and the cleanup restores: their entries went with them. */
  restored: ReadonlyArray<{ project: string; login: string; key: string }>;
}

export class UserGroupEntryTracker {
  private readonly changes = new Map<string, Entry>();
  /** By REST user group id ('<project>_<n>' for a dynamic group, '<n>' for a static one). */
  private readonly reads = new Map<string, GroupRead>();
  /** By project, when the test first changed its members or user groups. */
  private readonly firstWrite = new Map<string, number>();
  private calls = 0;

  observeRead(action: Extract<WireAction, { kind: 'user-group-read' }>): void {
    this.calls += 1;
    if (!this.reads.has(action.group))
      this.reads.set(action.group, { at: this.calls, users: action.users });
  }

  observe(call: SoapCall): void {
    this.calls += 1;
    if (call.operation === 'addProjectMember' || call.operation === 'removeProjectMember') {
      const { groupId } = partsOf(call.operation, call);
      if (!this.firstWrite.has(groupId)) this.firstWrite.set(groupId, this.calls);
      return;
    }
    if (call.operation !== 'addUserToUGroup' && call.operation !== 'removeUserFromUGroup') return;
    const { sessionKey, groupId, ugroupId, userId } = partsOf(call.operation, call);
    if (!this.firstWrite.has(groupId)) this.firstWrite.set(groupId, this.calls);
    const change = call.operation === 'addUserToUGroup' ? 'add' : 'remove';
    const id = `${groupId}|${ugroupId}|${userId}`;
    const earlier = this.changes.get(id);
    this.changes.set(id, {
      project: groupId,
      group: ugroupId,
      userId,
      first: earlier?.first ?? change,
      last: change,
      key: sessionKey,
    });
  }

  /** The users of the group as read before the test first changed the project, if it was. */
  private before(project: string, group: string): GroupRead['users'] | undefined {
    const read = this.reads.get(`${project}_${group}`) ?? this.reads.get(group);
    const first = this.firstWrite.get(project) ?? Number.POSITIVE_INFINITY;
    return read && read.at < first ? read.users : undefined;
  }

  /** Whether the test read a user group of the project (its members' aside) before changing it. */
  readBeforeChanges(project: string): boolean {
    return [...this.reads.keys()].some((id) => {
      const group = new RegExp(`^${project}_(\\d+)$`).exec(id)?.[1];
      return (
        group !== undefined &&
        group !== PROJECT_MEMBERS &&
        this.before(project, group) !== undefined
      );
    });
  }

  /**
   * The entries set back, and (`readd`) those to add back once the memberships are restored (they
   * run last).
   */
  plan({ introduced, created, restored }: EntryFacts): CleanupPart & { readd: CleanupPart } {
    const part: CleanupPart = { undo: [], remaining: [] };
    const readd: CleanupPart = { undo: [], remaining: [] };
    const addBack = (project: string, group: string, userId: string, key: string) =>
      readd.undo.push({
        kind: 'user-group-entry',
        what: `user ${userId} back in user group ${group} of project ${project}`,
        call: projectCall('addUserToUGroup', [key, Number(project), Number(group), Number(userId)]),
      });
    const takeOut = (project: string, group: string, userId: string, key: string) =>
      part.undo.push({
        kind: 'user-group-entry',
        what: `user ${userId} in user group ${group} of project ${project}`,
        call: projectCall('removeUserFromUGroup', [
          key,
          Number(project),
          Number(group),
          Number(userId),
        ]),
      });
    const handled = new Set<string>();
    for (const { project, group, userId, first, last, key } of this.changes.values()) {
      handled.add(`${project}|${group}|${userId}`);
      const before = this.before(project, group);
      if (before !== undefined) {
        const was = before.some((u) => u.id === userId);
        if (was && last === 'remove') addBack(project, group, userId, key);
        else if (!was && last === 'add') takeOut(project, group, userId, key);
      } else if (first !== last || last === 'remove') {
        if (first === 'remove' && last === 'remove')
          part.remaining.push({
            kind: 'user-group-entry',
            project,
            what: `user ${userId} removed from user group ${group} of project ${project} (whether it was in it before is unknown)`,
          });
      } else if (introduced(project, userId) || created.has(project))
        takeOut(project, group, userId, key);
      else
        part.remaining.push({
          kind: 'user-group-entry',
          project,
          what: `user ${userId} in user group ${group} of project ${project}${group === PROJECT_ADMINS ? ' (project admins)' : ''} (it may have been there before)`,
        });
    }
    // A restored membership comes back without its entries: those the reads show are added back.
    for (const { project, login, key } of restored)
      for (const [id, read] of this.reads) {
        const group = new RegExp(`^${project}_(\\d+)$`).exec(id)?.[1] ?? id;
        if (group === PROJECT_MEMBERS || !/^\d+$/.test(group)) continue;
        const user = this.before(project, group)?.find((u) => u.username === login);
        if (read && user && !handled.has(`${project}|${group}|${user.id}`))
          addBack(project, group, user.id, key);
      }
    return { ...part, readd };
  }
}
