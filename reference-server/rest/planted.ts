/**
 * The planted faults of the REST interface (reference-server/faults.ts), applied at the adapter's
 * edge so that the handlers stay the correct implementation: the request rewritten before the
 * router reads it (plantedRequest), or a route's handler run in a planted context (plantedRoutes):
 * refused first, its answer rewritten before it is serialized, its collection cut into other
 * pages, or its store made to drop what it is given.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { PAGINATION_HEADERS } from '../../spec/limits.ts';
import { writeAccess } from '../domain/access.ts';
import { staleness } from '../domain/artifacts.ts';
import type { Projects } from '../domain/projects.ts';
import type { ServerState } from '../server-state.ts';
import { preconditionOf } from './version-headers.ts';
import { idParam, type Answer, type RestContext } from './context.ts';
import { findArtifact, findTracker, requireUser } from './lookups.ts';
import { plantedPage } from './planted-pages.ts';
import { RestError } from './rest-error.ts';
import type { Format } from './negotiation.ts';
import type { Handler, Route } from './router.ts';
import type { RouteKey } from './routes.ts';

/** Rewrites the request's headers as the faulty server would read them. */
export function plantedRequest(state: ServerState, req: IncomingMessage): void {
  const { faults } = state;
  const headers = req.headers;
  if (faults.on('basic-ignored')) delete headers.authorization;
  if (faults.on('invalid-token-anonymous') && !validToken(state, headers)) {
    // Both token headers, not a valid pair: served as if none had been sent (§4.3 rule 2 broken).
    delete headers['x-auth-token'];
    delete headers['x-auth-userid'];
  }
  if (faults.on('xml-answered-as-json') && headers.accept !== undefined)
    headers.accept = headers.accept.replace(/application\/xml/gi, 'application/json');
  if (req.method === 'PUT') plantedPreconditions(state, headers);
}

/** True unless both token headers are sent and do not name a valid token of a known user. */
function validToken(state: ServerState, headers: IncomingHttpHeaders): boolean {
  const token = joined(headers['x-auth-token']);
  const userId = joined(headers['x-auth-userid']);
  if (token === undefined || userId === undefined) return true;
  const id = state.tokens.verify(userId.trim(), token.trim());
  return id !== undefined && state.users.byIdOf(id) !== undefined;
}

/** §4.4.3 broken: a header ignored, one of two ignored, or a current If-match made stale. */
function plantedPreconditions({ faults }: ServerState, headers: IncomingHttpHeaders): void {
  const both = headers['if-match'] !== undefined && headers['if-unmodified-since'] !== undefined;
  if (both && faults.on('both-headers-if-match-only')) delete headers['if-unmodified-since'];
  if (both && faults.on('both-headers-since-only')) delete headers['if-match'];
  if (faults.on('if-match-ignored')) delete headers['if-match'];
  if (faults.on('if-unmodified-since-ignored')) delete headers['if-unmodified-since'];
  if (faults.on('if-match-always-stale') && headers['if-match'] !== undefined)
    headers['if-match'] = '"never"';
}

/** The routes with each handler run in its planted context. */
export function plantedRoutes(routes: readonly Route[], state: ServerState): Route[] {
  return routes.map((route) => ({
    ...route,
    methods: Object.fromEntries(
      Object.entries(route.methods).map(([method, handler]) => [
        method,
        plantedHandler(state, `${method} ${route.path}` as RouteKey, handler),
      ]),
    ),
  }));
}

function plantedHandler(state: ServerState, route: RouteKey, handler: Handler): Handler {
  const { faults } = state;
  return async (ctx) => {
    if (faults.on('anonymous-refused') && !ctx.user)
      throw new RestError(401, 'Authentication required (planted fault)');
    const planted: RestContext = {
      ...ctx,
      state: plantedStores(ctx, route),
      page: plantedPage(state, ctx, route),
      rewriteAnswer: (answer) => plantedAnswer(ctx, route, answer),
      format: plantedFormat(ctx, route),
      ...(faults.on('xml-request-root-refused') ? { xmlRequestRoot: 'artifact' } : {}),
    };
    try {
      await refusedFirst(planted, route);
      await handler(planted);
    } catch (error) {
      throw namingRefusal(state, error);
    }
  };
}

/** The answer's format as the faulty server picks it on the artifact writes (§4.5.1 broken). */
function plantedFormat(ctx: RestContext, route: RouteKey): Format {
  const { faults } = ctx.state;
  if (route !== 'POST artifacts' && route !== 'PUT artifacts/:id') return ctx.format;
  const xmlBody = ctx.req.headers['content-type']?.includes('xml') === true;
  if (faults.on('xml-answer-follows-body')) return xmlBody ? 'xml' : 'json';
  if (route === 'PUT artifacts/:id' && faults.on('xml-put-answered-as-json')) return 'json';
  if (route === 'POST artifacts' && xmlBody && faults.on('xml-post-both-answered-as-json'))
    return 'json';
  return ctx.format;
}

/** What some faults do before the handler: refuse the request, or race it. */
async function refusedFirst(ctx: RestContext, route: RouteKey): Promise<void> {
  const { faults } = ctx.state;
  if (route === 'POST tokens' && faults.on('token-route-500'))
    throw new RestError(500, 'the token could not be created (planted fault)');
  if (route === 'POST trackers/:id/artifacts' && faults.on('query-answers-500')) {
    findTracker(ctx, idParam(ctx, 'id'));
    throw new RestError(500, 'the artifact query failed (planted fault)');
  }
  if (route !== 'PUT artifacts/:id') return;
  if (faults.on('no-header-refused')) {
    requireUser(ctx);
    findArtifact(ctx, idParam(ctx, 'id'), 'write');
    const { headers } = ctx.req;
    if (headers['if-match'] === undefined && headers['if-unmodified-since'] === undefined)
      throw new RestError(428, 'a concurrency header is required (planted fault)');
  }
  if (faults.on('update-race')) await racyCheck(ctx);
}

/**
 * update-race: the check, then a pause in which other requests run, then the write without the
 * check. The pause is long (not a few ms) so that concurrent PUTs overlap even on a loaded CI
 * machine: with 5 ms the fault survived once on a 2-core runner, a false pass of the
 * self-validation.
 */
async function racyCheck(ctx: RestContext): Promise<void> {
  requireUser(ctx);
  const { artifact } = findArtifact(ctx, idParam(ctx, 'id'), 'write');
  const reason = staleness(artifact, preconditionOf(ctx, artifact));
  if (reason) throw new RestError(412, reason);
  await new Promise((resolve) => setTimeout(resolve, RACE_WINDOW_MS));
  delete ctx.req.headers['if-match'];
  delete ctx.req.headers['if-unmodified-since'];
}

const RACE_WINDOW_MS = 300;

/** The stores as the handler sees them: writes that drop what they are given, private made public. */
function plantedStores(ctx: RestContext, route: RouteKey): ServerState {
  const { state } = ctx;
  const { faults } = state;
  const xmlBody = ctx.req.headers['content-type']?.includes('xml') === true;
  const artifacts =
    route === 'PUT artifacts/:id' &&
    (faults.on('update-not-applied') || (faults.on('xml-put-ignored') && xmlBody))
      ? overriding(state.artifacts, {
          update: (artifact, _changes, precondition) =>
            state.artifacts.update(artifact, new Map(), precondition),
        })
      : route === 'POST artifacts' && faults.on('create-drops-list-values')
        ? overriding(state.artifacts, {
            create: (trackerId, by, values) =>
              state.artifacts.create(
                trackerId,
                by,
                new Map([...values].filter(([, value]) => !Array.isArray(value))),
              ),
          })
        : state.artifacts;
  // private-readable-anonymously: an anonymous read finds private projects as public ones (not
  // in the list of projects, which the fault leaves as it is).
  const projects =
    (faults.on('private-readable-anonymously') && !ctx.user && route !== 'GET projects') ||
    privateOpened(ctx, route)
      ? publicView(state.projects)
      : state.projects;
  return { ...state, artifacts, projects };
}

/** The faults that open private projects to one route and kind of caller (§5.2.1 broken). */
function privateOpened({ state: { faults }, user }: RestContext, route: RouteKey): boolean {
  if (route === 'GET projects/:id/trackers')
    return faults.on('private-trackers-outsider') && user !== undefined;
  if (route === 'GET artifacts/:id') return faults.on('private-artifact-anonymous') && !user;
  if (route === 'POST artifacts')
    return (
      (faults.on('private-create-outsider') || faults.on('refused-create-applied')) &&
      user !== undefined
    );
  return false;
}

/**
 * refused-create-applied: an artifact created where the caller may not write is answered as the
 * refusal the correct server gives (403), though it was created.
 */
function refusedYetCreated(ctx: RestContext, route: RouteKey, answer: Answer): Answer {
  if (route !== 'POST artifacts' || !ctx.state.faults.on('refused-create-applied')) return answer;
  const trackerId = (answer.value as { tracker?: { id?: number } }).tracker?.id;
  const tracker = trackerId === undefined ? undefined : ctx.state.trackers.get(trackerId);
  const project = tracker && ctx.state.projects.get(tracker.projectId);
  if (!project || writeAccess(project, ctx.user) !== 'forbidden') return answer;
  const message = `Forbidden: you cannot access project ${project.id}`;
  return { status: 403, value: { error: { code: 403, message } }, headers: {} };
}

/** refusal-names-project: a 403 names the project refused, shortname and label (§5.2.1 broken). */
function namingRefusal(state: ServerState, error: unknown): unknown {
  if (!state.faults.on('refusal-names-project') || !(error instanceof RestError)) return error;
  const id = /project (\d+)/.exec(error.message)?.[1];
  const project = id === undefined ? undefined : state.projects.get(Number(id));
  if (error.status !== 403 || !project) return error;
  const detail = error.message.replace(/^Forbidden: /, '');
  return new RestError(403, `${detail} (${project.shortName}, ${project.publicName})`);
}

function publicView(projects: Projects): Projects {
  const asPublic = <P extends { privacy: string }>(p: P): P => ({ ...p, privacy: 'public' });
  return overriding(projects, {
    get: (id) => {
      const project = projects.get(id);
      return project && asPublic(project);
    },
    all: () => projects.all().map(asPublic),
  });
}

/** The answer as the faulty server writes it. */
function plantedAnswer(ctx: RestContext, route: RouteKey, answer: Answer): Answer {
  const { faults } = ctx.state;
  const answered = refusedYetCreated(ctx, route, answer);
  let { status, value } = answered;
  const headers = { ...answered.headers };
  if (route === 'POST tokens') {
    const token = value as { user_id: string; token: string; uri: string };
    if (faults.on('token-status-201')) status = 201;
    value = {
      ...token,
      ...(faults.on('token-user-id-number') ? { user_id: Number(token.user_id) } : {}),
      ...(faults.on('token-uri-relative') ? { uri: `tokens/${token.token}` } : {}),
    };
  }
  if (faults.on('etag-missing')) delete headers['Etag'];
  if (route === 'GET artifacts/:id' && ctx.format === 'xml' && faults.on('etag-missing-xml'))
    delete headers['Etag'];
  if (route === 'POST trackers/:id/artifacts' && faults.on('pagination-size-missing-query'))
    delete headers[PAGINATION_HEADERS.size];
  if (faults.on('last-modified-missing')) delete headers['Last-Modified'];
  if (faults.on('last-modified-creation-time') && headers['Last-Modified'] !== undefined) {
    // The artifact's creation time: its submitted_on (a created artifact has not changed since).
    const submittedOn = (value as { submitted_on?: string }).submitted_on;
    if (submittedOn !== undefined)
      headers['Last-Modified'] = new Date(Date.parse(submittedOn)).toUTCString();
  }
  if (route === 'GET projects' || route === 'GET projects/:id')
    value = Array.isArray(value)
      ? value.map((p) => plantedProject(ctx, p))
      : plantedProject(ctx, value);
  if (route === 'GET trackers/:id' || route === 'GET projects/:id/trackers')
    value = Array.isArray(value)
      ? value.map((t) => plantedTracker(ctx, t))
      : plantedTracker(ctx, value);
  if (route === 'GET projects/:id/trackers' && faults.on('pagination-headers-missing'))
    for (const name of Object.keys(headers))
      if (name.startsWith('X-PAGINATION-')) delete headers[name];
  if (ctx.format === 'xml' && faults.on('xml-bind-ids-as-text')) value = bindIdsAsText(value);
  if (
    ctx.format === 'xml' &&
    (route === 'POST artifacts' || route === 'PUT artifacts/:id') &&
    faults.on('xml-answer-labelled-json')
  )
    headers['Content-Type'] = 'application/json; charset=utf-8';
  return { status, value, headers };
}

function plantedProject(ctx: RestContext, value: unknown): unknown {
  const { faults } = ctx.state;
  const project = value as { uri: string; resources: unknown[] };
  return {
    ...project,
    ...(faults.on('project-uri-absolute') ? { uri: `/api/${project.uri}` } : {}),
    ...(faults.on('project-resources-empty') ? { resources: [] } : {}),
  };
}

/** tracker-without-values: no field gives its bound values. */
function plantedTracker(ctx: RestContext, value: unknown): unknown {
  if (!ctx.state.faults.on('tracker-without-values')) return value;
  const tracker = value as { fields: object[] };
  return {
    ...tracker,
    fields: tracker.fields.map((field) => ({ ...field, values: null, bindings: null })),
  };
}

/** xml-bind-ids-as-text: bind_value_ids written as text (the real system's way, not §4.5.4). */
function bindIdsAsText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bindIdsAsText);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      key === 'bind_value_ids' && Array.isArray(member) ? member.join(' ') : bindIdsAsText(member),
    ]),
  );
}

/** The store with some methods replaced, the others its own. */
function overriding<T extends object>(target: T, replaced: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (key in replaced) return replaced[key as keyof T];
      const member: unknown = Reflect.get(object, key, object);
      return typeof member === 'function'
        ? (member as (...args: unknown[]) => unknown).bind(object)
        : member;
    },
  });
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
