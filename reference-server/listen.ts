/** Binds an app to a port; used by main.ts and by the CLI's embedded default target. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App, type AppOptions } from './app.ts';
import { closeIdleConnections } from './idle-close.ts';

export interface RunningServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

export async function startReferenceServer(
  options: AppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const app = createApp(options);
  const server: Server = createServer((req, res) => app.handle(req, res));
  // Longer than any client keeps an idle socket (undici: 4 s), so the server never closes one
  // a client is about to reuse: that race showed as "other side closed" under load.
  server.keepAliveTimeout = 30_000;
  // The variant: it closes them after 1 s all the same, still announcing 30 s.
  if (app.state.variants.on('idle-close-1s')) closeIdleConnections(server, 1000);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    app,
    url: `http://${shownHost}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
