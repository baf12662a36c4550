/**
 * For the monitor's tests: the proxy started in process in front of an upstream, with what it
 * handed to the judge kept for the test to read; a raw client that sends bytes and reads every
 * byte of the answer; and a raw upstream that records the bytes it received and answers by path.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { TrafficExchange } from '../../lib/traffic/exchange.ts';
import { TrafficJudge } from '../../lib/traffic/judge.ts';
import { JudgeQueue } from '../../lib/traffic/proxy/judge-queue.ts';
import { MonitorProxy } from '../../lib/traffic/proxy/proxy.ts';
import { upstreamOf, type UpstreamTls } from '../../lib/traffic/proxy/upstream.ts';
import { TRAFFIC_RULES } from '../../lib/traffic/rules/index.ts';

export const TIMEOUT_MS = 10_000;

export interface RunningMonitor {
  url: string;
  port: number;
  judge: TrafficJudge;
  queue: JudgeQueue;
  exchanges: TrafficExchange[];
  unjudgeable: Array<{ seq: number; reason: string }>;
  upstreamErrors: string[];
  close(): Promise<void>;
}

/**
 * The monitor's proxy and judge in this process. `include`: the requirements judged (all);
 * `record`: keep each exchange in `exchanges` too (a long run judged only leaves it off).
 */
export async function startMonitor(
  upstream: string,
  tls: UpstreamTls = { insecure: false },
  bodyCap = 1024 * 1024,
  include: (requirement: string) => boolean = () => true,
  record = true,
): Promise<RunningMonitor> {
  const target = upstreamOf(upstream, tls);
  if (typeof target === 'string') throw new Error(target);
  const judge = new TrafficJudge(TRAFFIC_RULES, include);
  const queue = new JudgeQueue(judge);
  const exchanges: TrafficExchange[] = [];
  const unjudgeable: RunningMonitor['unjudgeable'] = [];
  const upstreamErrors: string[] = [];
  const proxy = await MonitorProxy.listen({
    upstream: target,
    host: '127.0.0.1',
    port: 0,
    bodyCap,
    sink: {
      exchange: (tapped) => {
        if (!record) return queue.exchange(tapped);
        const e = tapped.build();
        if (typeof e === 'string') unjudgeable.push({ seq: tapped.seq, reason: e });
        else exchanges.push(e);
        queue.exchange(tapped);
      },
      unjudgeable: (seq, reason) => {
        unjudgeable.push({ seq, reason });
        queue.unjudgeable(seq, reason);
      },
    },
    onUpstreamError: (error) => upstreamErrors.push(error.message),
  });
  return {
    url: `http://127.0.0.1:${proxy.port}`,
    port: proxy.port,
    judge,
    queue,
    exchanges,
    unjudgeable,
    upstreamErrors,
    close: () => proxy.close(0),
  };
}

/**
 * Sends each piece (a pause of `pauseMs` between them) on one connection and reads until the
 * other side closes (send `Connection: close` last): every byte of the answers, as they came.
 */
export function rawRoundTrip(
  url: string,
  pieces: ReadonlyArray<string | Buffer>,
  pauseMs = 0,
): Promise<Buffer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(TIMEOUT_MS, () => {
      socket.destroy();
      reject(new Error(`no end of the answer within ${TIMEOUT_MS} ms from ${url}`));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that answers early may reset the connection while the request is still sent:
    // the answer is what came before.
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    void (async () => {
      for (const [i, piece] of pieces.entries()) {
        if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        if (socket.destroyed) return;
        socket.write(typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece);
      }
    })();
  });
}

export interface RawUpstream {
  url: string;
  /** The bytes each connection received, in the order the connections opened. */
  received: Buffer[];
  close(): Promise<void>;
}

/**
 * An upstream that answers each request (Content-Length bodies only) with `answer(path,
 * request)`, raw bytes, and closes after a request that says `Connection: close`.
 */
export async function startRawUpstream(
  answer: (path: string, request: Buffer) => Buffer | string,
): Promise<RawUpstream> {
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const index = received.push(Buffer.alloc(0)) - 1;
    let buffer = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received[index] = Buffer.concat([received[index]!, chunk]);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.toString('latin1', 0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        const request = buffer.subarray(0, end + 4 + length);
        buffer = buffer.subarray(end + 4 + length);
        const path = head.split(' ')[1] ?? '';
        const bytes = answer(path, request);
        socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
        if (/\r\nconnection: *close/i.test(head)) socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
