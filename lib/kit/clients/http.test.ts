/**
 * The one retry of lib/kit/clients/http.ts: a request that a server's idle close cut
 * before one byte of answer, on a reused connection, is sent again once on a new connection and
 * both attempts are in the transcript; never after a byte of answer, never on a new connection,
 * never on a timeout, never twice. A raw TCP server plays each case.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { HarnessError } from './harness-error.ts';
import { HttpClient } from './http.ts';
import { Transcript } from './transcript.ts';

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok';

/** What the server does with the n-th request (1-based) of the c-th connection (1-based). */
type Behaviour = (connection: number, request: number, socket: Socket) => void;

// One connection per origin, so that the second request surely reuses the first one's (undici
// otherwise may open another while it checks that an idle one is still open).
const global = getGlobalDispatcher();
beforeAll(() => setGlobalDispatcher(new Agent({ connections: 1 })));
afterAll(() => setGlobalDispatcher(global));

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections?.();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(behaviour: Behaviour): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  server = createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    let requests = 0;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      while (buffered.includes('\r\n\r\n')) {
        buffered = buffered.slice(buffered.indexOf('\r\n\r\n') + 4);
        behaviour(connection, ++requests, socket);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.closeAllConnections = () => sockets.forEach((s) => s.destroy());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, connections: () => connections };
}

declare module 'node:net' {
  interface Server {
    closeAllConnections?: () => void;
  }
}

function client(url: string, timeoutMs = 2000) {
  const transcript = new Transcript();
  return { http: new HttpClient(url, transcript, timeoutMs), transcript };
}

/** Each test a path of its own: undici's pool is per origin, and every server has its own port. */
async function twice(http: HttpClient) {
  expect((await http.send({ path: '/first' })).status).toBe(200);
  return http.send({ path: '/second' });
}

describe('a request cut by an idle close is sent again once', () => {
  test('closed on a reused connection before one byte of answer: sent again on a new connection', async () => {
    const target = await serve((connection, request, socket) => {
      if (connection === 1 && request === 2) socket.destroy();
      else socket.write(OK);
    });
    const { http, transcript } = client(target.url);
    const answer = await twice(http);
    expect(answer.text).toBe('ok');
    expect(target.connections()).toBe(2);
    const path = (url: string) => new URL(url).pathname;
    expect(transcript.exchanges.map((e) => [path(e.url), e.status, e.note])).toEqual([
      ['/first', 200, undefined],
      [
        '/second',
        undefined,
        'the target closed this reused connection before one byte of answer: sent again once, below',
      ],
      ['/second', 200, 'sent again, on a new connection'],
    ]);
    expect(transcript.render()).toMatch(
      /--- no answer after \d+ ms: (UND_ERR_SOCKET|ECONNRESET)[^\n]*\n--- the target closed this reused connection/,
    );
  });

  test('the connection was first used by another instance of the client modules: sent again too', async () => {
    // The CLI's preflight and the suites' provisioning (loaded by vitest's module runner) each
    // have their own instance of these modules, on one process-wide undici pool.
    const target = await serve((connection, request, socket) => {
      if (connection === 1 && request === 2) socket.destroy();
      else socket.write(OK);
    });
    const first = new HttpClient(target.url, new Transcript(), 2000);
    expect((await first.send({ path: '/first' })).status).toBe(200);
    vi.resetModules();
    const other = await import('./http.ts');
    const { Transcript: OtherTranscript } = await import('./transcript.ts');
    expect(other.HttpClient).not.toBe(HttpClient);
    const answer = await new other.HttpClient(target.url, new OtherTranscript(), 2000).send({
      path: '/second',
    });
    expect(answer.text).toBe('ok');
    expect(target.connections()).toBe(2);
  });

  test('part of a status line came back: no retry, a harness error', async () => {
    const target = await serve((connection, request, socket) => {
      if (request === 2) socket.end('HTTP/1.1 20');
      else socket.write(OK);
    });
    const { http, transcript } = client(target.url);
    await expect(twice(http)).rejects.toBeInstanceOf(HarnessError);
    expect(transcript.exchanges).toHaveLength(2);
    expect(transcript.exchanges[1]?.note).toBeUndefined();
    expect(target.connections()).toBe(1);
  });

  test('a whole head and part of the body came back: no retry', async () => {
    const target = await serve((connection, request, socket) => {
      if (request === 2) socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nok');
      else socket.write(OK);
    });
    const { http, transcript } = client(target.url);
    await expect(twice(http)).rejects.toBeInstanceOf(HarnessError);
    expect(transcript.exchanges).toHaveLength(2);
    expect(target.connections()).toBe(1);
  });

  test('closed on a new connection: no retry (the target refuses the request itself)', async () => {
    const target = await serve((_connection, _request, socket) => socket.destroy());
    const { http, transcript } = client(target.url);
    await expect(http.send({ path: '/only' })).rejects.toThrow(/UND_ERR_SOCKET|ECONNRESET/);
    expect(transcript.exchanges).toHaveLength(1);
    expect(target.connections()).toBe(1);
  });

  test('no answer within the timeout on a reused connection: no retry', async () => {
    const target = await serve((_connection, request, socket) => {
      if (request === 1) socket.write(OK);
    });
    const { http, transcript } = client(target.url, 300);
    await expect(twice(http)).rejects.toThrow(/timeout: no answer within 300 ms/);
    expect(transcript.exchanges).toHaveLength(2);
    expect(target.connections()).toBe(1);
  });

  test('the second attempt is cut too: a harness error, no third attempt', async () => {
    const target = await serve((connection, request, socket) => {
      if (connection === 1 && request === 1) socket.write(OK);
      else socket.destroy();
    });
    const { http, transcript } = client(target.url);
    await expect(twice(http)).rejects.toThrow(
      /sent again after the target closed a reused connection/,
    );
    expect(transcript.exchanges.map((e) => e.note)).toEqual([
      undefined,
      'the target closed this reused connection before one byte of answer: sent again once, below',
      'sent again, on a new connection',
    ]);
    expect(target.connections()).toBe(2);
  });
});
