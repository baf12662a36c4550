/**
 * Generic users (setProjectGenericUser, unsetGenericUser). On a project the run created the
 * account stays (no interface deletes one) and is listed, and a generic user left set is unset.
 * Elsewhere, with the password the profile keeps (fixtures.genericUserPassword, which `prepare`
 * gave it), the generic user is set again with it: the account was there before, and
 * setProjectGenericUser gives back both its password and its membership (§4.2 #13, the real
 * system). Without it, the change is listed.
 */
import type { CleanupPart } from '../types.ts';
import { partsOf, projectCall, type SoapCall } from './soap-call.ts';
import { scalarText } from '../../scalar-text.ts';

interface GenericUser {
  username: string;
  last: 'set' | 'unset';
  /** The session key of the last change. */
  key: string;
}

export class GenericUserTracker {
  /** By project. */
  private readonly users = new Map<string, GenericUser>();

  observe(call: SoapCall): void {
    if (call.operation === 'setProjectGenericUser') {
      const { session_key, group_id } = partsOf(call.operation, call);
      const username =
        scalarText((call.value as { username?: unknown } | undefined)?.username) ?? '?';
      this.users.set(group_id, { username, last: 'set', key: session_key });
    } else if (call.operation === 'unsetGenericUser') {
      const { session_key, groupId } = partsOf(call.operation, call);
      const user = this.users.get(groupId);
      if (user) this.users.set(groupId, { ...user, last: 'unset', key: session_key });
    }
  }

  /**
   * `created`: the projects this run created (CreationTracker); `password`: the one the profile
   * keeps for the generic users of the others.
   */
  plan(created: ReadonlySet<string>, password?: string): CleanupPart {
    const part: CleanupPart = { undo: [], remaining: [] };
    for (const [project, { username, last, key }] of this.users) {
      if (!created.has(project) && password !== undefined) {
        part.undo.push({
          kind: 'generic-user',
          what: `generic user ${username} of project ${project} set back with the profile's password (fixtures.genericUserPassword), a member again`,
          call: projectCall('setProjectGenericUser', [key, Number(project), password]),
          secret: true,
        });
        continue;
      }
      part.remaining.push({
        kind: 'generic-user',
        what: `generic user account ${username} of project ${project}; no interface deletes an account`,
      });
      if (last !== 'set') continue;
      if (created.has(project))
        part.undo.push({
          kind: 'generic-user',
          what: `generic user of project ${project} unset`,
          call: projectCall('unsetGenericUser', [key, Number(project)]),
        });
      else
        part.remaining.push({
          kind: 'membership',
          project,
          what: `generic user ${username} left set on project ${project} (a project this run did not create)`,
        });
    }
    return part;
  }
}
