/**
 * A HAR 1.2 recording read whole into traffic exchanges, for the tests of the client rules (the
 * harness's own `--har` output; `analyze` streams instead).
 */
import { readFileSync } from 'node:fs';
import { headerRecord, type TrafficExchange } from '../../lib/traffic/exchange.ts';

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    headers: Array<{ name: string; value: string }>;
    postData?: { text?: string };
  };
  response: {
    status: number;
    headers: Array<{ name: string; value: string }>;
    content?: { text?: string };
    _error?: string;
  };
  comment?: string;
}

export interface RecordedExchange extends TrafficExchange {
  /** The test that made it (the HAR entry's comment). */
  test: string;
}

export function readHar(file: string): RecordedExchange[] {
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: HarEntry[] } };
  return har.log.entries.map((entry, i) => {
    const startedMs = Date.parse(entry.startedDateTime);
    const answered = entry.response.status !== 0;
    return {
      seq: i + 1,
      startedMs,
      endedMs: startedMs + entry.time,
      method: entry.request.method,
      url: entry.request.url,
      requestHeaders: headerRecord(entry.request.headers.map((h) => [h.name, h.value] as const)),
      requestBody: entry.request.postData?.text ?? '',
      ...(answered
        ? {
            status: entry.response.status,
            responseHeaders: headerRecord(
              entry.response.headers.map((h) => [h.name, h.value] as const),
            ),
            responseBody: entry.response.content?.text ?? '',
          }
        : { error: entry.response._error ?? 'no answer' }),
      durationMs: entry.time,
      test: entry.comment ?? '',
    };
  });
}
