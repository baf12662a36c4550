/**
 * The REST interface with its hook sets (hooks.ts), so that the handlers stay the correct
 * implementation: the request rewritten before the router reads it, and each route's handler run
 * in a hooked context: refused first, its stores, format, pages or answer rewritten, its errors
 * rewritten. Each step runs the hook of every set that has one. No set: the router as it is.
 */
import { hooksAt } from '../hook-points.ts';
import type { RestContext } from './context.ts';
import type { PageStep, RestHooks } from './hooks.ts';
import { paginate, type Paginate } from './pagination.ts';
import { createRouter, type Handler, type Route } from './router.ts';
import { REST_ROUTES, type RouteKey } from './routes.ts';

export type RestDispatch = ReturnType<typeof createRouter>;

/** The REST routes' dispatch (routes.ts), with the hook sets `hooks` in order. */
export function createRestDispatch(hooks: readonly RestHooks[] = []): RestDispatch {
  if (hooks.length === 0) return createRouter(REST_ROUTES);
  const dispatch = createRouter(hookedRoutes(REST_ROUTES, hooks));
  const requests = hooksAt(hooks, 'request');
  return (state, baseUrl, req, res, url) => {
    for (const rewrite of requests) rewrite(state, req);
    return dispatch(state, baseUrl, req, res, url);
  };
}

/** The routes with each handler run in its hooked context. */
function hookedRoutes(routes: readonly Route[], hooks: readonly RestHooks[]): Route[] {
  return routes.map((route) => ({
    ...route,
    methods: Object.fromEntries(
      Object.entries(route.methods).map(([method, handler]) => [
        method,
        hookedHandler(hooks, `${method} ${route.path}` as RouteKey, handler),
      ]),
    ),
  }));
}

function hookedHandler(hooks: readonly RestHooks[], route: RouteKey, handler: Handler): Handler {
  const [xmlRequestRoot] = hooksAt(hooks, 'xmlRequestRoot');
  const [xmlBytes] = hooksAt(hooks, 'xmlBytes');
  const stores = hooksAt(hooks, 'stores');
  const answers = hooksAt(hooks, 'answer');
  const formats = hooksAt(hooks, 'format');
  const befores = hooksAt(hooks, 'before');
  const errors = hooksAt(hooks, 'error');
  const pages = hooksAt(hooks, 'page');
  return async (ctx) => {
    const hooked: RestContext = {
      ...ctx,
      state: stores.reduce((s, rewrite) => rewrite(ctx, route, s), ctx.state),
      page: hookedPage(ctx, route, pages),
      rewriteAnswer: (answer) => answers.reduce((a, rewrite) => rewrite(ctx, route, a), answer),
      format: formats.reduce((f, rewrite) => rewrite(ctx, route, f), ctx.format),
      ...(xmlRequestRoot === undefined ? {} : { xmlRequestRoot }),
      ...(xmlBytes === undefined ? {} : { xmlBytes }),
    };
    try {
      for (const before of befores) await before(hooked, route);
      await handler(hooked);
    } catch (error) {
      throw errors.reduce((e, rewrite) => rewrite(ctx.state, e), error);
    }
  };
}

/** The correct page (pagination.ts) with the hooks' cuts around it. */
function hookedPage(
  ctx: RestContext,
  route: RouteKey,
  pages: ReadonlyArray<NonNullable<RestHooks['page']>>,
): Paginate {
  const correct: PageStep = (all, query, kind) => paginate(all, query, ctx.state.variants, kind);
  const step = pages.reduce((next, around) => around(ctx, route, next), correct);
  return (all, kind = 'other') => step(all, ctx.query, kind);
}
