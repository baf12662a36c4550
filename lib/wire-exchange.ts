/**
 * One wire exchange, as the clients record it (lib/kit/clients/transcript.ts) and every report
 * shows it. The reports get it redacted and structured; the plain text of summary.json, junit.xml
 * and the Allure attachment, and the blocks of index.html, are built from the same pieces here.
 */

export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** A transport error instead of an answer (refused, reset, timeout). */
  error?: string;
  /** What the client did about it: a request sent again after an idle close (http.ts). */
  note?: string;
  /** When the request was sent (ISO 8601), for HAR. */
  startedAt?: string;
  durationMs: number;
}

const MAX_BODY_SHOWN = 20_000;

/** 'POST http://…/soap/project/' */
export function requestLine(e: Exchange): string {
  return `${e.method} ${e.url}`;
}

/** 'name: value', one a line. */
export function headerLines(headers: Record<string, string> | undefined): string {
  return Object.entries(headers ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** 'HTTP 200 (3 ms)' (with the client's note), or 'no answer after 5000 ms: reason'. */
export function statusText(e: Exchange): string {
  if (e.error) return `no answer after ${e.durationMs} ms: ${e.error}`;
  return `HTTP ${e.status} (${e.durationMs} ms)${e.note ? `, ${e.note}` : ''}`;
}

/** The line between request and answer: '--- ' and the status text. */
export function statusLine(e: Exchange): string {
  return `--- ${statusText(e)}`;
}

/** What follows the status line before the body: the answer's headers, or the note of no answer. */
export function answerHead(e: Exchange): string {
  if (e.error) return e.note ? `--- ${e.note}` : '';
  return headerLines(e.responseHeaders);
}

/** A body as reports show it: cut after MAX_BODY_SHOWN characters, saying how many more. */
export function shownBody(body: string | undefined): string {
  if (!body) return '';
  return body.length <= MAX_BODY_SHOWN
    ? body
    : `${body.slice(0, MAX_BODY_SHOWN)}\n… (${body.length - MAX_BODY_SHOWN} more characters)`;
}

/** The plain text of exchanges: a block each, separated by a blank line. */
export function renderExchanges(exchanges: readonly Exchange[]): string {
  return exchanges.map(renderExchange).join('\n\n');
}

function renderExchange(e: Exchange): string {
  const lines = [requestLine(e)];
  const requestHeaders = headerLines(e.requestHeaders);
  if (requestHeaders) lines.push(requestHeaders);
  if (e.requestBody) lines.push('', shownBody(e.requestBody));
  lines.push('', statusLine(e));
  const head = answerHead(e);
  if (head) lines.push(head);
  if (!e.error && e.responseBody) lines.push('', shownBody(e.responseBody));
  return lines.join('\n');
}
