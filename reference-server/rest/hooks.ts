/**
 * The REST adapter's hook points: where a server built on it may change what the correct handlers
 * do, so that the handlers never name what changes them (the app plugs the planted faults in
 * here: app.ts). A hook set has a hook at some of the points; hooked.ts runs them.
 */
import type { IncomingMessage } from 'node:http';
import type { ServerState } from '../server-state.ts';
import type { Answer, RestContext } from './context.ts';
import type { Format } from './negotiation.ts';
import type { CollectionKind, Page } from './pagination.ts';
import type { RouteKey } from './routes.ts';

/** A collection cut into a page for a query: the correct one (pagination.ts) or a hooked one. */
export type PageStep = <T>(
  all: readonly T[],
  query: URLSearchParams,
  kind: CollectionKind,
) => Page<T>;

export interface RestHooks {
  /** The request's headers rewritten before the router reads them. */
  request?: (state: ServerState, req: IncomingMessage) => void;
  /** Before the handler: refuse the request, or race it. */
  before?: (ctx: RestContext, route: RouteKey) => void | Promise<void>;
  /** The stores as the handler sees them. */
  stores?: (ctx: RestContext, route: RouteKey, state: ServerState) => ServerState;
  /** The format of the answer. */
  format?: (ctx: RestContext, route: RouteKey, format: Format) => Format;
  /** The root element an XML request body must have. */
  xmlRequestRoot?: string;
  /** The page of a collection, around the correct cut (`next`). */
  page?: (ctx: RestContext, route: RouteKey, next: PageStep) => PageStep;
  /** The answer before it is serialized. */
  answer?: (ctx: RestContext, route: RouteKey, answer: Answer) => Answer;
  /** The bytes a successful XML answer's text is written as (UTF-8, as it declares, else). */
  xmlBytes?: (xml: string) => Buffer;
  /** An error the handler threw, before it is answered. */
  error?: (state: ServerState, error: unknown) => unknown;
}
