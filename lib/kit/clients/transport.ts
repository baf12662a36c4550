/**
 * How requests reach the target: TLS options (`--insecure`, `--ca FILE`) and the proxy of
 * HTTP_PROXY / HTTPS_PROXY / NO_PROXY (or their lower-case names), through undici's own agents.
 * One global dispatcher per thread; a fresh one (a new connection, same options) for a request
 * sent again after an idle close (http.ts).
 */
import { rootCertificates } from 'node:tls';
import {
  Agent,
  EnvHttpProxyAgent,
  getGlobalDispatcher,
  setGlobalDispatcher,
  type Dispatcher,
} from 'undici';

export interface TransportOptions {
  /** Accept any certificate of the target (a test platform with a self-signed one). */
  insecure?: boolean;
  /** A CA certificate (PEM) trusted besides the system's. */
  ca?: string;
  /** No proxy whatever the environment says: the embedded reference server is on loopback. */
  direct?: boolean;
}

// On globalThis: vitest's globalSetup loads this module again through its own module runner.
const SLOT = Symbol.for('soap-rest-conformance.transport');
const slot = globalThis as { [SLOT]?: TransportOptions };

export function configureTransport(options: TransportOptions): void {
  slot[SLOT] = options;
  if (options.insecure || options.ca || options.direct || proxyConfigured())
    setGlobalDispatcher(dispatcher());
}

/**
 * A new global dispatcher with the run's options, so new connections; the one it replaces is
 * closed once its requests (none, normally) are answered.
 */
export function freshConnections(): void {
  const previous = getGlobalDispatcher();
  setGlobalDispatcher(dispatcher());
  previous.close().catch(() => undefined);
}

/** A dispatcher with the run's options; `connections: 1` for a single new connection. */
export function dispatcher(connections?: number): Dispatcher {
  const current = slot[SLOT] ?? {};
  const connect = {
    ...(current.insecure ? { rejectUnauthorized: false } : {}),
    ...(current.ca ? { ca: [...rootCertificates, current.ca] } : {}),
  };
  const pool = connections === undefined ? {} : { connections };
  if (!current.direct && proxyConfigured())
    // A plain http target through the proxy as a forward proxy; https is tunnelled (CONNECT).
    return new EnvHttpProxyAgent({ ...pool, connect, requestTls: connect, proxyTunnel: false });
  return new Agent({ ...pool, connect });
}

function proxyConfigured(): boolean {
  const env = process.env;
  return Boolean(
    env['HTTP_PROXY'] || env['http_proxy'] || env['HTTPS_PROXY'] || env['https_proxy'],
  );
}
