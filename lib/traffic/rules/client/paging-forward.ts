/**
 * §8.3: paging forward, the next call uses offset = previous offset + limit. Judged only where a
 * client is clearly paging forward. A walk is the successive successful requests of one client
 * (request-facts.ts clientOf) on one collection (method, path, its other query parameters, and a
 * POST's query body) at one limit, starting at offset 0 (or none) with offsets that only grow. Its
 * first three requests decide: two equal steps are paging, and the step must be the limit; two
 * different steps are no clear paging (a client jumping to chosen pages, a test picking random
 * offsets) and the walk is not judged. Once a walk is paging, every further step must be the
 * limit. A request back at offset 0 starts a new walk; one at or behind the last offset ends it.
 * The limit a step may take is the one the client asked for, or the chunk the previous answer
 * says it used (X-PAGINATION-LIMIT, §8.2), where a server gave fewer than asked.
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory, Verdicts } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { pageHeader, pageParameters } from './page-request.ts';
import { clientOf, evidence, headOf, requestName, routeKey, succeeded } from './request-facts.ts';

const REQUIREMENT = 'client.rest.paging-forward';
const WALKS_KEPT = 1_000;
/** Characters of a POST's query body that tell its collection from another. */
const BODY_IN_KEY = 1_000;

interface Walk {
  lastOffset: number;
  /** The X-PAGINATION-LIMIT of the last answer, when it gave one. */
  lastChunk: number | undefined;
  /** The steps of a walk not yet known to be paging (at most two). */
  steps: number[];
  /** The requests of the walk kept as evidence: the first ones, then the last. */
  exchanges: TrafficExchange[];
  paging: boolean;
  /** Whether the first step was by the limit (or chunk) then in force. */
  firstStepRight?: boolean;
}

export const pagingForwardRule: RuleFactory = () => {
  const walks = new BoundedMap<string, Walk>(WALKS_KEPT);
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      const page = pageOf(view);
      if (page === undefined) return;
      const { key, offset, limit, chunk, kind } = page;
      const walk = walks.get(key);
      if (offset === 0) {
        walks.set(key, {
          lastOffset: 0,
          lastChunk: chunk,
          steps: [],
          exchanges: [evidence(view.exchange)],
          paging: false,
        });
        return;
      }
      if (walk === undefined || offset <= walk.lastOffset) {
        walks.delete(key);
        return;
      }
      const step = offset - walk.lastOffset;
      const chunkUsed = walk.lastChunk;
      const right = (size: number) => size === limit || size === chunkUsed;
      walk.lastOffset = offset;
      walk.lastChunk = chunk;
      if (walk.paging) {
        const previous = walk.exchanges[walk.exchanges.length - 1]!;
        if (right(step)) {
          verdicts.pass(REQUIREMENT, [previous, view.exchange], kind);
          walk.exchanges = [evidence(view.exchange)];
        } else {
          deviate(verdicts, view, kind, limit, [previous, view.exchange], step);
          walks.delete(key);
        }
        return;
      }
      walk.steps.push(step);
      walk.exchanges.push(evidence(view.exchange));
      if (walk.steps.length < 2) {
        walk.firstStepRight = right(step);
        return;
      }
      const [first, second] = walk.steps as [number, number];
      if (first !== second) walks.delete(key);
      else if (walk.firstStepRight && right(second)) {
        verdicts.pass(REQUIREMENT, walk.exchanges.slice(0, 2), kind);
        verdicts.pass(REQUIREMENT, walk.exchanges.slice(1), kind);
        walks.set(key, { ...walk, steps: [], exchanges: [evidence(view.exchange)], paging: true });
      } else {
        deviate(verdicts, view, kind, limit, [...walk.exchanges.slice(0, 2), view.exchange], first);
        walks.delete(key);
      }
    },
  };
};

function deviate(
  verdicts: Verdicts,
  view: ExchangeView,
  kind: string,
  limit: number,
  exchanges: TrafficExchange[],
  step: number,
): void {
  verdicts.deviation(REQUIREMENT, kind, {
    message: `${requestName(view)} pages forward by ${step} where the limit is ${limit}: ${step < limit ? 'it reads items again' : 'it skips items'}`,
    expected: `offset = previous offset + ${limit}`,
    actual: `offset = previous offset + ${step}`,
    exchanges,
  });
}

interface Page {
  key: string;
  offset: number;
  limit: number;
  chunk: number | undefined;
  kind: string;
}

/** A successful page of a collection: its walk key, offset and limit. */
function pageOf(view: ExchangeView): Page | undefined {
  const route = routeKey(view);
  if (route === undefined || !succeeded(view) || view.exchange.truncated) return undefined;
  const params = pageParameters(view);
  const paginated =
    params.limit !== undefined ||
    params.offset !== undefined ||
    view.responseHeader('x-pagination-offset') !== undefined;
  if (!paginated) return undefined;
  const limit = params.limit ?? pageHeader(view, 'x-pagination-limit');
  if (limit === undefined || limit === 0) return undefined;
  const others = [...view.url.searchParams]
    .filter(([name]) => name !== 'limit' && name !== 'offset')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const body = view.method === 'GET' ? '' : headOf(view.exchange.requestBody, BODY_IN_KEY);
  return {
    key: `${clientOf(view)}\n${view.method} ${view.url.pathname}?${others}\n${limit}\n${body}`,
    offset: params.offset ?? 0,
    limit,
    chunk: pageHeader(view, 'x-pagination-limit'),
    kind: `paging ${route}`,
  };
}
