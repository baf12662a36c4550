import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { percentile, runLoad } from './load.ts';

let server: Server;
let url: string;
const received = new Map<string, number>();
let open = 0;
let mostOpen = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.set(req.url!, (received.get(req.url!) ?? 0) + 1);
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    req.resume();
    req.on('end', () =>
      // Answered on a later turn, so that concurrent requests are seen open together.
      setImmediate(() => {
        open -= 1;
        res.writeHead(req.url === '/missing' ? 404 : 200);
        res.end('{}');
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('runLoad sends exactly the requests it counts, from at most `connections` at a time', async () => {
  received.clear();
  mostOpen = 0;
  const result = await runLoad(
    url,
    { method: 'GET', path: '/one' },
    { connections: 7, requests: 1000 },
  );
  expect(result.requests).toBe(1000);
  expect(result.errors).toBe(0);
  expect(received.get('/one')).toBe(1000);
  expect(mostOpen).toBeLessThanOrEqual(7);
  expect(mostOpen).toBeGreaterThan(1);
  expect(result.throughput).toBeCloseTo((1000 * 1000) / result.durationMs, 6);
  expect(result.p50Ms).toBeLessThanOrEqual(result.p99Ms);
  expect(result.p99Ms).toBeLessThanOrEqual(result.maxMs);
});

test('runLoad sends a list of requests in turn, bodies included', async () => {
  received.clear();
  const result = await runLoad(
    url,
    [
      { method: 'GET', path: '/a' },
      {
        method: 'POST',
        path: '/b',
        body: '{"x":1}',
        headers: { 'content-type': 'application/json' },
      },
    ],
    { connections: 3, requests: 300 },
  );
  expect(result.requests).toBe(300);
  expect(Object.fromEntries(received)).toEqual({ '/a': 150, '/b': 150 });
});

test('an answer with another status than the expected one is an error, and named', async () => {
  const result = await runLoad(
    url,
    { method: 'GET', path: '/missing' },
    { connections: 2, requests: 10 },
  );
  expect(result.errors).toBe(10);
  expect(result.firstError).toBe('GET /missing: status 404, expected 200');
  const expected = await runLoad(
    url,
    { method: 'GET', path: '/missing', status: 404 },
    { connections: 2, requests: 10 },
  );
  expect(expected.errors).toBe(0);
});

test('a request that gets no answer is an error', async () => {
  const result = await runLoad(
    'http://127.0.0.1:1',
    { method: 'GET', path: '/' },
    { connections: 1, requests: 3 },
  );
  expect(result.requests).toBe(3);
  expect(result.errors).toBe(3);
  expect(result.firstError).toMatch(/ECONNREFUSED/);
});

test('percentile is the nearest rank', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(values, 0.5)).toBe(50);
  expect(percentile(values, 0.99)).toBe(99);
  expect(percentile(values, 1)).toBe(100);
  expect(percentile([7], 0.99)).toBe(7);
  expect(percentile([], 0.99)).toBe(0);
});
