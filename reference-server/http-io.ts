/** Small node:http helpers shared by the REST, SOAP and test-control adapters. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Variants } from './variants.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLarge extends Error {}

/** Past this, an oversized body is no longer drained: the connection is cut. */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

/**
 * Reads the request body, refusing more than MAX_BODY_BYTES. An oversized body is read to its end
 * (up to MAX_DRAIN_BYTES) before the refusal, so that clients still sending it see the answer.
 * Read with the stream's events: an async iterator cost more than the rest of a small request's
 * reading (bench/, profile of POST /api/tokens).
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    // Anonymous listeners: tsx names each named closure per call, which the profile showed.
    const reader = new BodyReader(req, resolve, reject);
    req
      .on('data', (chunk: Buffer) => reader.data(chunk))
      .on('end', () => reader.settle())
      .on('error', (error: Error) => reader.settle(error))
      .on('close', () => reader.closed());
  });
}

class BodyReader {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly resolve: (body: Buffer) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  data(chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.length;
    if (this.size <= MAX_BODY_BYTES) this.chunks.push(chunk);
    else if (this.size > MAX_DRAIN_BYTES) {
      this.settle();
      this.req.destroy();
    }
  }

  /** Closed before its end (the client went away): as an async iterator would, an error. */
  closed(): void {
    // 'close' follows every request's 'end': no Error (and its stack) made for nothing.
    if (!this.settled) this.settle(new Error('request closed before the end of its body'));
  }

  /** The first call decides: a destroyed request closes after its error. */
  settle(error?: Error): void {
    if (this.settled) return;
    this.settled = true;
    if (error) this.reject(error);
    else if (this.size > MAX_BODY_BYTES)
      this.reject(new BodyTooLarge(`request body over ${MAX_BODY_BYTES} bytes`));
    else this.resolve(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks));
  }
}

/** A body as text, or as UTF-8 bytes (kept answers: no measuring and encoding per answer). */
export type Body = string | Buffer;

const byteLength = (body: Body) =>
  typeof body === 'string' ? Buffer.byteLength(body) : body.length;

export function send(
  res: ServerResponse,
  status: number,
  body: Body,
  headers: Record<string, string | number> = {},
): void {
  res.writeHead(status, { 'Content-Length': byteLength(body), ...headers });
  res.end(body);
}

/** send() with a Content-Type that `headers` may override: the header object is made once. */
export function sendTyped(
  res: ServerResponse,
  status: number,
  body: Body,
  contentType: string,
  headers: Record<string, string>,
): void {
  res.writeHead(status, {
    'Content-Length': byteLength(body),
    'Content-Type': contentType,
    ...headers,
  });
  res.end(body);
}

/**
 * Answers and closes the connection: for a request whose body was not read to the end (too
 * large), so that no client reuses a connection with unread bytes on it.
 */
export function sendAndClose(
  res: ServerResponse,
  status: number,
  body: Body,
  headers: Record<string, string | number> = {},
): void {
  const socket = res.socket;
  res.once('finish', () => socket?.destroy());
  send(res, status, body, { ...headers, Connection: 'close' });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string | number> = {},
): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json', ...headers });
}

/** A REST error as sent: the body and its media type. */
export interface RestErrorBody {
  body: string;
  contentType: string;
}

/**
 * The REST error body (§7.2: its shape is not shown). The real system's {"error":{"code",
 * "message"}} (docs/real-system.md, "REST tokens"), or a variant's: text/plain, or RFC 9457
 * problem+json.
 */
export function restErrorBody(
  status: number,
  message: string,
  variants?: Variants,
  jsonType = 'application/json',
): RestErrorBody {
  if (variants?.on('rest-errors-plain-text'))
    return { body: `${status} ${message}\n`, contentType: 'text/plain; charset=utf-8' };
  if (variants?.on('rest-errors-problem-json')) {
    const colon = message.indexOf(': ');
    const problem = {
      type: 'about:blank',
      title: colon < 0 ? message : message.slice(0, colon),
      status,
      detail: colon < 0 ? message : message.slice(colon + 2),
    };
    return { body: JSON.stringify(problem), contentType: 'application/problem+json' };
  }
  return { body: JSON.stringify({ error: { code: status, message } }), contentType: jsonType };
}

export function sendRestError(
  res: ServerResponse,
  status: number,
  message: string,
  variants?: Variants,
): void {
  const { body, contentType } = restErrorBody(status, message, variants);
  if (status === 413) return sendAndClose(res, status, body, { 'Content-Type': contentType });
  send(res, status, body, { 'Content-Type': contentType });
}
