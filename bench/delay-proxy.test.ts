import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startDelayProxy, type DelayProxy } from './delay-proxy.ts';

let upstream: Server;
let upstreamUrl: string;
let seen: Array<{ method: string; url: string; host: string; body: string }> = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, host: req.headers.host!, body });
      res.writeHead(201, { 'content-type': 'text/plain', 'x-upstream': 'yes' });
      res.end(`answer to ${req.url}`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** A proxy whose waits are recorded, and released at once. */
async function recordingProxy(delayMs: number): Promise<{ proxy: DelayProxy; waits: number[] }> {
  const waits: number[] = [];
  const proxy = await startDelayProxy(upstreamUrl, delayMs, (answer, ms) => {
    waits.push(ms);
    answer();
  });
  return { proxy, waits };
}

test('the delay proxy holds every answer for its delay, then passes it on unchanged', async () => {
  seen = [];
  const { proxy, waits } = await recordingProxy(50);
  try {
    const answers = await Promise.all(
      ['/a', '/b?x=1', '/c'].map(async (path) => {
        const answer = await request(`${proxy.url}${path}`, {
          method: 'POST',
          body: `body ${path}`,
        });
        return {
          status: answer.statusCode,
          upstream: answer.headers['x-upstream'],
          text: await answer.body.text(),
        };
      }),
    );
    expect(answers).toEqual(
      ['/a', '/b?x=1', '/c'].map((path) => ({
        status: 201,
        upstream: 'yes',
        text: `answer to ${path}`,
      })),
    );
    expect(waits).toEqual([50, 50, 50]);
    expect(proxy.forwarded).toBe(3);
    // Method, path, body and Host reach the target unchanged (Host: the proxy's address).
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`).sort()).toEqual([
      'POST /a body /a',
      'POST /b?x=1 body /b?x=1',
      'POST /c body /c',
    ]);
    expect(new Set(seen.map((s) => s.host))).toEqual(new Set([new URL(proxy.url).host]));
  } finally {
    await proxy.close();
  }
});

test('an answer is not sent before the proxy releases it', async () => {
  const held: Array<() => void> = [];
  const proxy = await startDelayProxy(upstreamUrl, 50, (answer) => held.push(answer));
  try {
    let answered = false;
    const pending = request(`${proxy.url}/held`).then(async (answer) => {
      answered = true;
      return answer.body.text();
    });
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // Held: the upstream has answered, the client has not had it.
    expect(answered).toBe(false);
    held[0]!();
    expect(await pending).toBe('answer to /held');
  } finally {
    await proxy.close();
  }
});

test('a target that is down answers 502 through the proxy', async () => {
  const proxy = await startDelayProxy('http://127.0.0.1:1', 50);
  try {
    const answer = await request(`${proxy.url}/x`);
    expect(answer.statusCode).toBe(502);
    await answer.body.dump();
  } finally {
    await proxy.close();
  }
});

test('with idleCloseMs, an idle connection is closed that soon, and the answer does not say so', async () => {
  const proxy = await startDelayProxy(upstreamUrl, 0, undefined, { idleCloseMs: 200 });
  const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
  try {
    let head = '';
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1');
        if (head.includes('answer to /idle')) resolve();
      }),
    );
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.write('GET /idle HTTP/1.1\r\nHost: proxy\r\nConnection: keep-alive\r\n\r\n');
    await answered;
    const idleFrom = Date.now();
    const idle = (await closed) - idleFrom;
    expect(idle).toBeGreaterThanOrEqual(150);
    expect(idle).toBeLessThan(800);
    // The target's own hint (node's 5 s) passes through: nothing announces the 200 ms.
    expect(head).toMatch(/^keep-alive: timeout=5$/im);
    expect(head).not.toMatch(/timeout=0\b/i);
  } finally {
    socket.destroy();
    await proxy.close();
  }
});
