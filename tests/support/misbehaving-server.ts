/**
 * Targets that misbehave, to see the harness give the right statuses (docs/reading-the-report.md, "Statuses"). Usage:
 * `misbehaving-server.ts MODE`; prints `listening on URL`. Proxy modes put the reference server
 * (test control off) behind a front that misbehaves on POST /api/tokens only, so that everything
 * else, the shared projects included, works:
 *
 *   hang          never answers it (not even headers)
 *   stall         sends the headers and half the body, then nothing
 *   cut           sends the headers and half the body, then drops the connection
 *   die           at the first one, the target goes away: every connection dropped, no listener
 *   break-tokens  answers it with user_id a number and uri without /api (§2.2: both wrong)
 *
 * Whole-target modes answer every request the same way:
 *
 *   garbage       200, Content-Type application/json, a body that is neither JSON nor XML
 *   always-200    200 with {} to everything
 *   not-found     404 to everything (a wrong port or path)
 *   html-site     200 with the same HTML page to everything (a web site, not the interfaces)
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startReferenceServer } from '../../reference-server/listen.ts';

const MODES = [
  'hang',
  'stall',
  'cut',
  'die',
  'break-tokens',
  'garbage',
  'always-200',
  'not-found',
  'html-site',
] as const;
type Mode = (typeof MODES)[number];

const mode = process.argv[2] as Mode;
if (!MODES.includes(mode)) {
  process.stderr.write(`usage: misbehaving-server.ts ${MODES.join('|')}\n`);
  process.exit(2);
}

const upstream = await startReferenceServer({ testControl: false });
const sockets = new Set<Socket>();

function isToken(req: IncomingMessage): boolean {
  return req.method === 'POST' && /^\/(api\/)?tokens\/?(\?|$)/.test(req.url ?? '');
}

/** Forwards the request upstream; `rewrite` may change the JSON body of the answer. */
function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  rewrite?: (body: Record<string, unknown>) => Record<string, unknown>,
): void {
  const target = new URL(req.url ?? '/', upstream.url);
  const forward = request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let body = Buffer.concat(chunks);
        const headers = { ...answer.headers };
        if (
          rewrite &&
          answer.statusCode === 200 &&
          /json/.test(answer.headers['content-type'] ?? '')
        ) {
          body = Buffer.from(
            JSON.stringify(rewrite(JSON.parse(body.toString('utf8')) as Record<string, unknown>)),
          );
          headers['content-length'] = String(body.length);
        }
        res.writeHead(answer.statusCode ?? 502, headers).end(body);
      });
    },
  );
  forward.on('error', () => res.destroy());
  req.pipe(forward);
}

function halfAnswer(res: ServerResponse): void {
  const body = '{"user_id":"103","token":"0123456789abcdef0123456789abcdef","uri":"/api/tokens/01';
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(body.length * 2),
  });
  res.write(body);
}

function goAway(): void {
  server.close();
  for (const socket of sockets) socket.destroy();
}

const server = createServer((req, res) => {
  if (mode === 'garbage') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('\u0000<<<garbage]]] ÿ{');
    return;
  }
  if (mode === 'always-200') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    return;
  }
  if (mode === 'not-found') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    return;
  }
  if (mode === 'html-site') {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><p>Welcome');
    return;
  }
  if (!isToken(req)) return proxy(req, res);
  req.resume();
  switch (mode) {
    case 'hang':
      return;
    case 'stall':
      return halfAnswer(res);
    case 'cut':
      halfAnswer(res);
      setTimeout(() => res.destroy(), 50);
      return;
    case 'die':
      return goAway();
    case 'break-tokens':
      return proxy(req, res, (body) => ({
        ...body,
        user_id: Number(body['user_id']),
        uri: `tokens/${String(body['token'])}`,
      }));
  }
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  goAway();
  void upstream.close().then(() => process.exit(0));
});
