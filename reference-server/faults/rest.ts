/**
 * The planted faults of the REST interface (`--fault NAME`), each one declaration
 * (declaration.ts): the rule it breaks, the requirements that must catch it, and its rewrite.
 */
import { PAGINATION_HEADERS } from '../../spec/limits.ts';
import type { Project } from '../domain/projects.ts';
import { TOKEN_LIFETIME_MS } from '../domain/tokens.ts';
import { idParam } from '../rest/context.ts';
import { findArtifact, findTracker, requireUser } from '../rest/lookups.ts';
import { boundsOf, inOrder } from '../rest/pagination.ts';
import { FIRST_LISTED_PROJECT_ID } from '../rest/projects.ts';
import { RestError } from '../rest/rest-error.ts';
import {
  anyUserIdTrusted,
  basicPasswordTrimmed,
  basicRemembered,
  KEY_LENGTH,
  loginPasswordTrimmed,
  loginRemembered,
  tokenReadAs,
} from './credential-rewrites.ts';
import { fault } from './declaration.ts';
import { NOT_IN_TRAFFIC } from './not-in-traffic.ts';
import {
  bindIdsAsText,
  bothPreconditions,
  cutOf,
  overriding,
  projectsRewritten,
  publicView,
  racyCheck,
  refusedYetCreated,
  tokenOf,
  updatesDropped,
  validToken,
  withoutHeader,
  xmlBody,
} from './rest-rewrites.ts';

export const REST_FAULTS = [
  fault({
    name: 'token-status-201',
    does: 'POST /api/tokens answers 201 instead of 200 (§4.3)',
    breaks: ['rest.tokens.create'],
    answer: (_ctx, route, answer) =>
      route === 'POST tokens' ? { ...answer, status: 201 } : answer,
  }),
  fault({
    name: 'token-uri-relative',
    does: 'the token uri is tokens/<token>, not /api/tokens/<token> (§2.2)',
    breaks: ['rest.tokens.uri-form'],
    answer: (_ctx, route, answer) =>
      route === 'POST tokens'
        ? { ...answer, value: { ...tokenOf(answer), uri: `tokens/${tokenOf(answer).token}` } }
        : answer,
  }),
  fault({
    name: 'token-user-id-number',
    does: 'user_id is a number, not a string (§2.2)',
    breaks: ['rest.tokens.fields'],
    answer: (_ctx, route, answer) =>
      route === 'POST tokens'
        ? { ...answer, value: { ...tokenOf(answer), user_id: Number(tokenOf(answer).user_id) } }
        : answer,
  }),
  fault({
    name: 'token-never-expires',
    does: 'tokens never expire (§5.2.5)',
    // §7.2's 401 row names the expired token too: the same answer breaks both.
    breaks: ['rest.auth.token-expired-401', 'rest.errors.401'],
    state: { tokenLifetimeMs: Number.POSITIVE_INFINITY },
  }),
  fault({
    name: 'token-expires-early',
    does: 'tokens expire after 23 hours (§5.2.5)',
    breaks: ['rest.auth.token-lifetime'],
    state: { tokenLifetimeMs: TOKEN_LIFETIME_MS - 3600_000 },
  }),
  fault({
    name: 'token-expires-30s-early',
    does: 'tokens expire 30 seconds before 24 hours (§5.2.5): the boundary, not an hour off',
    breaks: ['rest.auth.token-lifetime'],
    state: { tokenLifetimeMs: TOKEN_LIFETIME_MS - 30_000 },
  }),
  fault({
    name: 'invalid-token-anonymous',
    does: 'an invalid token is served as anonymous (§4.3 rule 2)',
    // An expired token is an invalid one: served as anonymous, not 401 (§5.2.5, §7.2).
    breaks: [
      'rest.auth.invalid-credentials-fail',
      'rest.auth.token-expired-401',
      'rest.errors.401',
    ],
    request(state, req) {
      // Both token headers, not a valid pair: served as if none had been sent.
      if (validToken(state, req.headers)) return;
      delete req.headers['x-auth-token'];
      delete req.headers['x-auth-userid'];
    },
  }),
  fault({
    name: 'basic-ignored',
    does: 'HTTP Basic credentials are ignored (§5.2.6)',
    // A wrong password, ignored, reads a public project anonymously: §5.2.2 says it must fail.
    breaks: ['rest.auth.basic', 'rest.auth.invalid-credentials-fail'],
    notInTraffic:
      'the Basic credentials are judged by the answer they get, and which answer an account deserves depends on its role: it depends on the roles of accounts and the privacy of projects, which the traffic does not tell',
    request: (_state, req) => {
      delete req.headers.authorization;
    },
  }),
  fault({
    name: 'private-readable-anonymously',
    does: 'private projects answer anonymous reads (§5.2.1)',
    // §5.2.1's 401 is §7.2's 401 row too; what hangs below the project is served with it.
    breaks: ['rest.auth.missing-401', 'rest.errors.401', 'rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    // Not in the list of projects, which the fault leaves as it is.
    stores: (ctx, route, state) =>
      !ctx.user && route !== 'GET projects'
        ? { ...state, projects: publicView(state.projects) }
        : state,
  }),
  fault({
    name: 'anonymous-refused',
    does: 'every anonymous request but the token route answers 401 (§5.2.1)',
    // One sentence of §5.2.1 ("reachable anonymously and with authentication"), two ids.
    breaks: ['rest.auth.anonymous', 'rest.discovery.anonymous-and-authenticated'],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    before(ctx, route) {
      if (!ctx.user && route !== 'POST tokens')
        throw new RestError(401, 'Authentication required (planted fault)');
    },
  }),
  fault({
    name: 'pagination-size-is-page',
    does: 'X-PAGINATION-SIZE is the page length, not the total (§8.2)',
    breaks: ['rest.pagination.size'],
    page: (ctx, _route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      const { offset, limit } = cutOf(page);
      const size = inOrder(all, ctx.state.variants).slice(offset, offset + limit).length;
      return { ...page, headers: { ...page.headers, [PAGINATION_HEADERS.size]: String(size) } };
    },
  }),
  fault({
    name: 'pagination-offset-zero',
    does: 'X-PAGINATION-OFFSET is always 0 (§8.2)',
    breaks: ['rest.pagination.offset'],
    page: (_ctx, _route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      return { ...page, headers: { ...page.headers, [PAGINATION_HEADERS.offset]: '0' } };
    },
  }),
  fault({
    name: 'pagination-limit-unbounded',
    does: 'a limit above LIMIT-MAX is honoured (§8)',
    breaks: ['rest.pagination.limit-max'],
    // A limit over the maximum is served as asked, once the other checks are passed.
    page: (ctx, _route, next) => (all, query, kind) => {
      const { max } = boundsOf(kind, ctx.state.variants);
      const asked = query.getAll('limit');
      const over = asked.length === 1 && /^\d+$/.test(asked[0] ?? '') && Number(asked[0]) > max;
      if (!over) return next(all, query, kind);
      const checked = new URLSearchParams(query);
      checked.set('limit', String(max));
      const page = next(all, checked, kind);
      const limit = Number(asked[0]);
      const { offset } = cutOf(page);
      return {
        items: inOrder(all, ctx.state.variants).slice(offset, offset + limit),
        headers: { ...page.headers, [PAGINATION_HEADERS.limit]: String(limit) },
      };
    },
  }),
  fault({
    name: 'pagination-skips-one',
    does: 'each page starts one item after its offset (§8.3)',
    breaks: ['rest.pagination.paging-forward'],
    page: (ctx, _route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      const { offset, limit } = cutOf(page);
      const items = inOrder(all, ctx.state.variants).slice(offset + 1, offset + 1 + limit);
      return { ...page, items };
    },
  }),
  fault({
    name: 'pagination-drops-last',
    does: 'every paginated collection leaves out its last item, which X-PAGINATION-SIZE still counts (§8.3)',
    // A short last page: which the harness cannot tell from a skip, paging-forward's rule (§8.3).
    breaks: ['rest.pagination.paging-forward'],
    page: (ctx, _route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      const last = inOrder(all, ctx.state.variants).at(-1);
      return { ...page, items: page.items.filter((item) => item !== last) };
    },
  }),
  fault({
    name: 'pagination-headers-missing',
    does: 'the trackers collection carries no pagination headers (§8.1)',
    breaks: ['rest.pagination.paginated-routes'],
    answer(_ctx, route, answer) {
      if (route !== 'GET projects/:id/trackers') return answer;
      const headers = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !name.startsWith('X-PAGINATION-')),
      );
      return { ...answer, headers };
    },
  }),
  fault({
    name: 'pagination-limit-max-refused',
    does: 'a limit equal to X-PAGINATION-LIMIT-MAX is refused with 406 (§8: it is the maximum allowed)',
    breaks: ['rest.pagination.limit-max'],
    page: (ctx, _route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      const { max } = boundsOf(kind, ctx.state.variants);
      if (cutOf(page).limit === max)
        throw new RestError(406, `Maximum value for limit exceeded (${max}; planted fault)`);
      return page;
    },
  }),
  fault({
    name: 'pagination-default-page-overfull',
    does: 'a request without limit holds twice the X-PAGINATION-LIMIT it announces (§8.2)',
    breaks: ['rest.pagination.limit-chunk'],
    // Without a limit the page holds twice what it announces.
    page: (ctx, _route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      if (query.has('limit')) return page;
      const { offset, limit } = cutOf(page);
      return { ...page, items: inOrder(all, ctx.state.variants).slice(offset, offset + 2 * limit) };
    },
  }),
  fault({
    name: 'query-size-counts-all',
    does: "a filtered query's X-PAGINATION-SIZE counts every artifact of the tracker, not the matches (§8.2)",
    breaks: ['rest.pagination.size'],
    page: (ctx, route, next) => (all, query, kind) => {
      const page = next(all, query, kind);
      if (route !== 'GET trackers/:id/artifacts' && route !== 'POST trackers/:id/artifacts')
        return page;
      const size = ctx.state.artifacts.ofTracker(idParam(ctx, 'id')).length;
      return { ...page, headers: { ...page.headers, [PAGINATION_HEADERS.size]: String(size) } };
    },
  }),
  fault({
    name: 'query-answers-500',
    does: 'the artifact query (POST /api/trackers/<id>/artifacts) answers 500 (§4.3): a broken feature fails, it is no harness error',
    breaks: ['rest.query.route'],
    notInTraffic: NOT_IN_TRAFFIC.refusalOfAllowed,
    before(ctx, route) {
      if (route !== 'POST trackers/:id/artifacts') return;
      findTracker(ctx, idParam(ctx, 'id'));
      throw new RestError(500, 'the artifact query failed (planted fault)');
    },
  }),
  fault({
    name: 'token-route-500',
    does: 'POST /api/tokens answers 500 (§4.3): the tests that need a token fail, they are no harness errors',
    breaks: ['rest.tokens.create'],
    notInTraffic: NOT_IN_TRAFFIC.refusalOfAllowed,
    before(_ctx, route) {
      if (route === 'POST tokens')
        throw new RestError(500, 'the token could not be created (planted fault)');
    },
  }),
  fault({
    name: 'query-ignores-criteria',
    does: 'the artifact query answers every artifact (§4.3)',
    breaks: ['rest.query.contains'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    domain: () => ({ criterionHolds: () => true }),
  }),
  fault({
    name: 'query-first-value-only',
    does: "'contains' looks at the first bound value only (§2.2)",
    breaks: ['rest.query.contains'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    // A list value is looked at through its first bound id.
    domain: () => ({
      criterionHolds: (value, stored, holds) =>
        Array.isArray(stored) ? stored.slice(0, 1).includes(Number(value)) : holds,
    }),
  }),
  fault({
    name: 'etag-missing',
    does: 'GET of an artifact carries no Etag (§4.4.1)',
    breaks: ['rest.concurrency.etag'],
    answer: (_ctx, _route, answer) => withoutHeader(answer, 'Etag'),
  }),
  fault({
    name: 'etag-missing-xml',
    does: 'GET of an artifact asked for XML carries no Etag; the JSON GET does (§4.4.1: every GET)',
    breaks: ['rest.concurrency.etag'],
    answer: (ctx, route, answer) =>
      route === 'GET artifacts/:id' && ctx.format === 'xml'
        ? withoutHeader(answer, 'Etag')
        : answer,
  }),
  fault({
    name: 'pagination-size-missing-query',
    does: 'the artifact query (POST /api/trackers/<id>/artifacts) carries no X-PAGINATION-SIZE; the other pagination headers and routes are whole (§8.2)',
    breaks: ['rest.pagination.headers'],
    answer: (_ctx, route, answer) =>
      route === 'POST trackers/:id/artifacts'
        ? withoutHeader(answer, PAGINATION_HEADERS.size)
        : answer,
  }),
  fault({
    name: 'last-modified-missing',
    does: 'GET of an artifact carries no Last-Modified (§4.4.1)',
    breaks: ['rest.concurrency.last-modified'],
    answer: (_ctx, _route, answer) => withoutHeader(answer, 'Last-Modified'),
  }),
  fault({
    name: 'if-match-ignored',
    does: 'If-match is not checked (§4.4.3)',
    breaks: ['rest.concurrency.if-match-stale'],
    request(_state, req) {
      if (req.method === 'PUT') delete req.headers['if-match'];
    },
  }),
  fault({
    name: 'if-unmodified-since-ignored',
    does: 'If-Unmodified-Since is not checked (§4.4.3)',
    breaks: ['rest.concurrency.if-unmodified-since-stale'],
    request(_state, req) {
      if (req.method === 'PUT') delete req.headers['if-unmodified-since'];
    },
  }),
  fault({
    name: 'if-match-always-stale',
    does: 'a current If-match answers 412 (§4.4.2)',
    breaks: ['rest.concurrency.if-match-fresh'],
    request(_state, req) {
      if (req.method === 'PUT' && req.headers['if-match'] !== undefined)
        req.headers['if-match'] = '"never"';
    },
  }),
  fault({
    name: 'both-headers-if-match-only',
    does: 'a PUT sending both If-match and If-Unmodified-Since is checked against If-match alone (§4.4.3)',
    breaks: ['rest.concurrency.each-header-checked'],
    request(_state, req) {
      if (req.method === 'PUT' && bothPreconditions(req)) delete req.headers['if-unmodified-since'];
    },
  }),
  fault({
    name: 'both-headers-since-only',
    does: 'a PUT sending both If-match and If-Unmodified-Since is checked against If-Unmodified-Since alone (§4.4.3)',
    breaks: ['rest.concurrency.each-header-checked'],
    request(_state, req) {
      if (req.method === 'PUT' && bothPreconditions(req)) delete req.headers['if-match'];
    },
  }),
  fault({
    name: 'last-modified-creation-time',
    does: 'Last-Modified is the creation time of the artifact, not the time of its last modification (§4.4.1)',
    breaks: ['rest.concurrency.last-modified-version'],
    answer(_ctx, _route, answer) {
      // The artifact's creation time: its submitted_on (a created artifact has not changed since).
      const submittedOn = (answer.value as { submitted_on?: string }).submitted_on;
      if (answer.headers['Last-Modified'] === undefined || submittedOn === undefined) return answer;
      const lastModified = new Date(Date.parse(submittedOn)).toUTCString();
      return { ...answer, headers: { ...answer.headers, 'Last-Modified': lastModified } };
    },
  }),
  fault({
    name: 'no-header-refused',
    does: 'a PUT without concurrency headers answers 428 (§4.4.4)',
    breaks: ['rest.concurrency.no-header-overwrites'],
    before(ctx, route) {
      if (route !== 'PUT artifacts/:id') return;
      requireUser(ctx);
      findArtifact(ctx, idParam(ctx, 'id'), 'write');
      const { headers } = ctx.req;
      if (headers['if-match'] === undefined && headers['if-unmodified-since'] === undefined)
        throw new RestError(428, 'a concurrency header is required (planted fault)');
    },
  }),
  fault({
    name: 'update-race',
    does: 'the version check and the write are not one step: concurrent PUTs all win (§4.4)',
    breaks: ['rest.concurrency.one-winner'],
    before: async (ctx, route) => {
      if (route === 'PUT artifacts/:id') await racyCheck(ctx);
    },
  }),
  fault({
    name: 'update-race-narrow',
    does: 'the version check and the write are one turn of the event loop apart: PUTs that arrive together all win (§4.4)',
    breaks: ['rest.concurrency.one-winner'],
    before: async (ctx, route) => {
      if (route === 'PUT artifacts/:id') await racyCheck(ctx, 0);
    },
  }),
  fault({
    name: 'update-not-applied',
    does: 'PUT answers success but stores nothing (§4.3)',
    breaks: ['rest.artifacts.update'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    stores: (_ctx, route, state) =>
      route === 'PUT artifacts/:id'
        ? { ...state, artifacts: updatesDropped(state.artifacts) }
        : state,
  }),
  fault({
    name: 'create-bind-value-ids-refused',
    does: "creation refuses bind_value_ids with 400, as if a list field took a 'value' (§2.2)",
    breaks: ['rest.artifacts.creation-body'],
    notInTraffic:
      "a 400 to a creation body: which bodies a server must understand is the request's rule, and the traffic rules judge an answer's form, not whether the body it refused was valid",
    stores: (_ctx, route, state) =>
      route === 'POST artifacts'
        ? {
            ...state,
            artifacts: overriding(state.artifacts, {
              create: (trackerId, by, values) => {
                if ([...values.values()].some((value) => Array.isArray(value)))
                  throw new RestError(400, 'bind_value_ids: unknown member (planted fault)');
                return state.artifacts.create(trackerId, by, values);
              },
            }),
          }
        : state,
  }),
  fault({
    name: 'create-drops-list-values',
    does: 'creation ignores bind_value_ids (§2.2)',
    breaks: ['rest.artifacts.create'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    stores: (_ctx, route, state) =>
      route === 'POST artifacts'
        ? {
            ...state,
            artifacts: overriding(state.artifacts, {
              create: (trackerId, by, values) =>
                state.artifacts.create(
                  trackerId,
                  by,
                  new Map([...values].filter(([, value]) => !Array.isArray(value))),
                ),
            }),
          }
        : state,
  }),
  fault({
    name: 'xml-bind-ids-as-text',
    does: 'XML writes bind_value_ids as text, not item elements (§4.5.4)',
    breaks: ['rest.xml.item-arrays'],
    notInTraffic:
      "no traffic rule judges the item elements of an XML answer's arrays yet (the answer's format is judged, not its shape)",
    answer: (ctx, _route, answer) =>
      ctx.format === 'xml' ? { ...answer, value: bindIdsAsText(answer.value) } : answer,
  }),
  fault({
    name: 'xml-request-root-refused',
    does: 'an XML body with root <request> is refused (§4.5.3)',
    // One observable: the <request> document of §4.5.2's POST and PUT (and §4.5.3's root) refused.
    breaks: ['rest.xml.post', 'rest.xml.put', 'rest.xml.request-root'],
    notInTraffic: NOT_IN_TRAFFIC.refusalOfAllowed,
    xmlRequestRoot: 'artifact',
  }),
  fault({
    name: 'xml-put-ignored',
    does: 'a PUT in XML changes nothing (§4.5)',
    breaks: ['rest.xml.put'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    stores: (ctx, route, state) =>
      route === 'PUT artifacts/:id' && xmlBody(ctx)
        ? { ...state, artifacts: updatesDropped(state.artifacts) }
        : state,
  }),
  fault({
    name: 'xml-latin1-labelled-utf8',
    does: 'XML answers are written in ISO-8859-1 while their XML declaration and Content-Type say UTF-8: an accented letter is not the letter sent (§4.5)',
    breaks: ['rest.xml.get'],
    notInTraffic:
      'the bytes decode without error in the charset declared wrongly (U+FFFD stands in): only a read-back set against the value written shows it, and the traffic rules judge messages, not a model of the data',
    xmlBytes: (xml) =>
      Buffer.from(
        xml.replace(/[\u{100}-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`),
        'latin1',
      ),
  }),
  fault({
    name: 'xml-answered-as-json',
    does: 'Accept: application/xml is answered in JSON (§4.5.1)',
    // On each of §4.5.2's three routes: GET, and the answers to POST and PUT.
    breaks: ['rest.xml.get', 'rest.xml.post-answer', 'rest.xml.put-answer'],
    request(_state, req) {
      const { accept } = req.headers;
      if (accept !== undefined)
        req.headers.accept = accept.replace(/application\/xml/gi, 'application/json');
    },
  }),
  fault({
    name: 'xml-put-answered-as-json',
    does: 'PUT /artifacts/<id> with Accept: application/xml is answered in JSON (§4.5.1)',
    breaks: ['rest.xml.put-answer'],
    format: (_ctx, route, format) => (route === 'PUT artifacts/:id' ? 'json' : format),
  }),
  fault({
    name: 'xml-post-both-answered-as-json',
    does: 'POST /artifacts with an XML body and Accept: application/xml is answered in JSON (§4.5.1)',
    breaks: ['rest.xml.post-answer'],
    format: (ctx, route, format) => (route === 'POST artifacts' && xmlBody(ctx) ? 'json' : format),
  }),
  fault({
    name: 'xml-answer-follows-body',
    does: 'the answer to POST and PUT /artifacts takes the format of the request body, not the one Accept asks for (§4.5.1)',
    breaks: ['rest.xml.answer-follows-accept', 'rest.xml.post-answer', 'rest.xml.put-answer'],
    format: (ctx, route, format) =>
      route === 'POST artifacts' || route === 'PUT artifacts/:id'
        ? xmlBody(ctx)
          ? 'xml'
          : 'json'
        : format,
  }),
  fault({
    name: 'xml-answer-labelled-json',
    does: 'XML answers to POST and PUT /artifacts are labelled Content-Type: application/json (§4.5.1)',
    breaks: ['rest.xml.post-answer', 'rest.xml.put-answer'],
    answer: (ctx, route, answer) =>
      ctx.format === 'xml' && (route === 'POST artifacts' || route === 'PUT artifacts/:id')
        ? {
            ...answer,
            headers: { ...answer.headers, 'Content-Type': 'application/json; charset=utf-8' },
          }
        : answer,
  }),
  fault({
    name: 'project-uri-absolute',
    does: 'the project uri is /api/projects/<id>, not projects/<id> (§2.2)',
    breaks: ['rest.projects.representation'],
    notInTraffic: NOT_IN_TRAFFIC.representationsUnjudged,
    answer: (_ctx, route, answer) =>
      projectsRewritten(route, answer, (p) => ({ ...p, uri: `/api/${p.uri}` })),
  }),
  fault({
    name: 'project-resources-empty',
    does: 'projects list no resources (§2.2, §1)',
    breaks: ['rest.projects.resources', 'rest.discovery.links'],
    notInTraffic: NOT_IN_TRAFFIC.representationsUnjudged,
    answer: (_ctx, route, answer) =>
      projectsRewritten(route, answer, (p) => ({ ...p, resources: [] })),
  }),
  fault({
    name: 'project-list-hides-private',
    does: 'members do not see their private projects in the list (§4.3)',
    breaks: ['rest.projects.list'],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    // The collection is the projects' list, cut into pages as the correct one.
    page: (_ctx, route, next) => (all, query, kind) =>
      next(
        route === 'GET projects'
          ? ((all as readonly unknown[] as readonly Project[]).filter(
              (p) => p.privacy === 'public',
            ) as unknown as typeof all)
          : all,
        query,
        kind,
      ),
  }),
  fault({
    name: 'project-list-shows-private',
    does: 'GET /api/projects lists private projects to everyone, anonymous callers and outsiders included (§5.2.1)',
    breaks: ['rest.projects.private-hidden'],
    notInTraffic: NOT_IN_TRAFFIC.rolesAndPrivacy,
    page: (ctx, route, next) => (all, query, kind) =>
      next(
        route === 'GET projects'
          ? (ctx.state.projects
              .all()
              .filter((p) => p.id >= FIRST_LISTED_PROJECT_ID) as unknown as typeof all)
          : all,
        query,
        kind,
      ),
  }),
  fault({
    name: 'tracker-without-values',
    does: 'the tracker structure and the tracker collection give no bound value ids (§4.3: both routes give the ids of fields and of their values)',
    breaks: ['rest.trackers.get', 'rest.projects.trackers'],
    notInTraffic: NOT_IN_TRAFFIC.representationsUnjudged,
    // No field gives its bound values.
    answer(_ctx, route, answer) {
      if (route !== 'GET trackers/:id' && route !== 'GET projects/:id/trackers') return answer;
      const withoutValues = (value: unknown) => {
        const tracker = value as { fields: object[] };
        const fields = tracker.fields.map((field) => ({ ...field, values: null, bindings: null }));
        return { ...tracker, fields };
      };
      const { value } = answer;
      return {
        ...answer,
        value: Array.isArray(value) ? value.map(withoutValues) : withoutValues(value),
      };
    },
  }),
  fault({
    name: 'private-trackers-outsider',
    does: "GET /api/projects/<id>/trackers serves a private project's trackers to users outside it (§5.2.1)",
    breaks: ['rest.access.private-refused'],
    stores: (ctx, route, state) =>
      route === 'GET projects/:id/trackers' && ctx.user !== undefined
        ? { ...state, projects: publicView(state.projects) }
        : state,
  }),
  fault({
    name: 'private-artifact-anonymous',
    does: "GET /api/artifacts/<id> serves a private project's artifact without credentials (§5.2.1)",
    // §5.2.1's 401 is §7.2's 401 row too.
    breaks: ['rest.access.private-refused', 'rest.auth.missing-401', 'rest.errors.401'],
    stores: (ctx, route, state) =>
      route === 'GET artifacts/:id' && !ctx.user
        ? { ...state, projects: publicView(state.projects) }
        : state,
  }),
  fault({
    name: 'private-create-outsider',
    does: "POST /artifacts creates an artifact in a private project's tracker for a user outside it (§5.2.1)",
    breaks: ['rest.access.private-refused'],
    stores: (ctx, route, state) =>
      route === 'POST artifacts' && ctx.user !== undefined
        ? { ...state, projects: publicView(state.projects) }
        : state,
  }),
  fault({
    name: 'refused-create-applied',
    does: 'POST /artifacts from a user outside a private project answers 403, yet creates the artifact (§5.2.1: a refusal changes nothing)',
    breaks: ['rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.stateReadBack,
    // Created where the caller may not write, then answered as the refusal the correct server gives.
    stores: (ctx, route, state) =>
      route === 'POST artifacts' && ctx.user !== undefined
        ? { ...state, projects: publicView(state.projects) }
        : state,
    answer: refusedYetCreated,
  }),
  fault({
    name: 'refusal-names-project',
    does: 'a 403 refusal names the private project refused, its shortname and label (§5.2.1: a refusal tells nothing of it)',
    breaks: ['rest.access.private-refused'],
    notInTraffic:
      "what the refusal's message says of the project is observed (INFO), never failed from traffic",
    // The project refused named by its shortname and label.
    error(state, error) {
      if (!(error instanceof RestError)) return error;
      const id = /project (\d+)/.exec(error.message)?.[1];
      const project = id === undefined ? undefined : state.projects.get(Number(id));
      if (error.status !== 403 || !project) return error;
      const detail = error.message.replace(/^Forbidden: /, '');
      return new RestError(403, `${detail} (${project.shortName}, ${project.publicName})`);
    },
  }),
  fault({
    name: 'token-case-insensitive',
    does: "tokens are compared without regard to the case of their letters: the user's token with its case changed authenticates (§4.3 rule 2, §5.2.4)",
    // Served as the member: the public project to invalid credentials, and the private one too.
    breaks: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.tokenFromElsewhere,
    request: tokenReadAs((token) => token.toLowerCase()),
  }),
  fault({
    name: 'token-suffix-ignored',
    does: "only the first 32 characters of X-Auth-Token are compared: the user's token with a character after it authenticates (§4.3 rule 2, §5.2.4)",
    breaks: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.tokenFromElsewhere,
    request: tokenReadAs((token) => token.slice(0, KEY_LENGTH)),
  }),
  fault({
    name: 'token-prefix-ignored',
    does: "only the last 32 characters of X-Auth-Token are compared: the user's token with a character before it authenticates (§4.3 rule 2, §5.2.4)",
    breaks: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.tokenFromElsewhere,
    request: tokenReadAs((token) => token.slice(-KEY_LENGTH)),
  }),
  fault({
    name: 'token-any-user-id',
    does: "any valid token authenticates the call as the user X-Auth-UserId names: another user's token with a member's id reads the member's private project (§4.3 rule 2, §5.2.4)",
    breaks: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
    request: anyUserIdTrusted,
  }),
  fault({
    name: 'basic-success-remembered',
    does: 'HTTP Basic successes are cached by username for a minute: a wrong password right after the right one authenticates (§4.3 rule 2, §5.2.6)',
    breaks: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.wrongPasswordAfterRight,
    request: basicRemembered,
  }),
  fault({
    name: 'login-success-remembered',
    does: 'POST /api/tokens remembers a successful login for a minute: a wrong password for the same username right after gives a token (§5.2.2, §5.2.3, §7.2)',
    breaks: ['rest.auth.invalid-credentials-fail'],
    notInTraffic: NOT_IN_TRAFFIC.wrongPasswordAfterRight,
    stores: (_ctx, route, state) => (route === 'POST tokens' ? loginRemembered(state) : state),
  }),
  fault({
    name: 'basic-password-trimmed',
    does: 'the password of HTTP Basic is trimmed before it is checked: the right password with spaces around it inside the Base64 authenticates (§4.3 rule 2, §5.2.6)',
    breaks: ['rest.auth.invalid-credentials-fail', 'rest.access.private-refused'],
    notInTraffic: NOT_IN_TRAFFIC.passwordWithSpaces,
    request: basicPasswordTrimmed,
  }),
  fault({
    name: 'login-password-trimmed',
    does: 'POST /api/tokens trims the password before it checks it: the right password with spaces around it gives a token (§5.2.2, §5.2.3, §7.2)',
    breaks: ['rest.auth.invalid-credentials-fail'],
    notInTraffic: NOT_IN_TRAFFIC.passwordWithSpaces,
    stores: (_ctx, route, state) => (route === 'POST tokens' ? loginPasswordTrimmed(state) : state),
  }),
] as const;
