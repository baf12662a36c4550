/**
 * A pass-through front that notes when each request came and whether it came as a forward proxy
 * request (absolute URL, as through HTTP_PROXY) or as to a server (a path). Over http, or over
 * https with a given key and certificate (a self-signed target).
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** When each request arrived (ms). */
  times: number[];
  /** How many came in absolute form (a forward proxy's). */
  proxied: number;
  close(): Promise<void>;
}

export async function startCountingProxy(
  upstream: string,
  tls?: { key: string; cert: string },
): Promise<CountingProxy> {
  const state = { times: [] as number[], proxied: 0 };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    state.times.push(Date.now());
    const absolute = /^https?:\/\//.test(req.url ?? '');
    if (absolute) state.proxied += 1;
    const target = absolute ? new URL(req.url!) : new URL(req.url ?? '/', upstream);
    const forward = request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  };
  const server = tls ? createHttpsServer(tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    get times() {
      return state.times;
    },
    get proxied() {
      return state.proxied;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The most requests that arrived within any one second. */
export function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
