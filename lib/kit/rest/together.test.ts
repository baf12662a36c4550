/**
 * lib/kit/rest/together.ts: requests sent together reach the server with their bodies complete
 * only once all of them are on the wire, and the overlap counts them; a request sent after the
 * others were answered lowers it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { HttpClient } from '../clients/http.ts';
import { Transcript } from '../clients/transcript.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import { sendTogether } from './together.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that logs when each PUT's headers and its whole body arrived. */
async function serve(): Promise<{ url: string; log: string[] }> {
  const log: string[] = [];
  server = createServer((req: IncomingMessage, res) => {
    if (req.method === 'PUT') log.push('headers');
    // Only the /api form is served, as on a target whose artifact routes all have the prefix.
    if (req.url === '/gone') {
      res.statusCode = 404;
      req.resume();
      return void req.on('end', () => res.end('not here'));
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'PUT') log.push(`body ${body}`);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, log };
}

describe('sendTogether', () => {
  test('no body completes before every request is on the wire; the overlap is all of them', async () => {
    const { url, log } = await serve();
    const ctx = { http: new HttpClient(url, new Transcript(), 5000) } as ConformanceContext;
    const { answers, overlap } = await sendTogether(
      ctx,
      8,
      (on) => on.http.send({ path: '/warm' }),
      async (on, i) => {
        // The last one later than the others (within the hold): the others wait for it.
        if (i === 7) await new Promise((resolve) => setTimeout(resolve, 300));
        return on.http.send({ method: 'PUT', path: '/thing', body: `writer ${i}` });
      },
      (method, path) => method === 'PUT' && path === '/thing',
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(overlap).toBe(8);
    expect(log.slice(0, 8)).toEqual(Array(8).fill('headers'));
    expect(log.slice(8).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `body writer ${i}`));
  });

  test('a request sent after the others were answered is not counted as overlapping', async () => {
    const { url } = await serve();
    const ctx = { http: new HttpClient(url, new Transcript(), 5000) } as ConformanceContext;
    const late = new Promise((resolve) => setTimeout(resolve, 2500));
    const { overlap } = await sendTogether(
      ctx,
      4,
      (on) => on.http.send({ path: '/warm' }),
      async (on, i) => {
        if (i === 3) await late;
        return on.http.send({ method: 'PUT', path: '/thing', body: `writer ${i}` });
      },
      (method, path) => method === 'PUT' && path === '/thing',
    );
    expect(overlap).toBe(3);
  });

  test('only the attempt each request ends with counts: a retry sent after answers came is no overlap', async () => {
    const { url } = await serve();
    const ctx = { http: new HttpClient(url, new Transcript(), 5000) } as ConformanceContext;
    const { answers, overlap } = await sendTogether(
      ctx,
      4,
      (on) => on.http.send({ path: '/warm' }),
      async (on, i) => {
        const first = await on.http.send({ method: 'PUT', path: '/gone', body: `writer ${i}` });
        if (first.status !== 404) return first;
        // The other form, the last one much later than the others were answered.
        if (i === 3) await new Promise((resolve) => setTimeout(resolve, 300));
        return on.http.send({ method: 'PUT', path: '/thing', body: `writer ${i}` });
      },
      (method, path) => method === 'PUT' && (path === '/gone' || path === '/thing'),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // The four first attempts overlapped, but they were answered 404: they do not count.
    expect(overlap).toBeLessThan(4);
  });
});
