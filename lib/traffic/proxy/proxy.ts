/**
 * The monitor's reverse proxy: for each client connection, one connection to the upstream, and
 * the bytes piped both ways as they come, unchanged (malformed HTTP included: the proxy does not
 * parse to forward). A copy of each direction goes to the connection's tap, after the bytes were
 * handed to the other side, so the reading never delays the forwarding. Backpressure is each
 * side's own: a client that reads slowly slows its upstream, and no more.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { ConnectionTap, type ExchangeSink } from './connection-tap.ts';
import type { Upstream } from './upstream.ts';

export interface ProxyOptions {
  upstream: Upstream;
  host: string;
  port: number;
  /** Body bytes the tap keeps per message; the rest is forwarded and not judged. */
  bodyCap: number;
  sink: ExchangeSink;
  /**
   * A connection to the upstream failed (refused, reset, TLS): the client's connection is closed
   * after what the upstream sent before.
   */
  onUpstreamError: (error: Error) => void;
}

interface Link {
  client: Socket;
  upstream: Socket;
  tap: ConnectionTap;
}

export class MonitorProxy {
  readonly #links = new Set<Link>();
  #seq = 0;

  private constructor(
    private readonly server: Server,
    private readonly options: ProxyOptions,
  ) {}

  static listen(options: ProxyOptions): Promise<MonitorProxy> {
    const server = createServer({ allowHalfOpen: true, noDelay: true });
    const proxy = new MonitorProxy(server, options);
    server.on('connection', (client) => proxy.#link(client));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve(proxy);
      });
    });
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  }

  /**
   * Accepts no new connection; a connection waiting for an answer gets `graceMs` to receive it,
   * then every connection is closed.
   */
  async close(graceMs: number): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const deadline = Date.now() + graceMs;
    while ([...this.#links].some((l) => l.tap.busy) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    for (const link of this.#links) {
      link.client.destroy();
      link.upstream.destroy();
    }
    await closed;
  }

  #link(client: Socket): void {
    const upstream = this.options.upstream.connect();
    upstream.setNoDelay(true);
    const tap = new ConnectionTap({
      fallbackOrigin: this.options.upstream.origin,
      bodyCap: this.options.bodyCap,
      nextSeq: () => (this.#seq += 1),
      sink: this.options.sink,
    });
    const link = { client, upstream, tap };
    this.#links.add(link);
    pipe(client, upstream, (chunk) => tap.request(chunk, Date.now()));
    pipe(upstream, client, (chunk) => tap.answer(chunk, Date.now()));
    client.on('end', () => tap.requestsEnded());
    client.on('error', () => upstream.destroy());
    upstream.on('error', (error) => {
      this.options.onUpstreamError(error);
      // What the upstream sent before its reset still reaches the client, then the close.
      client.end();
    });
    // A client gone receives nothing more: its upstream connection goes too.
    client.on('close', () => {
      upstream.destroy();
      this.#links.delete(link);
    });
    // Every byte of the answers has passed once the upstream connection closed.
    upstream.on('close', () => {
      tap.close();
      if (!client.writableEnded) client.destroy();
    });
  }
}

/** `from` to `to`, byte for byte, half-closes included; `tap` sees each chunk once it is sent. */
function pipe(from: Socket, to: Socket, tap: (chunk: Buffer) => void): void {
  from.on('data', (chunk: Buffer) => {
    if (!to.write(chunk)) from.pause();
    tap(chunk);
  });
  to.on('drain', () => from.resume());
  from.on('end', () => to.end());
}
