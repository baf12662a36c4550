/**
 * What undici's diagnostics channels tell of the connection a failed request went out on: was it
 * a reused keep-alive connection, and did any byte come back after the request was sent? A server
 * may close an idle connection at any time (RFC 9112 §9.8; Apache after 5 s): a request written
 * just then gets "other side closed" or ECONNRESET with nothing received, and may be sent again.
 */
import { channel } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

export interface ConnectionFacts {
  /** The request went out on a connection that had carried an earlier exchange. */
  reused: boolean;
  /** Bytes the connection received after the request's head was written (0: no byte of answer). */
  bytesReceived: number;
}

interface Sent {
  socket: Socket;
  bytesReadBefore: number;
  reused: boolean;
}

interface Observed {
  requestsOn: WeakMap<Socket, number>;
  sent: WeakMap<object, Sent>;
  facts: WeakMap<object, ConnectionFacts>;
  /** Kept referenced: a channel with subscribers must stay reachable. */
  channels: unknown[];
}

// One record per process, subscribed once: the CLI and vitest's module runner each load their own
// instance of this module, on one undici pool. A connection the CLI's preflight used is reused by
// the provisioning (another instance), which must see it as reused.
const KEY = Symbol.for('soap-rest-conformance.connection-facts');
const slot = globalThis as typeof globalThis & { [KEY]?: Observed };
const observed: Observed = slot[KEY] ?? subscribe();

function subscribe(): Observed {
  const sendHeaders = channel('undici:client:sendHeaders');
  const requestError = channel('undici:request:error');
  const state: Observed = {
    requestsOn: new WeakMap(),
    sent: new WeakMap(),
    facts: new WeakMap(),
    channels: [sendHeaders, requestError],
  };
  slot[KEY] = state;
  sendHeaders.subscribe((message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    const before = state.requestsOn.get(socket) ?? 0;
    state.requestsOn.set(socket, before + 1);
    state.sent.set(request, { socket, bytesReadBefore: socket.bytesRead, reused: before > 0 });
  });
  requestError.subscribe((message) => {
    const { request, error } = message as { request: object; error: unknown };
    const s = state.sent.get(request);
    if (s === undefined || typeof error !== 'object' || error === null) return;
    state.facts.set(error, {
      reused: s.reused,
      bytesReceived: s.socket.bytesRead - s.bytesReadBefore,
    });
  });
  return state;
}

/** The facts of the request that failed with `error`; undefined when it was never sent. */
export function connectionFactsOf(error: unknown): ConnectionFacts | undefined {
  return typeof error === 'object' && error !== null ? observed.facts.get(error) : undefined;
}

/** The connection was closed under the request: no timeout, no answer refused by the client. */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * True when the request may be sent again: it went out on a reused connection, the connection
 * was closed under it, and not one byte of an answer had come back. Never after a status line
 * (or any byte) arrived, never on a timeout.
 */
export function closedBeforeAnswer(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  const f = connectionFactsOf(error);
  return (
    typeof code === 'string' && CLOSED.has(code) && f?.reused === true && f.bytesReceived === 0
  );
}
