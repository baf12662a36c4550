/**
 * A test's wire transcript in index.html: one block per exchange, JSON and XML bodies indented
 * for reading, with the raw bytes kept one click away (those are what a user copies). The
 * transcript is the plain text of lib/kit/clients/transcript.ts, read back into its exchanges here.
 */
import { html, type Html } from './html-template.ts';
import { prettyBody } from './pretty-body.ts';

export interface TranscriptPart {
  /** 'POST http://…' */
  requestLine: string;
  request: { headers: string; body: string };
  /** '--- HTTP 200 (3 ms)' or '--- no answer after …'; absent when the text had none. */
  statusLine?: string;
  response: { headers: string; body: string };
}

const METHOD_LINE = /^(GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS) \S+$/;

/** The exchanges of a rendered transcript (lib/kit/clients/transcript.ts `render`). */
export function splitTranscript(text: string): TranscriptPart[] {
  const lines = text.split('\n');
  const starts = lines
    .map((line, i) => (METHOD_LINE.test(line) && (i === 0 || lines[i - 1] === '') ? i : -1))
    .filter((i) => i >= 0);
  if (starts[0] !== 0) return [];
  return starts.map((start, k) => {
    const end = k + 1 < starts.length ? starts[k + 1]! - 1 : lines.length;
    const own = lines.slice(start, end);
    const status = own.findIndex((line, i) => i > 0 && line.startsWith('--- '));
    // The blank line before the status line separates request from answer.
    const requestEnd = status < 0 ? own.length : own[status - 1] === '' ? status - 1 : status;
    const request = own.slice(1, requestEnd);
    const response = status < 0 ? [] : own.slice(status + 1);
    return {
      requestLine: own[0]!,
      request: headersAndBody(request),
      ...(status < 0 ? {} : { statusLine: own[status]! }),
      response: headersAndBody(response),
    };
  });
}

function headersAndBody(lines: readonly string[]): { headers: string; body: string } {
  const blank = lines.indexOf('');
  if (blank < 0) return { headers: lines.join('\n'), body: '' };
  return { headers: lines.slice(0, blank).join('\n'), body: lines.slice(blank + 1).join('\n') };
}

/**
 * `<details class="exchange" data-exchange="N">` per exchange. The judged one (the exchange a
 * failure judged, which the reproduce command sends; else the last) is open, highlighted and
 * labelled, with the id `idPrefix-judged` for a link to it.
 */
export function renderTranscript(
  text: string | undefined,
  judged?: number,
  idPrefix?: string,
): Html {
  if (!text) return html`<pre>(no exchange recorded)</pre>`;
  const parts = splitTranscript(text);
  if (parts.length === 0) return html`<pre class="raw">${text}</pre>`;
  const chosen = judged !== undefined && judged < parts.length ? judged : parts.length - 1;
  return html`${parts.map((part, i) => {
    const isJudged = i === chosen;
    const marked = isJudged && judged !== undefined;
    const id = marked && idPrefix ? html` id="${idPrefix}-judged"` : '';
    const label = marked && html`<span class="judged-label">judged</span> `;
    const status = part.statusLine?.replace(/^--- /, '') ?? '';
    const answer =
      part.statusLine !== undefined &&
      html`<pre>${part.statusLine}${part.response.headers && `\n${part.response.headers}`}</pre>${body(part.response.body)}`;
    return html`${i > 0 && '\n'}<details class="exchange${marked && ' judged'}" data-exchange="${i}"${id}${isJudged && html` open`}><summary>${label}<code>${part.requestLine}</code> → ${status}</summary>
<pre>${part.requestLine}\n${part.request.headers}</pre>${body(part.request.body)}${answer}</details>`;
  })}`;
}

function body(raw: string): Html | '' {
  if (!raw) return '';
  const pretty = prettyBody(raw);
  if (pretty === undefined || pretty === raw) return html`<pre class="body">${raw}</pre>`;
  return html`<pre class="body pretty">${pretty}</pre><details class="raw"><summary>raw bytes</summary><pre class="body">${raw}</pre></details>`;
}
