/** Small node:http helpers shared by the REST, SOAP and test-control adapters. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLarge extends Error {}

/** Reads the request body, refusing more than MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string | number> = {},
): void {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string | number> = {},
): void {
  send(res, status, JSON.stringify(value), { 'Content-Type': 'application/json', ...headers });
}

/** The real system's REST error body (tuleap-facts B.1): {"error":{"code","message"}}. */
export function sendRestError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { code: status, message } });
}
