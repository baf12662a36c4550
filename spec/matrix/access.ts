/** §4.3 × §5.2.1 × §4.3 rule 2 × §7.2: every REST route and method, per actor and project privacy. */
import { cellId, type MatrixCell } from './types.ts';

/** The routes of §4.3 (and the project by id, which §2.2's uri projects/<id> names), as written. */
export const ACCESS_ROUTES = [
  'GET /api/projects',
  'GET /api/projects/<id>',
  'GET /api/projects/<id>/trackers',
  'GET /api/trackers/<id>',
  'POST /api/trackers/<id>/artifacts',
  'GET /api/artifacts/<id>',
  'POST /artifacts',
  'PUT /artifacts/<id>',
] as const;

export type AccessRoute = (typeof ACCESS_ROUTES)[number];

/** Who calls: the profile's accounts, no credentials, or credentials that are not valid. */
export const ACTORS = [
  'anonymous',
  'invalid-credentials',
  'outsider',
  'member',
  'project-admin',
  'site-admin',
] as const;

export type Actor = (typeof ACTORS)[number];

export const PRIVACIES = ['public', 'private'] as const;

export type Privacy = (typeof PRIVACIES)[number];

/**
 * What a conforming target does in a cell:
 * - served: the resource is answered (a write is applied); §4.3, for the project's own members;
 * - served-or-401: served, or 401 when the target needs authentication there (§5.2.1 leaves open
 *   which resources are reachable anonymously; when one is not, the answer is 401); which is observed;
 * - 401: authentication is required and missing (§5.2.1, §7.2);
 * - refused: 401, 403 or 404 (which is observed), telling nothing of the project, changing nothing;
 * - not-a-success: invalid credentials fail (§4.3 rule 2); 401 or a server error, observed (§7.2);
 * - open: served or refused, the spec does not say which (observed); never a server error, and a
 *   refusal changes nothing;
 * - hidden: (the project list) the private project is not listed, or the list is refused (401).
 */
export type AccessClass =
  'served' | 'served-or-401' | '401' | 'refused' | 'not-a-success' | 'open' | 'hidden';

export interface AccessCell extends MatrixCell {
  dimension: 'access';
  route: AccessRoute;
  actor: Actor;
  privacy: Privacy;
  expects: AccessClass;
}

/** The class of a cell, from the spec (the reasons are in the sections each cell cites). */
export function accessClass(route: AccessRoute, actor: Actor, privacy: Privacy): AccessClass {
  if (actor === 'invalid-credentials') return 'not-a-success';
  if (actor === 'member' || actor === 'project-admin') return 'served';
  // A site admin outside the project, like a user outside a public one: §5.2 does not say.
  if (actor === 'site-admin') return route === 'GET /api/projects' ? 'served' : 'open';
  const list = route === 'GET /api/projects';
  if (privacy === 'private') {
    if (list) return 'hidden';
    return actor === 'anonymous' ? '401' : 'refused';
  }
  if (actor === 'anonymous') return 'served-or-401';
  // The list answers every authenticated caller (§4.3); which public projects it shows him is open.
  return list ? 'served' : 'open';
}

const EXPECTED: Record<AccessClass, string> = {
  served: 'served: the resource is answered, a write is applied and read back',
  'served-or-401':
    'served, or 401 where the target needs authentication (which is observed); never another refusal',
  '401':
    '401 (authentication required and missing); nothing of the project in the answer; nothing changed',
  refused:
    'refused with 401, 403 or 404 (which is observed); nothing of the project in the answer; nothing changed',
  'not-a-success':
    'not a success (401 or a server error, observed), even where the resource is public; nothing changed',
  open: 'served or refused with 401, 403 or 404 (which is observed), never a server error; a refusal changes nothing',
  hidden: 'the private project is not listed (or the list is refused with 401)',
};

/** Whether a caller of the project list must see the project: its members only (§4.3, §5.2). */
export const mustBeListed = (actor: Actor) => actor === 'member' || actor === 'project-admin';

/** For the project list, the coordinate privacy says which project is looked for in it. */
function expected(
  route: AccessRoute,
  actor: Actor,
  expects: AccessClass,
  privacy: Privacy,
): string {
  if (route !== 'GET /api/projects' || expects === 'hidden' || expects === 'not-a-success')
    return EXPECTED[expects];
  const listed = `the ${privacy} project is listed`;
  if (expects === 'served-or-401')
    return `${EXPECTED[expects]}; when served, whether ${listed} is observed`;
  return mustBeListed(actor)
    ? `the list is served; ${listed}`
    : `the list is served; whether ${listed} is observed`;
}

function sections(route: AccessRoute, actor: Actor, privacy: Privacy): string[] {
  const of = ['§4.3'];
  if (actor === 'invalid-credentials') of.push('§4.3 rule 2', '§5.2.2', '§7.2');
  else if (actor === 'anonymous') of.push('§5.2.1', '§7.2');
  else if (privacy === 'private' && actor === 'outsider') of.push('§5.2.1');
  else of.push('§5.2');
  if (route === 'GET /api/projects') of.push('§2.2');
  return of;
}

export const ACCESS_CELLS: readonly AccessCell[] = ACCESS_ROUTES.flatMap((route) =>
  ACTORS.flatMap((actor) =>
    PRIVACIES.map((privacy): AccessCell => {
      const expects = accessClass(route, actor, privacy);
      return {
        id: accessCellId(route, actor, privacy),
        dimension: 'access',
        sections: sections(route, actor, privacy),
        expected: expected(route, actor, expects, privacy),
        route,
        actor,
        privacy,
        expects,
      };
    }),
  ),
);

export function accessCellId(route: AccessRoute, actor: Actor, privacy: Privacy): string {
  return cellId('access', route, actor, privacy);
}
