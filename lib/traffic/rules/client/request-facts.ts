/**
 * What the client rules read alike from a request: who sent it, how to name it in a message, and
 * whether a value is one the recording hid (a `--har` recording writes «redacted» for passwords,
 * tokens and session keys: an unknown value, never one to compare).
 */
import { REDACTED } from '../../../kit/clients/redact.ts';
import type { TrafficExchange } from '../../exchange.ts';
import type { ExchangeView } from '../../view.ts';

export function isHidden(value: string | undefined): boolean {
  return value !== undefined && value.includes(REDACTED);
}

/**
 * The client a request comes from, as far as the traffic tells: the user id of its token, else its
 * Authorization header, else 'anonymous'. Two programs of one account are one client here, which
 * is why the rules that follow a client across requests (paging) ask for clear patterns.
 */
export function clientOf(view: ExchangeView): string {
  const userId = view.requestHeader('x-auth-userid');
  if (userId !== undefined) return `user ${userId.trim()}`;
  const authorization = view.requestHeader('authorization');
  if (authorization !== undefined) return `authorization ${authorization.trim()}`;
  return 'anonymous';
}

/** 'PUT /artifacts/12' (path and query as sent). */
export function requestName(view: ExchangeView): string {
  return `${view.method} ${view.url.pathname}${view.url.search}`;
}

/** The media type of a Content-Type, lower case without parameters (RFC 9110 §8.3.1). */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === '' ? undefined : type;
}

/** The REST route key of a request: its method and route shape, '/api' or not. */
export function routeKey(view: ExchangeView): string | undefined {
  const route = view.rest;
  return route === undefined ? undefined : `${view.method} ${route.shape}`;
}

/** A 2xx answer. */
export function succeeded(view: ExchangeView): boolean {
  const status = view.exchange.status;
  return status !== undefined && status >= 200 && status < 300;
}

/** Characters of each body kept in an exchange a rule remembers as evidence. */
const EVIDENCE_BODY_KEPT = 1_000;

/**
 * An exchange as a rule keeps it for later evidence (the answer that gave an Etag, issued a token,
 * announced a maximum): its bodies cut, so that thousands of them stay small.
 */
export function evidence(exchange: TrafficExchange): TrafficExchange {
  const requestBody = headOf(exchange.requestBody, EVIDENCE_BODY_KEPT);
  const responseBody =
    exchange.responseBody === undefined
      ? undefined
      : headOf(exchange.responseBody, EVIDENCE_BODY_KEPT);
  const truncated =
    exchange.truncated === true ||
    requestBody.length < exchange.requestBody.length ||
    (responseBody?.length ?? 0) < (exchange.responseBody?.length ?? 0);
  return {
    ...exchange,
    requestBody,
    ...(responseBody !== undefined ? { responseBody } : {}),
    ...(truncated ? { truncated } : {}),
  };
}

/**
 * The first `length` characters of a body, as a string of its own: a slice of a long string can
 * keep the whole of it alive (V8's sliced strings), which would hold every remembered body whole.
 */
export function headOf(body: string, length: number): string {
  if (body.length <= length) return body;
  return Buffer.from(body.slice(0, length), 'utf16le').toString('utf16le');
}
