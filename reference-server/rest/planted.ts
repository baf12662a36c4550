/**
 * The planted faults of the REST interface (reference-server/faults/), applied at the adapter's
 * edge so that the handlers stay the correct implementation: the request rewritten before the
 * router reads it (plantedRequest), or a route's handler run in a planted context (plantedRoutes):
 * refused first, its stores, format, pages or answer rewritten, its errors rewritten. Each step
 * calls the hook of every planted fault that has one.
 */
import type { IncomingMessage } from 'node:http';
import type { PageStep } from '../faults/declaration.ts';
import type { ServerState } from '../server-state.ts';
import type { RestContext } from './context.ts';
import { paginate, type Paginate } from './pagination.ts';
import type { Handler, Route } from './router.ts';
import type { RouteKey } from './routes.ts';

/** Rewrites the request's headers as the faulty server would read them. */
export function plantedRequest(state: ServerState, req: IncomingMessage): void {
  for (const rewrite of state.faults.hooks('request')) rewrite(state, req);
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
  const [xmlRequestRoot] = faults.hooks('xmlRequestRoot');
  return async (ctx) => {
    const planted: RestContext = {
      ...ctx,
      state: faults.hooks('stores').reduce((s, rewrite) => rewrite(ctx, route, s), ctx.state),
      page: plantedPage(ctx, route),
      rewriteAnswer: (answer) =>
        faults.hooks('answer').reduce((a, rewrite) => rewrite(ctx, route, a), answer),
      format: faults.hooks('format').reduce((f, rewrite) => rewrite(ctx, route, f), ctx.format),
      ...(xmlRequestRoot === undefined ? {} : { xmlRequestRoot }),
    };
    try {
      for (const before of faults.hooks('before')) await before(planted, route);
      await handler(planted);
    } catch (error) {
      throw faults.hooks('error').reduce((e, rewrite) => rewrite(state, e), error);
    }
  };
}

/** The correct page (pagination.ts) with the planted faults' cuts around it. */
function plantedPage(ctx: RestContext, route: RouteKey): Paginate {
  const correct: PageStep = (all, query, kind) => paginate(all, query, ctx.state.variants, kind);
  const step = ctx.state.faults
    .hooks('page')
    .reduce((next, around) => around(ctx, route, next), correct);
  return (all, kind = 'other') => step(all, ctx.query, kind);
}
