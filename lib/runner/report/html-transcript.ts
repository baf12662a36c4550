/**
 * A test's wire transcript in index.html: one block per exchange, JSON and XML bodies indented
 * for reading, with the raw bytes kept one click away (those are what a user copies). Made from
 * the exchanges themselves, with the pieces of their plain text (lib/wire-exchange.ts).
 */
import type { TestResult } from '../../run-result.ts';
import {
  answerHead,
  headerLines,
  requestLine,
  shownBody,
  statusLine,
  statusText,
  type Exchange,
} from '../../wire-exchange.ts';
import { html, type Html } from './html-template.ts';
import { prettyBody } from './pretty-body.ts';

/**
 * `<details class="exchange" data-exchange="N">` per exchange. The judged one (the exchange a
 * failure judged, which the reproduce command sends; else the last) is open, highlighted and
 * labelled, with the id `idPrefix-judged` for a link to it. A test read back from a summary.json
 * (merge) has only the text: shown as it is.
 */
export function renderTranscript(
  evidence: Pick<TestResult, 'exchanges' | 'transcript'>,
  judged?: number,
  idPrefix?: string,
): Html {
  const exchanges = evidence.exchanges ?? [];
  if (exchanges.length === 0) {
    return evidence.transcript
      ? html`<pre class="raw">${evidence.transcript}</pre>`
      : html`<pre>(no exchange recorded)</pre>`;
  }
  const chosen = judged !== undefined && judged < exchanges.length ? judged : exchanges.length - 1;
  return html`${exchanges.map((e, i) => {
    const isJudged = i === chosen;
    const marked = isJudged && judged !== undefined;
    const id = marked && idPrefix ? html` id="${idPrefix}-judged"` : '';
    const label = marked && html`<span class="judged-label">judged</span> `;
    const line = requestLine(e);
    const status = statusLine(e);
    const head = answerHead(e);
    const answer = html`<pre>${status}${head && `\n${head}`}</pre>${body(responseBody(e))}`;
    return html`${i > 0 && '\n'}<details class="exchange${marked && ' judged'}" data-exchange="${i}"${id}${isJudged && html` open`}><summary>${label}<code>${line}</code> → ${statusText(e)}</summary>
<pre>${line}\n${headerLines(e.requestHeaders)}</pre>${body(shownBody(e.requestBody))}${answer}</details>`;
  })}`;
}

/** No answer, no body: the text of an exchange that got none ends at its note. */
function responseBody(e: Exchange): string {
  return e.error ? '' : shownBody(e.responseBody);
}

function body(raw: string): Html | '' {
  if (!raw) return '';
  const pretty = prettyBody(raw);
  if (pretty === undefined || pretty === raw) return html`<pre class="body">${raw}</pre>`;
  return html`<pre class="body pretty">${pretty}</pre><details class="raw"><summary>raw bytes</summary><pre class="body">${raw}</pre></details>`;
}
