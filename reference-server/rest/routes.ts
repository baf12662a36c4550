/**
 * The REST routes: §4.3's table, plus the real system's routes that make the interface
 * self-discoverable and the SOAP effects readable (rest.routes.complete-list).
 */
import { createArtifact, getArtifact, updateArtifact } from './artifacts.ts';
import { getProject, listProjects, listProjectTrackers } from './projects.ts';
import type { Method, Route } from './router.ts';
import { createToken, deleteAllTokens, deleteToken } from './tokens.ts';
import { getTracker, listArtifacts, queryArtifacts } from './trackers.ts';
import { getUser, getUserGroup, listProjectUserGroups, listUserGroupUsers } from './user-groups.ts';

const ROUTES = [
  { path: 'tokens', methods: { POST: createToken, DELETE: deleteAllTokens } },
  { path: 'tokens/:token', methods: { DELETE: deleteToken } },
  { path: 'projects', methods: { GET: listProjects } },
  { path: 'projects/:id', methods: { GET: getProject } },
  { path: 'projects/:id/trackers', methods: { GET: listProjectTrackers } },
  { path: 'projects/:id/user_groups', methods: { GET: listProjectUserGroups } },
  { path: 'user_groups/:id', methods: { GET: getUserGroup } },
  { path: 'user_groups/:id/users', methods: { GET: listUserGroupUsers } },
  { path: 'users/:id', methods: { GET: getUser } },
  { path: 'trackers/:id', methods: { GET: getTracker } },
  { path: 'trackers/:id/artifacts', methods: { GET: listArtifacts, POST: queryArtifacts } },
  { path: 'artifacts', xml: true, methods: { POST: createArtifact } },
  { path: 'artifacts/:id', xml: true, methods: { GET: getArtifact, PUT: updateArtifact } },
] as const satisfies readonly Route[];

export const REST_ROUTES: readonly Route[] = ROUTES;

/** A route as '<METHOD> <path>', e.g. 'PUT artifacts/:id' (a path of REST_ROUTES). */
export type RouteKey = `${Method} ${(typeof ROUTES)[number]['path']}`;
