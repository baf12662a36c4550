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

const requestsOn = new WeakMap<Socket, number>();
const sent = new WeakMap<object, Sent>();
const facts = new WeakMap<object, ConnectionFacts>();

// Kept in module constants: a channel with subscribers must stay referenced.
const sendHeaders = channel('undici:client:sendHeaders');
const requestError = channel('undici:request:error');

sendHeaders.subscribe((message) => {
  const { request, socket } = message as { request: object; socket: Socket };
  const before = requestsOn.get(socket) ?? 0;
  requestsOn.set(socket, before + 1);
  sent.set(request, { socket, bytesReadBefore: socket.bytesRead, reused: before > 0 });
});

requestError.subscribe((message) => {
  const { request, error } = message as { request: object; error: unknown };
  const s = sent.get(request);
  if (s === undefined || typeof error !== 'object' || error === null) return;
  facts.set(error, { reused: s.reused, bytesReceived: s.socket.bytesRead - s.bytesReadBefore });
});

/** The facts of the request that failed with `error`; undefined when it was never sent. */
export function connectionFactsOf(error: unknown): ConnectionFacts | undefined {
  return typeof error === 'object' && error !== null ? facts.get(error) : undefined;
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
