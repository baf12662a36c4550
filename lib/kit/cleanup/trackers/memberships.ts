/**
 * Project memberships (addProjectMember, removeProjectMember). addProjectMember succeeds only for a
 * non-member, so a membership the test added (and did not remove) is removed; one it removed is
 * restored, but not the user-group entries that went with it.
 */
import type { CleanupPart } from '../types.ts';
import { partsOf, projectCall, type SoapCall } from './soap-call.ts';

type Change = 'add' | 'remove';

interface Membership {
  project: string;
  login: string;
  first: Change;
  last: Change;
  /** The session key of the last change. */
  key: string;
}

export interface MembershipPart extends CleanupPart {
  /** Whether the test made the user (by id) a member of the project. */
  introduced: (project: string, userId: string) => boolean;
  /** The memberships the test removed, which the cleanup restores (without their entries). */
  restored: Array<{ project: string; login: string; key: string }>;
}

export class MembershipTracker {
  private readonly changes = new Map<string, Membership>();

  observe(call: SoapCall): void {
    if (call.operation !== 'addProjectMember' && call.operation !== 'removeProjectMember') return;
    const { sessionKey, groupId, userLogin } = partsOf(call.operation, call);
    const change = call.operation === 'addProjectMember' ? 'add' : 'remove';
    const id = `${groupId}|${userLogin}`;
    const earlier = this.changes.get(id);
    this.changes.set(id, {
      project: groupId,
      login: userLogin,
      first: earlier?.first ?? change,
      last: change,
      key: sessionKey,
    });
  }

  /**
   * `userIds`: by login name, the user id (SessionTracker): whose entries the test may undo.
   * `entriesRead`: whether the test read the project's user groups before changing it, so that
   * the entries a removal dropped are added back (user-group-entries.ts).
   */
  plan(
    userIds: ReadonlyMap<string, string>,
    entriesRead: (project: string) => boolean = () => false,
  ): MembershipPart {
    const part: CleanupPart = { undo: [], remaining: [] };
    const introduced = new Set<string>();
    const restored: MembershipPart['restored'] = [];
    for (const { project, login, first, last, key } of this.changes.values()) {
      if (first === 'add' && last === 'add') {
        introduced.add(`${project}|${userIds.get(login) ?? `login:${login}`}`);
        part.undo.push({
          kind: 'membership',
          what: `membership of ${login} in project ${project}`,
          call: projectCall('removeProjectMember', [key, Number(project), login]),
        });
      } else if (first === 'remove' && last === 'remove') {
        part.undo.push({
          kind: 'membership',
          what: `membership of ${login} in project ${project} (restored)`,
          call: projectCall('addProjectMember', [key, Number(project), login]),
        });
        restored.push({ project, login, key });
        if (!entriesRead(project))
          part.remaining.push({
            kind: 'user-group-entry',
            project,
            what: `${login}'s user-group entries in project ${project}, dropped with the membership, are not restored`,
          });
      }
    }
    return {
      ...part,
      introduced: (project, userId) => introduced.has(`${project}|${userId}`),
      restored,
    };
  }
}
