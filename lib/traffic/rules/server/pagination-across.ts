/**
 * Pages of one collection (§8), judged against each other: the same caller's pages of the same
 * route and query agree on X-PAGINATION-SIZE (rest.pagination.size), and no item shows at two
 * places, as paging forward visits each item once (rest.pagination.paging-forward). Only pages of
 * one walk are compared: each page at a larger offset than the one before, begun within
 * WALK_GAP_MS of its end. Pages fetched apart may rightly differ by writes the traffic does not
 * hold (another front server, a client that does not go through the monitor). Other clients
 * write concurrently: pages are compared only while no write that may change the collection
 * (an artifact created or updated, for the artifact collections; a SOAP change, for projects and
 * their trackers; any other write, for all) overlaps them, by the traffic's timestamps; a
 * disagreement waits until no write can have raced the later page (pending.ts).
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory, Verdicts } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { callerOf } from './callers.ts';
import { askedParameter, pageHeaders, pageItems, requestLine } from './page-answer.ts';
import { PendingFindings } from './pending.ts';
import { soapCallOf } from './soap-call.ts';
import { evidence } from './evidence.ts';

const SIZE = 'rest.pagination.size';
const FORWARD = 'rest.pagination.paging-forward';
const COLLECTIONS_KEPT = 256;
const ITEMS_KEPT = 200;
/** The longest pause between two pages of one walk. */
const WALK_GAP_MS = 5_000;

type Scope = 'artifacts' | 'projects' | 'all';

interface Collection {
  firstStart: number;
  /** The walk's last page judged: its offset and when its answer ended. */
  lastOffset: number;
  lastEndedMs: number;
  size: number;
  sizeShown: TrafficExchange;
  /** Item id → where it showed (index, page). */
  places: BoundedMap<string, { index: number; page: TrafficExchange }>;
}

export const paginationAcrossRule: RuleFactory = () => {
  const collections = new BoundedMap<string, Collection>(COLLECTIONS_KEPT);
  const lastWrite: Record<Scope, number> = { artifacts: 0, projects: 0, all: 0 };
  const pending = new PendingFindings();
  const writtenSince = (scope: Scope, ms: number) => Math.max(lastWrite[scope], lastWrite.all) > ms;
  return {
    requirements: [SIZE, FORWARD],
    end: (verdicts) => pending.end(verdicts),
    observe(view, verdicts) {
      pending.settle(view, verdicts);
      const written = writeScope(view);
      if (written !== undefined) {
        lastWrite[written] = Math.max(lastWrite[written], view.exchange.endedMs);
        if (written === 'all')
          for (const s of ['artifacts', 'projects'] as const) lastWrite[s] = lastWrite.all;
        return;
      }
      const items = pageItems(view);
      const caller = callerOf(view);
      const headers = pageHeaders(view);
      const offset = askedParameter(view, 'offset') ?? 0;
      if (!items || caller === undefined || headers.size === undefined || offset === 'invalid')
        return;
      if (headers.offset !== offset) return;
      const scope = scopeOf(view);
      const key = `${caller} ${view.method} ${view.url.host}${view.url.pathname} ${view.method === 'POST' ? view.exchange.requestBody.trim() : ''}`;
      const known = collections.get(key);
      const sameWalk =
        known !== undefined &&
        offset > known.lastOffset &&
        view.exchange.startedMs - known.lastEndedMs <= WALK_GAP_MS;
      if (!known || !sameWalk || writtenSince(scope, known.firstStart)) {
        collections.set(key, fresh(view, headers.size, items, offset));
        return;
      }
      const racing = (other: ExchangeView) => {
        const s = writeScope(other);
        return s === 'all' || s === scope;
      };
      if (headers.size !== known.size) {
        pending.add({
          requirement: SIZE,
          judged: view.exchange,
          clearedBy: racing,
          details: {
            message: `${requestLine(view)} answered X-PAGINATION-SIZE ${headers.size}, another page of the same collection ${known.size}, with no write in between: the size is the total size of the collection`,
            expected: `X-PAGINATION-SIZE ${known.size}`,
            actual: `X-PAGINATION-SIZE ${headers.size}`,
            exchanges: [known.sizeShown, view.exchange],
          },
        });
        return;
      }
      verdicts.pass(SIZE, [known.sizeShown, view.exchange]);
      judgePlaces(view, known, items, offset, racing, pending, verdicts);
      known.lastOffset = offset;
      known.lastEndedMs = view.exchange.endedMs;
    },
  };
};

function fresh(view: ExchangeView, size: number, items: unknown[], offset: number): Collection {
  const collection: Collection = {
    firstStart: view.exchange.startedMs,
    lastOffset: offset,
    lastEndedMs: view.exchange.endedMs,
    size,
    sizeShown: evidence(view.exchange),
    places: new BoundedMap(ITEMS_KEPT),
  };
  items.forEach((item, i) => {
    const id = idOf(item);
    if (id !== undefined)
      collection.places.set(id, { index: offset + i, page: collection.sizeShown });
  });
  return collection;
}

function judgePlaces(
  view: ExchangeView,
  known: Collection,
  items: unknown[],
  offset: number,
  racing: (other: ExchangeView) => boolean,
  pending: PendingFindings,
  verdicts: Verdicts,
): void {
  const page = evidence(view.exchange);
  for (const [i, item] of items.entries()) {
    const id = idOf(item);
    if (id === undefined) continue;
    const index = offset + i;
    const before = known.places.get(id);
    if (before && before.index !== index) {
      pending.add({
        requirement: FORWARD,
        judged: view.exchange,
        clearedBy: racing,
        details: {
          message: `item ${id} showed at index ${before.index} of the collection and again at index ${index} (${requestLine(view)}), with no write in between: paging forward visits every item exactly once`,
          expected: `item ${id} at index ${before.index} only`,
          actual: `item ${id} at indexes ${before.index} and ${index}`,
          exchanges: [before.page, view.exchange],
        },
      });
      return;
    }
    known.places.set(id, { index, page });
  }
  if (items.length > 0) verdicts.pass(FORWARD, [view.exchange]);
}

function idOf(item: unknown): string | undefined {
  const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
}

/** Which collections a route's pages belong to, for the writes that may change them. */
function scopeOf(view: ExchangeView): Scope {
  const shape = view.rest?.shape ?? '';
  if (shape === '/trackers/<id>/artifacts') return 'artifacts';
  if (shape.startsWith('/projects')) return 'projects';
  return 'all';
}

/** The collections a write may change, or undefined when the exchange writes nothing. */
function writeScope(view: ExchangeView): Scope | undefined {
  if (view.isSoapCall) {
    const call = soapCallOf(view);
    if (call && /^get/.test(call.operation.name)) return undefined;
    return view.exchange.status === 200 || view.exchange.status === undefined
      ? 'projects'
      : undefined;
  }
  const route = view.rest;
  if (!route || ['GET', 'HEAD', 'OPTIONS'].includes(view.method)) return undefined;
  const status = view.exchange.status;
  if (status !== undefined && (status < 200 || status >= 300)) return undefined;
  if (route.shape === '/trackers/<id>/artifacts' && view.method === 'POST') return undefined;
  if (route.shape.startsWith('/tokens')) return undefined;
  if (route.shape === '/artifacts' || route.shape === '/artifacts/<id>') return 'artifacts';
  return 'all';
}
