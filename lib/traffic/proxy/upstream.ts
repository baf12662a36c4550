/**
 * The server behind the monitor: an origin (http or https, host, port), and how to open a
 * connection to it. Paths are not rewritten (the proxy forwards the bytes as they are), so the
 * upstream is an origin only.
 */
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect, rootCertificates } from 'node:tls';

export interface UpstreamTls {
  /** Accept any certificate (--insecure). */
  insecure: boolean;
  /** A CA certificate (PEM) trusted besides the system's (--ca). */
  ca?: string;
}

export interface Upstream {
  /** 'https://tracker.example.org:8443' */
  origin: string;
  connect(): Socket;
}

/** The upstream of a URL, or why it cannot be one. */
export function upstreamOf(raw: string, tls: UpstreamTls): Upstream | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `not a URL: '${raw}'`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `an http or https URL is needed, got '${raw}'`;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return `give an origin only (e.g. ${url.origin}): paths are forwarded as the client sends them`;
  if (url.username || url.password) return 'give no credentials in the URL';
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || (secure ? 443 : 80));
  const ca = tls.ca === undefined ? undefined : [...rootCertificates, tls.ca];
  return {
    origin: url.origin,
    connect: () =>
      secure
        ? tlsConnect({
            host,
            port,
            ...(isIP(host) ? {} : { servername: host }),
            rejectUnauthorized: !tls.insecure,
            ...(ca === undefined ? {} : { ca }),
            // HTTP/1.1 only: the tap reads HTTP/1.1, and the client spoke it to the monitor.
            ALPNProtocols: ['http/1.1'],
          })
        : tcpConnect({ host, port, allowHalfOpen: true }),
  };
}
