/**
 * The exchanges of one proxied connection: the requests the client sent and the answers the
 * upstream gave, read by two message taps and paired in order (HTTP/1.1 answers come in the order
 * of the requests, pipelined or not: RFC 9112 §9.3.2). Interim answers (1xx) are skipped; a
 * protocol switch (101, a CONNECT tunnel) ends the reading. Whatever cannot be read or paired is
 * handed on as unjudgeable, and the connection is read no further.
 */
import { headerRecord, type TrafficExchange } from '../exchange.ts';
import { judgedText } from './content-coding.ts';
import { answerFraming, requestFraming } from './framing.ts';
import {
  MessageTap,
  type BodyFraming,
  type MessageHead,
  type TappedMessage,
} from './message-tap.ts';

/**
 * An exchange read off the wire, made into a TrafficExchange only when the judge takes it (bodies
 * decoded and made text off the forwarding path).
 */
export interface TappedExchange {
  seq: number;
  /** Body bytes held. */
  bytes: number;
  /** The exchange, or why it cannot be judged. */
  build(): TrafficExchange | string;
}

export interface ExchangeSink {
  exchange(exchange: TappedExchange): void;
  unjudgeable(seq: number, reason: string): void;
}

export interface TapOptions {
  /** The origin to name a request by when it has no Host (the upstream's). */
  fallbackOrigin: string;
  bodyCap: number;
  nextSeq: () => number;
  sink: ExchangeSink;
}

interface PendingRequest {
  seq: number;
  method: string;
  target: string;
  head: MessageHead;
  message?: TappedMessage;
}

export class ConnectionTap {
  readonly #requests: MessageTap;
  readonly #answers: MessageTap;
  readonly #pending: PendingRequest[] = [];
  /** The request whose head was read and whose body is still coming. */
  #reading: PendingRequest | undefined;
  #done = false;

  constructor(private readonly options: TapOptions) {
    this.#requests = new MessageTap(
      {
        head: (head) => this.#requestHead(head),
        message: (message) => this.#requestMessage(message),
        broken: (reason) => this.#requestBroken(`the request could not be read: ${reason}`),
      },
      options.bodyCap,
    );
    this.#answers = new MessageTap(
      {
        head: (head) => this.#answerHead(head),
        message: (message) => this.#answerMessage(message),
        broken: (reason) => this.#stop(`the answer could not be read: ${reason}`),
      },
      options.bodyCap,
    );
  }

  /** Whether a request is waiting for its answer (the connection is busy). */
  get busy(): boolean {
    return this.#pending.length > 0 || this.#requests.inMessage;
  }

  /**
   * Whether the client's bytes so far end inside a request head (one longer than a read, e.g. a
   * 1 MiB header): the upstream may answer it before it is whole (431) and reset the connection.
   */
  get inRequestHead(): boolean {
    return this.#requests.inHead;
  }

  request(chunk: Buffer, now: number): void {
    if (!this.#done) this.#guarded(() => this.#requests.feed(chunk, now));
  }

  answer(chunk: Buffer, now: number): void {
    if (!this.#done) this.#guarded(() => this.#answers.feed(chunk, now));
  }

  /** A fault of the reading stops the reading of this connection, never its forwarding. */
  #guarded(read: () => void): void {
    try {
      read();
    } catch (error) {
      this.#stop(`the monitor could not read this connection: ${(error as Error).message}`);
    }
  }

  /** The client sent its last byte: a request not complete by then never will be. */
  requestsEnded(): void {
    if (!this.#done) this.#guarded(() => this.#requests.end());
  }

  /** The connection closed: an answer delimited by the close ends; a request left has none. */
  close(): void {
    if (this.#done) return;
    this.#guarded(() => {
      this.#answers.end();
      this.#requests.end();
    });
    this.#stop('the connection closed before the answer ended');
  }

  #requestHead(head: MessageHead): BodyFraming | string {
    const [method, target, version] = head.startLine.split(' ');
    if (
      method === undefined ||
      !TOKEN.test(method) ||
      target === undefined ||
      !/^HTTP\/1\.[01]$/.test(version ?? '')
    )
      return `not an HTTP/1.1 request line: ${JSON.stringify(head.startLine.slice(0, 80))}`;
    const request: PendingRequest = { seq: this.options.nextSeq(), method, target, head };
    this.#pending.push(request);
    this.#reading = request;
    return requestFraming(head.headers);
  }

  /** A request whose head could not be read has no place yet: it gets one, to be counted. */
  #requestBroken(reason: string): void {
    if (this.#reading === undefined && !this.#done)
      this.options.sink.unjudgeable(this.options.nextSeq(), reason);
    this.#stop(reason);
  }

  #requestMessage(message: TappedMessage): void {
    if (this.#reading) this.#reading.message = message;
    this.#reading = undefined;
  }

  #answerHead(head: MessageHead): BodyFraming | string {
    const request = this.#pending[0];
    if (request === undefined && this.#requests.inHead) {
      // The upstream answered a head before its end (a 431 to a head too long for it).
      this.options.sink.unjudgeable(
        this.options.nextSeq(),
        `the upstream answered before the request head ended: ${head.startLine.slice(0, 80)}`,
      );
      return 'an answer before its request';
    }
    if (request === undefined) return 'an answer to no request';
    const status = statusOf(head.startLine);
    if (status === undefined)
      return `not an HTTP/1.1 status line: ${JSON.stringify(head.startLine.slice(0, 80))}`;
    return answerFraming(request.method, status, head.headers);
  }

  #answerMessage(answer: TappedMessage): void {
    const status = statusOf(answer.startLine)!;
    if (status >= 100 && status < 200 && status !== 101) return;
    const request = this.#pending.shift()!;
    if (answer.cut) {
      this.options.sink.unjudgeable(request.seq, 'the connection closed before the answer ended');
      return this.#stop('the connection closed before the answer ended');
    }
    const endedMs = Date.now();
    this.options.sink.exchange({
      seq: request.seq,
      bytes: (request.message?.body.length ?? 0) + answer.body.length,
      build: () => exchangeOf(request, status, answer, endedMs, this.options),
    });
    const switched = status === 101 || (request.method === 'CONNECT' && status < 300);
    if (switched) this.#stop('the connection switched protocols');
  }

  /** Reads no further; the requests still waiting are unjudgeable, with why. */
  #stop(reason: string): void {
    if (this.#done) return;
    this.#done = true;
    for (const request of this.#pending.splice(0))
      this.options.sink.unjudgeable(request.seq, reason);
    this.#reading = undefined;
  }
}

function exchangeOf(
  request: PendingRequest,
  status: number,
  answer: TappedMessage,
  endedMs: number,
  options: TapOptions,
): TrafficExchange | string {
  const requestHeaders = headerRecord(request.head.headers);
  const url = urlOf(request.target, requestHeaders['host'], options.fallbackOrigin);
  if (url === undefined)
    return `the request target is not a URL: ${JSON.stringify(request.target.slice(0, 80))}`;
  const responseHeaders = headerRecord(answer.headers);
  const sent = request.message;
  const requestBody = judgedText(
    {
      bytes: sent?.body ?? Buffer.alloc(0),
      coding: requestHeaders['content-encoding'],
      truncated: sent === undefined || sent.truncated || sent.cut,
    },
    options.bodyCap,
  );
  const responseBody = judgedText(
    {
      bytes: answer.body,
      coding: responseHeaders['content-encoding'],
      truncated: answer.truncated,
    },
    options.bodyCap,
  );
  const exchange: TrafficExchange = {
    seq: request.seq,
    method: request.method,
    url,
    requestHeaders,
    requestBody: requestBody.text,
    status,
    responseHeaders,
    responseBody: responseBody.text,
    startedMs: request.head.startedMs,
    endedMs,
    startedAt: new Date(request.head.startedMs).toISOString(),
    durationMs: endedMs - request.head.startedMs,
  };
  // An answer that came before the whole request (an early 413) leaves the request body partial.
  if (requestBody.cut || responseBody.cut) exchange.truncated = true;
  return exchange;
}

/** A method is a token (RFC 9110 §9.1, §5.6.2). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function statusOf(startLine: string): number | undefined {
  const match = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(startLine);
  return match ? Number(match[1]) : undefined;
}

/** The URL the client asked for: origin-form through its Host, absolute-form as it is. */
function urlOf(
  target: string,
  host: string | undefined,
  fallbackOrigin: string,
): string | undefined {
  let url: string;
  if (/^https?:\/\//i.test(target)) url = target;
  else if (target.startsWith('/')) url = `${host ? `http://${host}` : fallbackOrigin}${target}`;
  else return undefined;
  try {
    new URL(url);
    return url;
  } catch {
    return undefined;
  }
}
