/**
 * A HAR 1.2 entry (http://www.softwareishard.com/blog/har-12-spec/) as a traffic exchange: the
 * harness's own `--har` output, a browser's or a proxy's. An entry without a request method and
 * URL cannot be judged; a response status 0 is no answer (`_error` says why, when given).
 */
import { decodeDeclared } from '../../kit/clients/declared-charset.ts';
import { headerRecord, type TrafficExchange } from '../exchange.ts';

interface HarPair {
  name?: unknown;
  value?: unknown;
}

export function exchangeOfEntry(
  entry: unknown,
  seq: number,
): TrafficExchange | { problem: string } {
  const e = record(entry);
  const request = record(e['request']);
  const response = record(e['response']);
  if (typeof request['method'] !== 'string' || typeof request['url'] !== 'string')
    return { problem: `entry ${seq} has no request method and url` };
  const postData = record(request['postData']);
  const started = typeof e['startedDateTime'] === 'string' ? Date.parse(e['startedDateTime']) : NaN;
  const startedMs = Number.isFinite(started) ? started : 0;
  const time = typeof e['time'] === 'number' && e['time'] >= 0 ? e['time'] : 0;
  const status = typeof response['status'] === 'number' ? response['status'] : 0;
  const content = record(response['content']);
  const exchange: TrafficExchange = {
    seq,
    method: request['method'],
    url: request['url'],
    requestHeaders: headersOf(request['headers']),
    requestBody: textOf(postData['text'], postData['encoding'], postData['mimeType']),
    startedMs,
    endedMs: startedMs + time,
    startedAt: new Date(startedMs).toISOString(),
    durationMs: Math.round(time),
  };
  if (status === 0) {
    exchange.error = typeof e['_error'] === 'string' ? e['_error'] : 'no answer (HAR status 0)';
    return exchange;
  }
  exchange.status = status;
  exchange.responseHeaders = headersOf(response['headers']);
  exchange.responseBody = textOf(content['text'], content['encoding'], content['mimeType']);
  return exchange;
}

function headersOf(pairs: unknown): Record<string, string> {
  if (!Array.isArray(pairs)) return {};
  return headerRecord(
    (pairs as HarPair[])
      .filter((p) => typeof p?.name === 'string' && typeof p.value === 'string')
      .map((p) => [p.name as string, p.value as string] as const),
  );
}

/** HAR 1.2: text as is; base64 bytes in the charset the mimeType (or an XML declaration) says. */
function textOf(text: unknown, encoding: unknown, mimeType: unknown): string {
  if (typeof text !== 'string') return '';
  if (encoding !== 'base64') return text;
  const type = typeof mimeType === 'string' ? mimeType : undefined;
  return decodeDeclared(type, Buffer.from(text, 'base64')).text;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
