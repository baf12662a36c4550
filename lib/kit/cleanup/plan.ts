/**
 * From what a test did (wire-actions.ts) to what to undo and what remains.
 * Only what the wire proves is undone: a membership the test's addProjectMember introduced (the
 * call succeeds only for a non-member), a value, service or user-group entry whose earlier state
 * the test read before changing it (restored to what was read), its own tokens and sessions. What the interfaces cannot undo (projects, artifacts, accounts, a description
 * value that had none) or whose earlier state is unknown is listed as remaining. One tracker per
 * kind of change (trackers/); this composes them.
 */
import { CreationTracker } from './trackers/creations.ts';
import { DescriptionValueTracker } from './trackers/description-values.ts';
import { GenericUserTracker } from './trackers/generic-users.ts';
import { MembershipTracker } from './trackers/memberships.ts';
import { ServiceTracker } from './trackers/services.ts';
import { SessionTracker } from './trackers/sessions.ts';
import { soapCall } from './trackers/soap-call.ts';
import { TokenTracker } from './trackers/tokens.ts';
import { UserGroupEntryTracker } from './trackers/user-group-entries.ts';
import type { CleanupPlan } from './types.ts';
import type { WireAction } from './wire-actions.ts';

/** `genericUserPassword`: the profile's (fixtures.genericUserPassword), to set generic users back. */
export function planCleanup(
  actions: readonly WireAction[],
  runProjects: ReadonlySet<string>,
  genericUserPassword?: string,
): CleanupPlan {
  const sessions = new SessionTracker();
  const tokens = new TokenTracker();
  const creations = new CreationTracker(runProjects);
  const memberships = new MembershipTracker();
  const entries = new UserGroupEntryTracker();
  const services = new ServiceTracker();
  const values = new DescriptionValueTracker();
  const genericUsers = new GenericUserTracker();
  const soapTrackers = [sessions, creations, memberships, entries, services, values, genericUsers];

  for (const action of actions) {
    if (action.kind === 'token' || action.kind === 'token-deleted') tokens.observe(action);
    else if (action.kind === 'user-group-read') entries.observeRead(action);
    else if (action.kind === 'artifact') creations.observeArtifact(action);
    else if (action.ok) {
      const call = soapCall(action);
      for (const tracker of soapTrackers) tracker.observe(call);
    }
  }

  const created = creations.created;
  const membership = memberships.plan(sessions.userIds, (p) => entries.readBeforeChanges(p));
  const entryPart = entries.plan({
    introduced: membership.introduced,
    created,
    restored: membership.restored,
  });
  const changes = [
    // Entries added back after the memberships that hold them are restored (the stack runs last first).
    entryPart.readd,
    membership,
    entryPart,
    services.plan(),
    values.plan(),
    genericUsers.plan(created, genericUserPassword),
  ];
  // Newest first, as a stack: group entries before the membership that holds them.
  const undo = changes.flatMap((part) => part.undo).reverse();
  const remaining = [creations.plan(), ...changes].flatMap((part) => part.remaining);
  // A change to a project this run created goes with that project (listed itself): not repeated.
  const kept = remaining.filter(
    (r) => r.project === undefined || !created.has(r.project) || r.kind === 'generic-user',
  );
  // Each project call with the login its key belongs to: a refused one can be sent again later.
  const withLogin = undo.map((step) => {
    const as = step.call.kind === 'soap' ? sessions.loginOf(step.call.args[0]) : undefined;
    return as === undefined ? step : { ...step, as };
  });
  return {
    undo: [...withLogin, ...tokens.plan().undo, ...sessions.plan().undo],
    remaining: kept.map(({ kind, what }) => ({ kind, what })),
  };
}
