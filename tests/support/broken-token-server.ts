/**
 * A deliberately wrong implementation of §5.2.3, to see the token checks fail: user_id is a
 * number (§2.2: string) and uri lacks the /api prefix (§2.2: /api/tokens/<token>).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/tokens') {
    const body = JSON.stringify({
      user_id: 103,
      token: 'f00dfeedf00dfeedf00dfeedf00dfeed',
      uri: 'tokens/f00dfeedf00dfeedf00dfeedf00dfeed',
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    return;
  }
  res
    .writeHead(404, { 'Content-Type': 'application/json' })
    .end('{"error":{"code":404,"message":"Not Found"}}');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
