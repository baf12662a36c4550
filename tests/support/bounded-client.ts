/**
 * For the hostile-input and load tests: a client whose own timeouts bound every exchange (undici
 * headersTimeout/bodyTimeout; a raw socket's idle timeout), so that a server that hangs fails the
 * test by name and no test ever asserts on a duration.
 */
import { buildRequest } from '../../lib/kit/soap/envelope.ts';
import { connect } from 'node:net';
import { Agent, request } from 'undici';

/** Generous: the reference server answers each of these in milliseconds, even on a busy runner. */
export const CLIENT_TIMEOUT_MS = 10_000;

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface Exchange {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export class BoundedClient {
  private readonly agent: Agent;

  constructor(readonly baseUrl: string) {
    this.agent = new Agent({
      headersTimeout: CLIENT_TIMEOUT_MS,
      bodyTimeout: CLIENT_TIMEOUT_MS,
      connect: { timeout: CLIENT_TIMEOUT_MS },
    });
  }

  /** One exchange; a timeout or a dropped connection rejects, naming the request. */
  async send({ method = 'GET', path, headers = {}, body }: Exchange): Promise<Answer> {
    try {
      const answer = await request(`${this.baseUrl}${path}`, {
        dispatcher: this.agent,
        method: method as 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await answer.body.text();
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
      return { status: answer.statusCode, headers: flat, text };
    } catch (error) {
      throw new Error(`no answer to ${method} ${path.slice(0, 120)}: ${String(error)}`, {
        cause: error,
      });
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/**
 * Sends bytes as they are (a string as latin1: one byte per character; a request line or header undici would refuse to send) on a fresh
 * connection and reads the answer until the server closes it (send `Connection: close`); no
 * answer within CLIENT_TIMEOUT_MS rejects.
 */
export function rawExchange(baseUrl: string, bytes: string | Uint8Array): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(CLIENT_TIMEOUT_MS, () => {
      socket.destroy();
      reject(new Error(`no answer within ${CLIENT_TIMEOUT_MS} ms to a raw request`));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      if (status === undefined)
        return reject(new Error(`not an HTTP answer to a raw request: ${text.slice(0, 80)}`));
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(status),
        headers: {},
        text: split < 0 ? '' : text.slice(split + 4),
      });
    });
    socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  });
}

/** An rpc/encoded call with string parts p0, p1, … (the server judges names and types). */
export function soapExchange(path: string, operation: string, values: readonly string[]): Exchange {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: buildRequest(
      'urn:any',
      operation,
      values.map((value, i) => ({ name: `p${i}`, type: 'xsd:string', value })),
    ),
  };
}
