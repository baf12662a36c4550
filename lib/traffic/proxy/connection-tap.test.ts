/**
 * The tap's reading of HTTP/1.1 (RFC 9112): the exchanges it makes of the bytes of a connection,
 * fed whole, split at every byte boundary, and one byte at a time.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { TrafficExchange } from '../exchange.ts';
import { ConnectionTap } from './connection-tap.ts';

interface Seen {
  exchanges: TrafficExchange[];
  unjudgeable: Array<{ seq: number; reason: string }>;
}

function tapOf(bodyCap = 1024 * 1024): { tap: ConnectionTap; seen: Seen } {
  const seen: Seen = { exchanges: [], unjudgeable: [] };
  let seq = 0;
  const tap = new ConnectionTap({
    fallbackOrigin: 'http://upstream.example:8000',
    bodyCap,
    nextSeq: () => (seq += 1),
    sink: {
      exchange: (tapped) => {
        const e = tapped.build();
        if (typeof e === 'string') seen.unjudgeable.push({ seq: tapped.seq, reason: e });
        else seen.exchanges.push(e);
      },
      unjudgeable: (s, reason) => seen.unjudgeable.push({ seq: s, reason }),
    },
  });
  return { tap, seen };
}

/** Feeds the request bytes, then the answer bytes, each in pieces cut at `cuts`. */
function run(request: string, answer: string, cuts: (bytes: Buffer) => Buffer[], bodyCap?: number) {
  const { tap, seen } = tapOf(bodyCap);
  for (const piece of cuts(Buffer.from(request, 'latin1'))) tap.request(piece, 1000);
  for (const piece of cuts(Buffer.from(answer, 'latin1'))) tap.answer(piece, 2000);
  tap.close();
  return seen;
}

const whole = (b: Buffer) => [b];
const bytewise = (b: Buffer) => [...b].map((x) => Buffer.from([x]));
const splitAt = (i: number) => (b: Buffer) => [b.subarray(0, i), b.subarray(i)];

/** Every way of cutting the bytes in two, plus one byte at a time. */
function everyCut(text: string): Array<[string, (b: Buffer) => Buffer[]]> {
  const n = Buffer.byteLength(text, 'latin1');
  return [
    ['whole', whole],
    ['byte by byte', bytewise],
    ...Array.from(
      { length: n + 1 },
      (_, i) => [`cut at ${i}`, splitAt(i)] as [string, typeof whole],
    ),
  ];
}

const GET =
  'GET /api/projects?limit=2 HTTP/1.1\r\nHost: monitor.example:9000\r\nX-Auth-Token: t\r\n\r\n';
const OK_LENGTH =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n[1,2,3]';
const OK_CHUNKED =
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/xml\r\n\r\n' +
  '4;name=value\r\n<a/>\r\n5\r\n<b/>x\r\n0\r\nX-Trailer: yes\r\n\r\n';
const PUT =
  'PUT /api/artifacts/7 HTTP/1.1\r\nHost: h\r\nIf-Match: "abc"\r\nTransfer-Encoding: chunked\r\n\r\n' +
  '3\r\n{"a\r\n4\r\n":1}\r\n0\r\n\r\n';

describe('the tap reads an exchange however its bytes are cut', () => {
  test.each(everyCut(GET + OK_LENGTH))('content-length answer, %s', (_, cuts) => {
    const seen = run(GET, OK_LENGTH, cuts);
    expect(seen.unjudgeable).toEqual([]);
    expect(seen.exchanges).toHaveLength(1);
    const e = seen.exchanges[0]!;
    expect(e).toMatchObject({
      seq: 1,
      method: 'GET',
      url: 'http://monitor.example:9000/api/projects?limit=2',
      requestBody: '',
      status: 200,
      responseBody: '[1,2,3]',
      startedMs: 1000,
    });
    expect(e.requestHeaders).toEqual({ host: 'monitor.example:9000', 'x-auth-token': 't' });
    expect(e.responseHeaders!['content-type']).toBe('application/json');
    expect(e.truncated).toBeUndefined();
  });

  test.each(everyCut(OK_CHUNKED))('chunked answer with extensions and trailers, %s', (_, cuts) => {
    const seen = run(GET, OK_CHUNKED, cuts);
    expect(seen.unjudgeable).toEqual([]);
    expect(seen.exchanges.map((e) => e.responseBody)).toEqual(['<a/><b/>x']);
  });

  test.each(everyCut(PUT))('chunked request, %s', (_, cuts) => {
    const seen = run(PUT, 'HTTP/1.1 204 No Content\r\nETag: "b"\r\n\r\n', cuts);
    expect(seen.exchanges).toHaveLength(1);
    expect(seen.exchanges[0]).toMatchObject({ method: 'PUT', requestBody: '{"a":1}', status: 204 });
  });
});

describe('bodies the framing leaves out or delimits by the close', () => {
  test('an answer without length ends with the connection', () => {
    const seen = run(GET, 'HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end', whole);
    expect(seen.exchanges[0]!.responseBody).toBe('until the end');
  });

  test('HEAD, 204 and 304 have no body whatever their Content-Length', () => {
    const { tap, seen } = tapOf();
    tap.request(
      Buffer.from('HEAD /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n'),
      1,
    );
    tap.request(Buffer.from('GET /c HTTP/1.1\r\nHost: h\r\n\r\n'), 1);
    tap.answer(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n'), 2);
    tap.answer(Buffer.from('HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n'), 2);
    tap.answer(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'), 2);
    expect(seen.exchanges.map((e) => [e.url, e.status, e.responseBody])).toEqual([
      ['http://h/a', 200, ''],
      ['http://h/b', 304, ''],
      ['http://h/c', 204, ''],
    ]);
    expect(tap.busy).toBe(false);
  });

  test('100 Continue is skipped: the final answer is paired with the request', () => {
    const seen = run(
      'POST /soap/project/ HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nhello',
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\nno',
      bytewise,
    );
    expect(seen.exchanges).toHaveLength(1);
    expect(seen.exchanges[0]).toMatchObject({
      requestBody: 'hello',
      status: 500,
      responseBody: 'no',
    });
  });

  test('pipelined requests are paired with the answers in order', () => {
    const requests = [1, 2, 3].map((i) => `GET /api/artifacts/${i} HTTP/1.1\r\nHost: h\r\n\r\n`);
    const answers = [1, 2, 3].map(
      (i) => `HTTP/1.1 200 OK\r\nContent-Length: ${String(i).length}\r\n\r\n${i}`,
    );
    const seen = run(requests.join(''), answers.join(''), (b) => [b]);
    expect(seen.exchanges.map((e) => [e.seq, e.url, e.responseBody])).toEqual([
      [1, 'http://h/api/artifacts/1', '1'],
      [2, 'http://h/api/artifacts/2', '2'],
      [3, 'http://h/api/artifacts/3', '3'],
    ]);
  });

  test('a body over the cap is kept cut and the exchange says so', () => {
    const body = 'x'.repeat(100);
    const seen = run(GET, `HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n${body}`, bytewise, 10);
    expect(seen.exchanges[0]).toMatchObject({ responseBody: 'x'.repeat(10), truncated: true });
  });

  test('a request without Host is named by the upstream origin', () => {
    const seen = run('GET /api/projects HTTP/1.0\r\n\r\n', OK_LENGTH, whole);
    expect(seen.exchanges[0]!.url).toBe('http://upstream.example:8000/api/projects');
  });
});

describe('what cannot be read is unjudgeable, never guessed', () => {
  test.each([
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', /not an HTTP\/1\.1 request line/],
    ['a header line without colon', 'GET / HTTP/1.1\r\nbroken\r\n\r\n', /not a field/],
    [
      'a Content-Length that is not a number',
      'POST / HTTP/1.1\r\nContent-Length: ten\r\n\r\n',
      /Content-Length that cannot be read/,
    ],
    [
      'a chunk size that is not hex',
      'POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      /not hexadecimal/,
    ],
  ])('%s', (_, request, reason) => {
    const { tap, seen } = tapOf();
    tap.request(Buffer.from(request), 1);
    tap.answer(Buffer.from('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n'), 2);
    tap.close();
    expect(seen.exchanges).toEqual([]);
    expect(seen.unjudgeable.map((u) => u.reason).join(' | ')).toMatch(reason);
  });

  test('a request target that is no URL', () => {
    const seen = run('GET http://[ HTTP/1.1\r\nHost: h\r\n\r\n', OK_LENGTH, whole);
    expect(seen.exchanges).toEqual([]);
    expect(seen.unjudgeable).toEqual([{ seq: 1, reason: expect.stringMatching(/not a URL/) }]);
  });

  test('an answer cut by the close', () => {
    const seen = run(GET, 'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort', whole);
    expect(seen.exchanges).toEqual([]);
    expect(seen.unjudgeable).toEqual([{ seq: 1, reason: expect.stringMatching(/closed before/) }]);
  });

  test('a request left without answer', () => {
    const seen = run(GET, '', whole);
    expect(seen.unjudgeable).toEqual([{ seq: 1, reason: expect.stringMatching(/closed before/) }]);
  });

  test('an answer to no request stops the reading', () => {
    const seen = run('', OK_LENGTH, whole);
    expect(seen.exchanges).toEqual([]);
  });

  test('a protocol switch ends the reading after the 101', () => {
    const seen = run(
      'GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n\x81\x05hello',
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\x81\x02hi',
      whole,
    );
    expect(seen.exchanges.map((e) => e.status)).toEqual([101]);
  });

  test('a head over the limit', () => {
    const { tap, seen } = tapOf();
    tap.request(Buffer.from(`GET / HTTP/1.1\r\nX: ${'a'.repeat(300 * 1024)}`), 1);
    tap.close();
    expect(seen.unjudgeable[0]!.reason).toMatch(/head longer than/);
  });
});

describe('a coded body is decoded for the judge', () => {
  const gzipped = gzipSync(Buffer.from('{"id":101}'));
  const coded = (body: Buffer, coding = 'gzip') =>
    Buffer.concat([
      Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Encoding: ${coding}\r\nContent-Length: ${body.length}\r\n\r\n`,
      ),
      body,
    ]).toString('latin1');

  test('gzip', () => {
    const seen = run(GET, coded(gzipped), bytewise);
    expect(seen.exchanges[0]).toMatchObject({ responseBody: '{"id":101}' });
    expect(seen.exchanges[0]!.truncated).toBeUndefined();
  });

  test('br', () => {
    const seen = run(GET, coded(brotliCompressSync(Buffer.from('<a/>')), 'br'), whole);
    expect(seen.exchanges[0]!.responseBody).toBe('<a/>');
  });

  test.each([
    ['a coding that does not decode', coded(Buffer.from('not gzip'))],
    ['an unknown coding', coded(gzipped, 'zstd-of-the-future')],
    ['a coded body over the cap', coded(gzipped)],
  ])('%s leaves the exchange cut, not garbled', (name, answer) => {
    const seen = run(GET, answer, whole, name.includes('cap') ? 8 : undefined);
    expect(seen.exchanges[0]).toMatchObject({ responseBody: '', truncated: true });
  });
});

describe('a head the upstream answers before its end', () => {
  test('an early 431 to a head still coming is one unjudgeable exchange, told so; inRequestHead says where the bytes end', () => {
    const { tap, seen } = tapOf();
    expect(tap.inRequestHead).toBe(false);
    tap.request(Buffer.from(`GET / HTTP/1.1\r\nHost: h\r\nX-Padding: ${'p'.repeat(1000)}`), 1000);
    expect(tap.inRequestHead).toBe(true);
    tap.answer(
      Buffer.from('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n'),
      1001,
    );
    tap.close();
    expect(seen.exchanges).toEqual([]);
    expect(seen.unjudgeable).toEqual([
      {
        seq: 1,
        reason:
          'the upstream answered before the request head ended: HTTP/1.1 431 Request Header Fields Too Large',
      },
    ]);
  });

  test('a head longer than the tap reads keeps the rest of the connection inside it', () => {
    const { tap, seen } = tapOf();
    tap.request(Buffer.from(`GET / HTTP/1.1\r\nX-Padding: ${'p'.repeat(300 * 1024)}`), 1000);
    expect(tap.inRequestHead).toBe(true);
    expect(seen.unjudgeable).toHaveLength(1);
    expect(seen.unjudgeable[0]!.reason).toMatch(/a message head longer than/);
  });
});
