/**
 * REST dispatch. Every route is served under /api and without it (§4.3 writes both forms;
 * decision rest.routes.prefix). Order of checks: route (404), method (405 with Allow; OPTIONS
 * answers the Allow list), Accept (406), credentials (401/403), then the handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTarget } from '../request-target.ts';
import type { ServerState } from '../server-state.ts';
import { BodyTooLarge } from '../http-io.ts';
import { replyError, type RestContext } from './context.ts';
import { authenticate } from './auth.ts';
import { responseFormat, type Format } from './negotiation.ts';
import { paginate, type Paginate } from './pagination.ts';
import { RestError } from './rest-error.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Handler = (ctx: RestContext) => Promise<void> | void;

export interface Route {
  /** Segments; ':name' captures one. */
  path: string;
  /** XML in and out (§4.5.2: the three artifact routes). */
  xml?: boolean;
  methods: Partial<Record<Method, Handler>>;
}

interface Match {
  route: Route;
  /** The Allow header of the route's methods. */
  allow: string;
  params: Record<string, string>;
}

export function createRouter(routes: readonly Route[]) {
  // Routes by segment count and first segment (always a word, never a parameter): a request is
  // matched against the few that can match, in the table's order.
  const candidates = new Map<string, Array<Omit<Match, 'params'> & { segments: string[] }>>();
  for (const route of routes) {
    const segments = route.path.split('/');
    if (segments[0]!.startsWith(':')) throw new Error(`${route.path}: starts with a parameter`);
    const key = `${segments.length} ${segments[0]}`;
    candidates.set(key, [
      ...(candidates.get(key) ?? []),
      { route, segments, allow: allowOf(route) },
    ]);
  }

  function match(path: string): Match | undefined {
    const segments = path.split('/');
    for (const { route, segments: pattern, allow } of candidates.get(
      `${segments.length} ${segments[0]}`,
    ) ?? []) {
      let params: Record<string, string> | undefined = {};
      for (let i = 1; i < pattern.length && params; i++) {
        const part = pattern[i]!;
        const actual = segments[i]!;
        if (part.startsWith(':') && actual !== '') params[part.slice(1)] = safeDecode(actual);
        else if (part !== actual) params = undefined;
      }
      if (params) return { route, allow, params };
    }
    return undefined;
  }

  /** `url`: the request's target, parsed once by the caller (app.ts). */
  return async function dispatch(
    state: ServerState,
    baseUrl: string,
    req: IncomingMessage,
    res: ServerResponse,
    url: RequestTarget,
  ): Promise<void> {
    const path = url.pathname.replace(/^\/api(?=\/|$)/, '').replace(/^\/+|\/+$/g, '');
    let format: Format = 'json';
    try {
      const found = match(path);
      if (!found || !servedHere(state, found.route, url.pathname))
        throw new RestError(404, `no route for ${req.method} ${url.pathname}`);
      const { route, params, allow } = found;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      if (req.method === 'OPTIONS') {
        res.writeHead(200, { Allow: allow, 'Content-Length': 0 });
        return void res.end();
      }
      const handler = route.methods[method as Method];
      if (!handler)
        throw new RestError(405, `${req.method} is not allowed on ${url.pathname}`, {
          Allow: allow,
        });
      format = responseFormat(req.headers.accept, route.xml === true);
      const user = authenticate(state, req);
      await handler({
        state,
        req,
        res,
        params,
        query: url.searchParams,
        format,
        xmlAllowed: route.xml === true,
        baseUrl,
        user,
        page: pagerOf(url.searchParams, state),
        xmlRequestRoot: 'request',
      });
    } catch (error) {
      if (!(error instanceof RestError || error instanceof BodyTooLarge)) throw error;
      replyError({ res, format, state }, error);
    }
  };
}

/** The request's pagination (§8); an anonymous closure (tsx names named ones, per request). */
function pagerOf(query: URLSearchParams, state: ServerState): Paginate {
  return (all, kind) => paginate(all, query, state.variants, kind);
}

/** Variant artifact-routes-api-only: the artifact routes (the XML ones, §4.5.2) only under /api. */
function servedHere(state: ServerState, route: Route, pathname: string): boolean {
  if (!state.variants.on('artifact-routes-api-only') || route.xml !== true) return true;
  return /^\/api\//.test(pathname);
}

function allowOf(route: Route): string {
  const methods = Object.keys(route.methods);
  if (methods.includes('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'].join(', ');
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
