/**
 * HTTP client on undici: every exchange is recorded in the test's transcript; per-request timeout;
 * each request waits for its slot of --rate-limit (rate-limit.ts) and goes through the run's
 * transport (transport.ts). A request that a server's idle close (RFC 9112 §9.8) cut before one
 * byte of answer came back, on a reused connection, is sent again once, on a new connection; a
 * 429/503 with Retry-After is sent again when it says (retry-after.ts); every attempt is recorded.
 * Reading an answer marks its exchange as the one a failing assertion judges (Transcript).
 */
import { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { closedBeforeAnswer } from './connection-facts.ts';
import { decodeDeclared } from './declared-charset.ts';
import { HarnessError } from './harness-error.ts';
import { awaitTurn } from './rate-limit.ts';
import { MAX_WAITS, retryDelayMs } from './retry-after.ts';
import { dispatcher } from './transport.ts';
import type { Transcript } from './transcript.ts';
import { noteClockMove } from '../target/clock.ts';

export interface HttpRequest {
  method?: string;
  /** Path (joined to the base URL) or absolute URL. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON; throws a clear error when it is not JSON. */
  json<T = unknown>(): T;
  /**
   * Marks this exchange as the one the next assertion judges (reading status, headers or the
   * body does it too): a failure's reproduce command is that exchange (Transcript.judged).
   */
  judge(): void;
}

/** An answer and, for the client itself, what it needs without marking the exchange as read. */
interface Attempt {
  response: HttpResponse;
  index: number;
  status: number;
  headers: Record<string, string>;
}

export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly transcript: Transcript,
    private readonly timeoutMs: number,
    /** The connection(s) every request goes on; the run's global dispatcher when absent. */
    private readonly connection?: Dispatcher,
    /** When given, a request body's last byte is written only once this settles. */
    private readonly lastByte?: Promise<void>,
  ) {}

  /**
   * The same client (same transcript) sending every request on `connection`, each body's last
   * byte held until `lastByte` settles: requests released together (lib/kit/rest/together.ts).
   */
  via(connection: Dispatcher, lastByte?: Promise<void>): HttpClient {
    return new HttpClient(this.baseUrl, this.transcript, this.timeoutMs, connection, lastByte);
  }

  url(path: string): string {
    return /^https?:\/\//.test(path)
      ? path
      : `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const method = req.method ?? 'GET';
    const url = this.url(req.path);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers ?? {}))
      headers[name.toLowerCase()] = value;
    let body = req.body ?? '';
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] ??= 'application/json';
    }
    let answer = await this.once(method, url, headers, body);
    for (let waits = 0; ; waits++) {
      const delay = retryDelayMs(answer.status, answer.headers, waits);
      if (delay === undefined) {
        noteClockMove(method, url, body, answer.status);
        return answer.response;
      }
      this.transcript.annotate(
        answer.index,
        `answered ${answer.status} with Retry-After: waited ${delay} ms and sent again (${waits + 1} of at most ${MAX_WAITS})`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      answer = await this.once(method, url, headers, body);
    }
  }

  /** One request, sent again once on a new connection when an idle close cut it (RFC 9112 §9.8). */
  private async once(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<Attempt> {
    await awaitTurn();
    try {
      return await this.attempt(method, url, headers, body, this.connection);
    } catch (error) {
      if (!(error instanceof HarnessError) || !closedBeforeAnswer(error.cause)) throw error;
    }
    // A new connection for the second attempt: the pool's other idle ones may be closed too.
    const fresh = dispatcher(1);
    try {
      await awaitTurn();
      return await this.attempt(method, url, headers, body, fresh, true);
    } finally {
      await fresh.close().catch(() => undefined);
    }
  }

  /** One attempt, recorded; a HarnessError whose cause is undici's error when no answer came. */
  private async attempt(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string,
    dispatcher: Dispatcher | undefined,
    again = false,
  ): Promise<Attempt> {
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const answer = await request(url, {
        method: method as 'GET',
        ...(body !== '' && this.lastByte
          ? {
              headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
              body: Readable.from(heldBack(body, this.lastByte)),
            }
          : { headers, ...(body === '' ? {} : { body }) }),
        ...(dispatcher ? { dispatcher } : {}),
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const responseHeaders = flatten(answer.headers);
      const decoded = decodeDeclared(
        responseHeaders['content-type'],
        Buffer.from(await answer.body.arrayBuffer()),
      );
      const text = decoded.text;
      const index = this.transcript.record({
        method,
        url,
        requestHeaders: headers,
        requestBody: body,
        status: answer.statusCode,
        responseHeaders,
        responseBody: text,
        startedAt,
        durationMs: elapsed(),
        ...(again || decoded.note
          ? {
              note: [again ? 'sent again, on a new connection' : '', decoded.note ?? '']
                .filter(Boolean)
                .join('; '),
            }
          : {}),
      });
      const transcript = this.transcript;
      const status = answer.statusCode;
      const response: HttpResponse = {
        get status() {
          transcript.markRead(index);
          return status;
        },
        get headers() {
          transcript.markRead(index);
          return responseHeaders;
        },
        get text() {
          transcript.markRead(index);
          return text;
        },
        json<T>() {
          transcript.markRead(index);
          try {
            return JSON.parse(text) as T;
          } catch {
            throw new Error(
              `expected a JSON body from ${method} ${url}, got: ${text.slice(0, 200)}`,
            );
          }
        },
        judge() {
          transcript.markRead(index);
        },
      };
      return { response, index, status, headers: responseHeaders };
    } catch (error) {
      const reason = describe(error, this.timeoutMs);
      const retried = !again && closedBeforeAnswer(error);
      this.transcript.record({
        method,
        url,
        requestHeaders: headers,
        requestBody: body,
        error: reason,
        startedAt,
        durationMs: elapsed(),
        ...(retried
          ? {
              note: 'the target closed this reused connection before one byte of answer: sent again once, below',
            }
          : again
            ? { note: 'sent again, on a new connection' }
            : {}),
      });
      throw new HarnessError(
        `${method} ${url}: ${reason}${again ? ' (sent again after the target closed a reused connection under it)' : ''}`,
        { cause: error },
      );
    }
  }
}

/** The body but its last byte, then, once `release` settles, the last byte. */
async function* heldBack(body: string, release: Promise<void>): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(body);
  yield bytes.subarray(0, -1);
  await release;
  yield bytes.subarray(-1);
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function describe(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (
    e.name === 'TimeoutError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `timeout: no answer within ${timeoutMs} ms`;
  }
  const code = e.code ?? e.cause?.code;
  return code ? `${code} ${e.message ?? ''}`.trim() : String(e.message ?? error);
}
