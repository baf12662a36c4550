/**
 * createApp builds the reference server as a node:http request handler; main.ts binds it.
 * Dispatch is by path prefix: test control (only with the flag), SOAP, then REST. Here the parts
 * are composed: the planted faults chosen (faults/) are the hook sets of the domain
 * (server-state.ts), the REST adapter (rest/hooks.ts) and the SOAP wire (soap/hooks.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemClock, type Clock } from './domain/clock.ts';
import { Faults } from './faults/index.ts';
import { BodyTooLarge, sendRestError } from './http-io.ts';
import { parseTarget, type RequestTarget } from './request-target.ts';
import { createRestDispatch } from './rest/hooked.ts';
import { createServerState, type ServerState } from './server-state.ts';
import { handleSoap, soapServiceOf } from './soap/endpoint.ts';
import { soapWire } from './soap/hooks.ts';
import { advanceClock, CLOCK_PATH } from './test-control/clock-route.ts';
import { armFailure, FAIL_NEXT_PATH } from './test-control/fail-next-route.ts';
import { Variants } from './variants.ts';
import { Throttle } from './throttle.ts';
import { applyWireVariants } from './wire-variants.ts';

export interface AppOptions {
  testControl?: boolean;
  projectQuota?: number;
  /** Fixed {base_url}; without it each request's Host header gives it. */
  baseUrl?: string;
  clock?: Clock;
  /** Planted faults (faults/), for self-validation; none by default. */
  faults?: readonly string[];
  /** Other choices the spec allows (variants.ts); none by default. */
  variants?: readonly string[];
}

export interface App {
  state: ServerState;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export function createApp(options: AppOptions = {}): App {
  // Each planted fault is one hook set; each part takes the hooks of its own points.
  const planted = new Faults(options.faults ?? []).active;
  const state = createServerState(options.clock ?? systemClock(), {
    ...(options.projectQuota === undefined ? {} : { projectQuota: options.projectQuota }),
    variants: new Variants(options.variants ?? []),
    hooks: planted,
  });
  const dispatchRest = createRestDispatch(planted);
  const wire = soapWire(planted);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: RequestTarget;
    try {
      url = parseTarget(req.url ?? '/');
    } catch {
      // A request-target that is no URL (e.g. '//['): RFC 9112 §3.2 asks for a 400.
      return sendRestError(
        res,
        400,
        'Bad Request: the request target is not a valid URL',
        state.variants,
      );
    }
    const path = url.pathname;
    if (options.testControl && path === CLOCK_PATH) return advanceClock(state.clock, req, res);
    if (options.testControl && path === FAIL_NEXT_PATH)
      return armFailure(state.armedFailures, req, res);
    const soapService = soapServiceOf(path);
    if (soapService)
      return handleSoap(state, wire, soapService, baseUrlOf(req, options.baseUrl), req, res);
    return dispatchRest(state, baseUrlOf(req, options.baseUrl), req, res, url);
  }

  const throttle = state.variants.on('throttled-429') ? new Throttle() : undefined;

  return {
    state,
    handle(req, res) {
      applyWireVariants(res, state.variants);
      if (throttle?.refuse(res)) return;
      route(req, res).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        if (error instanceof BodyTooLarge)
          return sendRestError(res, 413, error.message, state.variants);
        console.error('reference-server: unexpected error', error);
        sendRestError(res, 500, 'Internal Server Error', state.variants);
      });
    },
  };
}

/** {base_url}: --base-url, else the scheme and Host the request came with (works behind a proxy). */
function baseUrlOf(req: IncomingMessage, fixed: string | undefined): string {
  if (fixed !== undefined) return fixed;
  const forwarded = req.headers['x-forwarded-proto'];
  const scheme =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || 'http';
  const host = req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`;
  return `${scheme === 'https' ? 'https' : 'http'}://${host}`;
}
