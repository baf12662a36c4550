/**
 * Requests that reach the server together, for §4.4.3's contention check: a check of the version
 * and a write that are not one step show only when requests overlap. Each request gets a
 * connection of its own, opened first (a warm-up request on it); each is then written but the
 * last byte of its body, and once all are on the wire (or after HOLD_MS) the last bytes are
 * written in one turn of the event loop, so that the server completes them all at once. The
 * overlap is measured on the client: how many had their headers written to their socket (undici's
 * diagnostics channel undici:client:sendHeaders) before the first of their answers came back
 * (undici:request:headers).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { HttpResponse } from '../clients/http.ts';
import { dispatcher } from '../clients/transport.ts';
import type { ConformanceContext } from '../conformance-test.ts';

export interface Together {
  answers: HttpResponse[];
  /** How many of the requests were on the wire, all at once, before any of them was answered. */
  overlap: number;
}

/** How long the last bytes wait for requests not yet on the wire. */
const HOLD_MS = 2000;

/** What undici publishes: only the fields read here. */
interface UndiciRequest {
  method: string;
  path: string;
}

/**
 * Sends `count` requests together. `warm(ctx)` and `send(ctx, i)` make their requests through
 * the given context, whose `http` goes on the request's own connection; `matches` tells the
 * requests `send` makes (method and path) from any other request of the process.
 */
export async function sendTogether(
  ctx: ConformanceContext,
  count: number,
  warm: (on: ConformanceContext) => Promise<unknown>,
  send: (on: ConformanceContext, i: number) => Promise<HttpResponse>,
  matches: (method: string, path: string) => boolean,
): Promise<Together> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const connections = Array.from({ length: count }, () => dispatcher(1));
  const on = connections.map((connection) => withHttp(ctx, ctx.http.via(connection, released)));
  try {
    await Promise.all(on.map((c) => warm(c)));
    // Each connection carries one request's attempts in turn (a route form answered 404 before
    // the other, a 429 before its retry): only its last attempt, the answer `send` returns, counts.
    const attempts = new Map<unknown, { request: UndiciRequest; sentAt: number }>();
    const answeredAt = new Map<UndiciRequest, number>();
    let written = 0;
    const onSent = (message: unknown) => {
      const { request, socket } = message as { request: UndiciRequest; socket?: unknown };
      if (!matches(request.method, request.path)) return;
      attempts.set(socket ?? request, { request, sentAt: performance.now() });
      written += 1;
      if (written === count) release();
    };
    const onAnswered = (message: unknown) => {
      const { request } = message as { request: UndiciRequest };
      if (matches(request.method, request.path) && !answeredAt.has(request))
        answeredAt.set(request, performance.now());
    };
    subscribe('undici:client:sendHeaders', onSent);
    subscribe('undici:request:headers', onAnswered);
    // Not all on the wire in time (a rate limit, a lost connection): those that are go on.
    const late = setTimeout(release, HOLD_MS);
    try {
      const answers = await Promise.all(on.map((c, i) => send(c, i)));
      return { answers, overlap: overlapOf([...attempts.values()], answeredAt) };
    } finally {
      clearTimeout(late);
      release();
      unsubscribe('undici:client:sendHeaders', onSent);
      unsubscribe('undici:request:headers', onAnswered);
    }
  } finally {
    await Promise.all(connections.map((c) => c.close().catch(() => undefined)));
  }
}

/** How many of the last attempts were written before the first of them was answered. */
function overlapOf(
  last: ReadonlyArray<{ request: UndiciRequest; sentAt: number }>,
  answeredAt: ReadonlyMap<UndiciRequest, number>,
): number {
  const first = Math.min(...last.map((a) => answeredAt.get(a.request) ?? Infinity));
  return last.filter((a) => a.sentAt < first).length;
}

/** The test's context with another `http` (everything else, the transcript included, shared). */
function withHttp(ctx: ConformanceContext, http: ConformanceContext['http']): ConformanceContext {
  return Object.create(ctx, { http: { value: http } }) as ConformanceContext;
}
