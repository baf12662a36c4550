/**
 * A proxy that adds a fixed delay to every response: what a remote target costs (tens of
 * milliseconds a request); with no delay, the pass-through proxy of tests/false-alarms.test.ts.
 * The request goes to the target unchanged (Host included, so {base_url} becomes the proxy's
 * address); the answer's head is held for `delayMs`, then the answer is streamed back.
 * With `idleCloseMs`, it closes a client's connection idle that long while the Keep-Alive hint
 * (the target's, passed through, or the proxy's 30 s) says longer, as a server may: the
 * suites run through it with 1 s (tests/false-alarms.test.ts).
 */
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeIdleConnections } from '../reference-server/idle-close.ts';

export interface DelayProxy {
  url: string;
  /** Requests forwarded so far. */
  readonly forwarded: number;
  close(): Promise<void>;
}

/** How the proxy waits: setTimeout, or a test's recorder. */
export type Schedule = (answer: () => void, delayMs: number) => void;

export interface ProxyOptions {
  /** Close a client connection idle this long, whatever the Keep-Alive hint says (default: never). */
  idleCloseMs?: number;
}

export async function startDelayProxy(
  target: string,
  delayMs: number,
  schedule: Schedule = (answer, ms) => void setTimeout(answer, ms),
  options: ProxyOptions = {},
): Promise<DelayProxy> {
  const upstream = new URL(target);
  // Kept-alive upstream connections, as many as the clients open: the proxy adds the delay only.
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let forwarded = 0;
  const server: Server = createServer((req, res) => {
    forwarded += 1;
    const outgoing = request(
      {
        agent,
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        schedule(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, delayMs);
      },
    );
    outgoing.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(outgoing);
  });
  // Longer than any client keeps an idle socket (as reference-server/listen.ts).
  server.keepAliveTimeout = 30_000;
  if (options.idleCloseMs !== undefined) closeIdleConnections(server, options.idleCloseMs);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
