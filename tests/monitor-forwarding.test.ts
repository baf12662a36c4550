/**
 * `monitor` forwards every exchange unchanged: the same bytes sent direct and through the monitor
 * get byte-identical answers (status line, header order and case, chunked framing, trailers, a
 * 10 MB body, several requests on one connection, pipelined or not), and the upstream receives
 * byte-identical requests. Meanwhile the monitor hands each exchange to the judge.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  rawRoundTrip,
  startMonitor,
  startRawUpstream,
  type RawUpstream,
  type RunningMonitor,
} from './support/monitor-harness.ts';

const TEN_MB = 10 * 1000 * 1000;
const BIG = Buffer.alloc(TEN_MB, 'abcdefghij');

const CHUNKED =
  'HTTP/1.1 200 OK\r\nX-Mixed-CASE: a\r\nTransfer-Encoding: chunked\r\nset-cookie: a=1\r\n' +
  'Set-Cookie: b=2\r\nContent-Type: application/json\r\n\r\n' +
  '7;ext=1\r\n{"a":1}\r\n0\r\nTrailer-X: y\r\n\r\n';

function answer(path: string, request: Buffer): Buffer | string {
  if (path === '/chunked') return CHUNKED;
  if (path === '/big')
    return Buffer.concat([
      Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${BIG.length}\r\n\r\n`),
      BIG,
    ]);
  // The request itself as the body: what reached the upstream, seen by the client too.
  return Buffer.concat([
    Buffer.from(
      `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${request.length}\r\n\r\n`,
    ),
    request,
  ]);
}

let upstream: RawUpstream;
let monitor: RunningMonitor;

beforeAll(async () => {
  upstream = await startRawUpstream(answer);
  monitor = await startMonitor(upstream.url);
});
afterAll(async () => {
  await monitor?.close();
  await upstream?.close();
});

/** The pieces sent direct, then through the monitor: both answers and both requests received. */
async function bothWays(pieces: Array<string | Buffer>, pauseMs = 0) {
  const first = upstream.received.length;
  const direct = await rawRoundTrip(upstream.url, pieces, pauseMs);
  const proxied = await rawRoundTrip(monitor.url, pieces, pauseMs);
  expect(upstream.received.length).toBe(first + 2);
  return {
    direct,
    proxied,
    receivedDirect: upstream.received[first]!,
    receivedProxied: upstream.received[first + 1]!,
  };
}

const get = (path: string, close = true, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: client.example\r\nuser-AGENT: raw/1\r\n${extra}${close ? 'Connection: close\r\n' : ''}\r\n`;

describe('what the client receives and what the upstream receives are the bytes sent', () => {
  test('a chunked answer with extensions, trailers, repeated headers and mixed case', async () => {
    const before = monitor.exchanges.length;
    const r = await bothWays([get('/chunked')]);
    expect(r.direct.toString('latin1')).toBe(CHUNKED);
    expect(r.proxied.equals(r.direct)).toBe(true);
    expect(r.receivedProxied.equals(r.receivedDirect)).toBe(true);
    await until(() => monitor.exchanges.length > before);
    expect(monitor.exchanges.at(-1)).toMatchObject({
      method: 'GET',
      url: 'http://client.example/chunked',
      status: 200,
      responseBody: '{"a":1}',
    });
  });

  test('several requests on one kept-alive connection, one after the other', async () => {
    const r = await bothWays([get('/a', false), get('/b', false, 'X-N: 2\r\n'), get('/c')], 30);
    expect(r.direct.toString('latin1').match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3);
    expect(r.proxied.equals(r.direct)).toBe(true);
    expect(r.receivedProxied.equals(r.receivedDirect)).toBe(true);
  });

  test('pipelined requests in one write', async () => {
    const before = monitor.exchanges.length;
    const r = await bothWays([get('/p1', false) + get('/p2', false) + get('/p3')]);
    expect(r.proxied.equals(r.direct)).toBe(true);
    expect(r.receivedProxied.equals(r.receivedDirect)).toBe(true);
    await until(() => monitor.exchanges.length >= before + 3);
    expect(monitor.exchanges.slice(-3).map((e) => new URL(e.url).pathname)).toEqual([
      '/p1',
      '/p2',
      '/p3',
    ]);
  });

  test('a 10 MB answer', async () => {
    const r = await bothWays([get('/big')]);
    expect(r.direct.length).toBeGreaterThan(TEN_MB);
    expect(r.proxied.equals(r.direct)).toBe(true);
    await until(() => monitor.exchanges.some((e) => e.url.endsWith('/big')));
    expect(monitor.exchanges.find((e) => e.url.endsWith('/big'))!.truncated).toBe(true);
  });

  test('a 10 MB request body, sent in pieces', async () => {
    const head = `POST /echo HTTP/1.1\r\nHost: h\r\nContent-Length: ${BIG.length}\r\nConnection: close\r\n\r\n`;
    const pieces = [head, BIG.subarray(0, 3_000_000), BIG.subarray(3_000_000)];
    const r = await bothWays(pieces, 5);
    expect(r.receivedDirect.length).toBe(head.length + TEN_MB);
    expect(r.receivedProxied.equals(r.receivedDirect)).toBe(true);
    expect(r.proxied.equals(r.direct)).toBe(true);
  });
});

/** Waits for the judging, which runs after the forwarding. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(done()).toBe(true);
}
