/**
 * The monitor's reverse proxy: for each client connection, one connection to the upstream, and
 * the bytes piped both ways as they come, unchanged (malformed HTTP included: the proxy does not
 * parse to forward; only the rest of a request head longer than one read waits a moment, see
 * RequestPipe). A copy of each direction goes to the connection's tap, after the bytes were
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
    const requests = new RequestPipe(client, upstream, (chunk) => tap.request(chunk, Date.now()));
    client.on('data', (chunk: Buffer) => requests.send(chunk, tap.inRequestHead));
    client.on('end', () => requests.end());
    upstream.on('drain', () => requests.drained());
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
      // What the client still sends has nowhere to go: read to its end, so that its close comes.
      requests.drop();
      tap.close();
      if (!client.writableEnded) client.destroy();
    });
  }
}

/**
 * The client's bytes to the upstream, byte for byte, the half-close included; `tap` sees each chunk
 * once it is sent, or as it comes when it waits. A chunk that continues a request head longer than one read (a 1 MiB header)
 * waits two turns of the event loop: the upstream may have answered the head early (431) and
 * reset the connection, and node closes a socket whose write fails on the reset before reading
 * what came before it. Waiting lets that answer be read first and reach the client, as it would
 * reach the client without the monitor. Later chunks queue behind a waiting one, in order.
 */
class RequestPipe {
  readonly #queue: Buffer[] = [];
  #waiting = false;
  #ended = false;
  #dropped = false;

  constructor(
    private readonly client: Socket,
    private readonly upstream: Socket,
    private readonly tap: (chunk: Buffer) => void,
  ) {}

  send(chunk: Buffer, insideHead: boolean): void {
    if (this.#dropped) return;
    if (!insideHead && this.#queue.length === 0 && !this.#waiting) {
      this.#write(chunk);
      this.tap(chunk);
      return;
    }
    // Read now, as it came: the answer that may come first is then paired with its request.
    this.tap(chunk);
    this.#queue.push(chunk);
    this.client.pause();
    if (!this.#waiting) this.#wait();
  }

  end(): void {
    this.#ended = true;
    if (!this.#waiting && this.#queue.length === 0 && !this.#dropped) this.upstream.end();
  }

  drained(): void {
    if (!this.#waiting && this.#queue.length === 0) this.client.resume();
  }

  /** The upstream is gone: what the client sends from now on is read and let go. */
  drop(): void {
    this.#dropped = true;
    this.#queue.length = 0;
    this.client.resume();
  }

  #wait(): void {
    this.#waiting = true;
    setImmediate(() =>
      setImmediate(() => {
        this.#waiting = false;
        const next = this.#queue.shift();
        if (this.#dropped || next === undefined) return;
        this.#write(next);
        if (this.#queue.length > 0) this.#wait();
        else if (this.#ended) this.upstream.end();
        else if (!this.upstream.writableNeedDrain) this.client.resume();
      }),
    );
  }

  #write(chunk: Buffer): void {
    if (!this.upstream.write(chunk)) this.client.pause();
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
