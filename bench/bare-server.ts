/**
 * The yardstick: a bare node:http server answering a small JSON to any request (its body read to
 * the end first). `node --import tsx bench/bare-server.ts`; prints `listening on URL` when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = JSON.stringify({ id: 1, status: 'ok' });

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(BODY),
    });
    res.end(BODY);
  });
});
// As reference-server/listen.ts: longer than any client keeps an idle socket.
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
