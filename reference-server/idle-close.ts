/**
 * Closes a client's connection once it has been idle `ms` (no request in progress), as a server
 * may at any time (RFC 9112 §9.8; Apache after its KeepAliveTimeout). Node's own keepAliveTimeout
 * cannot do it: node 20 waits a second longer than it says. The Keep-Alive hint node sends stays
 * the server's (longer) one: clients keep, and reuse, connections that are closed under them.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export function closeIdleConnections(server: Server, ms: number): void {
  const inProgress = new WeakMap<Socket, number>();
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const idle = (socket: Socket) => {
    clearTimeout(timers.get(socket));
    timers.set(socket, setTimeout(() => socket.destroy(), ms).unref());
  };
  // The clock starts after a connection's first answer: a client's first request on a new
  // connection may be late on a loaded machine, and the variant is about reused connections.
  server.on('connection', (socket: Socket) => {
    socket.on('close', () => clearTimeout(timers.get(socket)));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    clearTimeout(timers.get(socket));
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    res.on('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      if (left === 0 && !socket.destroyed) idle(socket);
    });
  });
}
