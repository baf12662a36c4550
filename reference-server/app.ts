/**
 * createApp builds the reference server as a node:http request handler; main.ts binds it.
 * Dispatch is by path prefix: test control (only with the flag), then REST.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemClock, type Clock } from './domain/clock.ts';
import { createState, type DomainState } from './domain/state.ts';
import { BodyTooLarge, sendRestError } from './http-io.ts';
import { createToken } from './rest/tokens.ts';
import { advanceClock, CLOCK_PATH } from './test-control/clock-route.ts';

export interface AppOptions {
  testControl?: boolean;
  projectQuota?: number;
  /** Fixed {base_url}; without it each request's Host header gives it. */
  baseUrl?: string;
  clock?: Clock;
}

export interface App {
  state: DomainState;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export function createApp(options: AppOptions = {}): App {
  const state = createState(options.clock ?? systemClock());

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    if (options.testControl && path === CLOCK_PATH) return advanceClock(state.clock, req, res);
    if (path === '/api/tokens' && req.method === 'POST') return createToken(state, req, res);
    sendRestError(res, 404, `Not Found: no route for ${req.method} ${path}`);
  }

  return {
    state,
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        if (error instanceof BodyTooLarge) return sendRestError(res, 413, error.message);
        console.error('reference-server: unexpected error', error);
        sendRestError(res, 500, 'Internal Server Error');
      });
    },
  };
}
