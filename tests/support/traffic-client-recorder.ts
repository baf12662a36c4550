/**
 * A recording reverse proxy for the client-rule tests: it forwards each request to the upstream
 * unchanged (the Host header too, so a server that names itself from Host names the proxy, and
 * WSDL-driven clients keep calling through it) and records the exchange as the traffic judge
 * reads it. Bodies are buffered: it is for short test sessions, not for `monitor`'s streams.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { headerRecord, type TrafficExchange } from '../../lib/traffic/exchange.ts';

export interface RecordingProxy {
  url: string;
  readonly exchanges: readonly TrafficExchange[];
  close(): Promise<void>;
}

export async function startRecordingProxy(upstream: string): Promise<RecordingProxy> {
  const exchanges: TrafficExchange[] = [];
  const server = createServer((req, res) => {
    const startedMs = Date.now();
    void readAll(req).then((requestBody) => {
      const target = new URL(req.url ?? '/', upstream);
      const forward = request(
        target,
        { method: req.method, headers: req.headers },
        (answer) =>
          void readAll(answer).then((responseBody) => {
            const endedMs = Date.now();
            exchanges.push({
              seq: exchanges.length + 1,
              startedMs,
              endedMs,
              method: req.method ?? 'GET',
              url: new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`).href,
              requestHeaders: headerRecord(pairs(req.rawHeaders)),
              requestBody,
              status: answer.statusCode ?? 0,
              responseHeaders: headerRecord(pairs(answer.rawHeaders)),
              responseBody,
              durationMs: endedMs - startedMs,
            });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(responseBody);
          }),
      );
      forward.on('error', () => res.destroy());
      forward.end(requestBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readAll(stream: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

function pairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
