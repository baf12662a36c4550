/**
 * The planted faults of §8 pagination (reference-server/faults.ts): the correct page
 * (pagination.ts) is made first, for its checks and headers, then the collection is cut or
 * announced otherwise; and the projects list holds other projects than it should.
 */
import type { Project } from '../domain/projects.ts';
import type { ServerState } from '../server-state.ts';
import { idParam, type RestContext } from './context.ts';
import { boundsOf, inOrder, paginate, type CollectionKind, type Paginate } from './pagination.ts';
import { FIRST_LISTED_PROJECT_ID } from './projects.ts';
import { RestError } from './rest-error.ts';
import type { RouteKey } from './routes.ts';

export function plantedPage(state: ServerState, ctx: RestContext, route: RouteKey): Paginate {
  const { faults, variants } = state;
  const { query } = ctx;
  return <T>(given: readonly T[], kind: CollectionKind = 'other') => {
    const all = listed(state, route, given);
    const { max } = boundsOf(kind, variants);
    // pagination-limit-unbounded: a limit over the maximum is served as asked.
    const asked = query.getAll('limit');
    const over =
      faults.on('pagination-limit-unbounded') &&
      asked.length === 1 &&
      /^\d+$/.test(asked[0] ?? '') &&
      Number(asked[0]) > max;
    const checked = new URLSearchParams(query);
    if (over) checked.set('limit', String(max));
    const page = paginate(all, checked, variants, kind);
    const limit = over ? Number(asked[0]) : Number(page.headers['X-PAGINATION-LIMIT']);
    const offset = Number(page.headers['X-PAGINATION-OFFSET']);
    if (faults.on('pagination-limit-max-refused') && limit === max)
      throw new RestError(406, `Maximum value for limit exceeded (${max}; planted fault)`);
    // pagination-default-page-overfull: without a limit the page holds twice what it announces.
    const served =
      faults.on('pagination-default-page-overfull') && !query.has('limit') ? 2 * limit : limit;
    const start = faults.on('pagination-skips-one') ? offset + 1 : offset;
    const items = inOrder(all, variants);
    return {
      items: items.slice(start, start + served),
      headers: {
        ...page.headers,
        'X-PAGINATION-LIMIT': String(limit),
        'X-PAGINATION-OFFSET': String(faults.on('pagination-offset-zero') ? 0 : offset),
        'X-PAGINATION-SIZE': String(
          faults.on('pagination-size-is-page')
            ? items.slice(offset, offset + limit).length
            : size(ctx, route, items.length),
        ),
      },
    };
  };
}

/** The collection as the faulty server lists it: the projects list shows or hides private ones. */
function listed<T>(state: ServerState, route: RouteKey, given: readonly T[]): readonly T[] {
  if (route !== 'GET projects') return given;
  const { faults } = state;
  if (faults.on('project-list-shows-private'))
    return state.projects.all().filter((p) => p.id >= FIRST_LISTED_PROJECT_ID) as T[];
  if (faults.on('project-list-hides-private'))
    return (given as readonly Project[]).filter((p) => p.privacy === 'public') as T[];
  return given;
}

/** query-size-counts-all: a filtered query's size counts every artifact of the tracker. */
function size(ctx: RestContext, route: RouteKey, correct: number): number {
  const query = route === 'GET trackers/:id/artifacts' || route === 'POST trackers/:id/artifacts';
  if (!query || !ctx.state.faults.on('query-size-counts-all')) return correct;
  return ctx.state.artifacts.ofTracker(idParam(ctx, 'id')).length;
}
