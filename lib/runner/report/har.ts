/**
 * `--har FILE`: every exchange of the run as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/),
 * redacted like the transcripts, for browser devtools and other HTTP tools. An exchange that got
 * no answer has status 0 and its reason in `_error`; each entry names its test in `comment`.
 */
import type { Exchange } from '../../wire-exchange.ts';

export interface HarExchange {
  /** The test (or `<test> (cleanup)`) whose transcript holds it. */
  test: string;
  exchange: Exchange;
}

export function renderHar(exchanges: readonly HarExchange[], version: string): string {
  const entries = exchanges
    .map(({ test, exchange }) => entry(test, exchange))
    .sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  return JSON.stringify(
    { log: { version: '1.2', creator: { name: 'soap-rest-conformance', version }, entries } },
    null,
    1,
  );
}

interface Pair {
  name: string;
  value: string;
}

function entry(test: string, e: Exchange) {
  const url = new URL(e.url);
  const requestType = e.requestHeaders['content-type'];
  const responseType = header(e.responseHeaders, 'content-type') ?? '';
  const responseBody = e.responseBody ?? '';
  return {
    startedDateTime: e.startedAt ?? new Date(0).toISOString(),
    time: e.durationMs,
    request: {
      method: e.method,
      url: e.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(e.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]): Pair => ({ name, value })),
      ...(e.requestBody ? { postData: { mimeType: requestType ?? '', text: e.requestBody } } : {}),
      headersSize: -1,
      bodySize: Buffer.byteLength(e.requestBody),
    },
    response: {
      status: e.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(e.responseHeaders ?? {}),
      content: {
        size: Buffer.byteLength(responseBody),
        mimeType: responseType,
        text: responseBody,
      },
      redirectURL: header(e.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: e.status === undefined ? -1 : Buffer.byteLength(responseBody),
      ...(e.error ? { _error: e.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait: e.durationMs, receive: 0 },
    comment: e.note ? `${test} (${e.note})` : test,
  };
}

function pairs(headers: Record<string, string>): Pair[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([n]) => n.toLowerCase() === name)?.[1];
}
