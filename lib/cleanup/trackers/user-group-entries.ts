/**
 * User-group entries (addUserToUGroup, removeUserFromUGroup). An entry the test added is removed
 * only where it cannot have been there before: the user became a member during the test, or the
 * project is one the run created. Otherwise, and for an entry the test removed, it is listed.
 */
import type { CleanupPart } from '../types.ts';
import { partsOf, projectCall, type SoapCall } from './soap-call.ts';

/** The user group that holds a project's admins in the real system (design.md, target profile). */
const PROJECT_ADMINS = '4';

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

export interface EntryFacts {
  introduced: (project: string, userId: string) => boolean;
  created: ReadonlySet<string>;
}

export class UserGroupEntryTracker {
  private readonly changes = new Map<string, Entry>();

  observe(call: SoapCall): void {
    if (call.operation !== 'addUserToUGroup' && call.operation !== 'removeUserFromUGroup') return;
    const { sessionKey, groupId, ugroupId, userId } = partsOf(call.operation, call);
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

  plan({ introduced, created }: EntryFacts): CleanupPart {
    const part: CleanupPart = { undo: [], remaining: [] };
    for (const { project, group, userId, first, last, key } of this.changes.values()) {
      if (first !== last || last === 'remove') {
        if (first === 'remove' && last === 'remove')
          part.remaining.push({
            kind: 'user-group-entry',
            project,
            what: `user ${userId} removed from user group ${group} of project ${project} (whether it was in it before is unknown)`,
          });
      } else if (introduced(project, userId) || created.has(project))
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
      else
        part.remaining.push({
          kind: 'user-group-entry',
          project,
          what: `user ${userId} in user group ${group} of project ${project}${group === PROJECT_ADMINS ? ' (project admins)' : ''} (it may have been there before)`,
        });
    }
    return part;
  }
}
