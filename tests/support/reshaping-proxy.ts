/**
 * A front for a server that rewrites the JSON bodies of some answers, as a target whose
 * representation the spec leaves open ('not shown') and that chose another shape would send
 * them. Everything else passes through unchanged.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reshaping {
  /** Whether the answer to this request is rewritten. */
  applies(req: IncomingMessage): boolean;
  reshape(body: unknown): unknown;
}

export async function startReshapingProxy(
  upstream: string,
  reshaping: Reshaping,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', upstream);
    const forward = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          const json = /json/.test(answer.headers['content-type'] ?? '');
          if (json && answer.statusCode === 200 && reshaping.applies(req)) {
            body = Buffer.from(JSON.stringify(reshaping.reshape(JSON.parse(body.toString()))));
            headers['content-length'] = String(body.length);
            delete headers['transfer-encoding'];
          }
          res.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
