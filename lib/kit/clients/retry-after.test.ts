/**
 * Retry-After on 429 and 503 (lib/kit/clients/retry-after.ts), then through HttpClient: waited for,
 * sent again, bounded, and recorded; a 503 without Retry-After is an answer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { HttpClient } from './http.ts';
import { MAX_WAITS, retryDelayMs } from './retry-after.ts';
import { Transcript } from './transcript.ts';

describe('retryDelayMs', () => {
  test('seconds or an HTTP-date, on 429 and 503 only, at most 3 waits of 30 s', () => {
    expect(retryDelayMs(429, { 'retry-after': '2' }, 0)).toBe(2000);
    expect(retryDelayMs(503, { 'Retry-After': ' 0 ' }, 0)).toBe(0);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryDelayMs(429, { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, 0, now)).toBe(
      5000,
    );
    expect(retryDelayMs(503, {}, 0)).toBeUndefined();
    expect(retryDelayMs(500, { 'retry-after': '1' }, 0)).toBeUndefined();
    expect(retryDelayMs(429, { 'retry-after': '1' }, MAX_WAITS)).toBeUndefined();
    expect(retryDelayMs(429, { 'retry-after': '31' }, 0)).toBeUndefined();
    expect(retryDelayMs(429, { 'retry-after': 'soon' }, 0)).toBeUndefined();
  });
});

describe('HttpClient and Retry-After', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  /** Answers each request with the next of `answers` (the last one for ever after). */
  async function serve(answers: Array<[number, Record<string, string>]>): Promise<string> {
    let n = 0;
    server = createServer((req, res) => {
      const [status, headers] = answers[Math.min(n++, answers.length - 1)]!;
      req.resume();
      res.writeHead(status, headers).end(`answer ${n}`);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  test('a 429 with Retry-After is waited for and sent again; both exchanges are in the transcript', async () => {
    const url = await serve([
      [429, { 'retry-after': '0' }],
      [200, {}],
    ]);
    const transcript = new Transcript();
    const answer = await new HttpClient(url, transcript, 5000).send({
      method: 'POST',
      path: '/x',
      body: 'b',
    });
    expect(answer.status).toBe(200);
    expect(transcript.exchanges.map((e) => e.status)).toEqual([429, 200]);
    expect(transcript.exchanges[0]!.note).toMatch(
      /answered 429 with Retry-After: waited 0 ms and sent again \(1 of at most 3\)/,
    );
    expect(transcript.exchanges[1]!.requestBody).toBe('b');
  });

  test('bounded: after 3 waits the 429 stands as the answer', async () => {
    const url = await serve([[429, { 'retry-after': '0' }]]);
    const transcript = new Transcript();
    const answer = await new HttpClient(url, transcript, 5000).send({ path: '/x' });
    expect(answer.status).toBe(429);
    expect(transcript.exchanges).toHaveLength(1 + MAX_WAITS);
  });

  test('a 503 without Retry-After is an answer, not sent again', async () => {
    const url = await serve([
      [503, {}],
      [200, {}],
    ]);
    const transcript = new Transcript();
    expect((await new HttpClient(url, transcript, 5000).send({ path: '/x' })).status).toBe(503);
    expect(transcript.exchanges).toHaveLength(1);
  });
});
