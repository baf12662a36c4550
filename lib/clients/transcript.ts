/** The wire exchanges of one test, recorded by the clients and shown in reports (redacted). */
import { Secrets } from './redact.ts';

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
  durationMs: number;
}

const MAX_BODY_SHOWN = 20_000;

export class Transcript {
  readonly exchanges: Exchange[] = [];
  readonly secrets = new Secrets();

  record(exchange: Exchange): void {
    this.exchanges.push(exchange);
    for (const body of [exchange.requestBody, exchange.responseBody ?? '']) {
      if (body.trimStart().startsWith('<')) this.secrets.addFromXml(body);
      else {
        try {
          this.secrets.addFromJson(JSON.parse(body));
        } catch {
          /* not JSON: nothing to register */
        }
      }
    }
    const auth = exchange.requestHeaders['authorization'];
    if (auth?.startsWith('Basic ')) this.secrets.add(auth.slice(6));
    this.secrets.add(exchange.requestHeaders['x-auth-token']);
  }

  /** Plain-text rendering of every exchange, secrets redacted. */
  render(): string {
    return this.secrets.redact(this.exchanges.map(renderExchange).join('\n\n'));
  }

  /** A curl command reproducing an exchange (secrets redacted: substitute your own). */
  curl(exchange: Exchange): string {
    const parts = ['curl', '-i', '-X', exchange.method];
    for (const [name, value] of Object.entries(exchange.requestHeaders)) {
      if (name === 'content-length' || name === 'host') continue;
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
    if (exchange.requestBody) parts.push('--data-binary', shellQuote(exchange.requestBody));
    parts.push(shellQuote(exchange.url));
    return this.secrets.redact(parts.join(' '));
  }
}

function renderExchange(e: Exchange): string {
  const lines = [`${e.method} ${e.url}`];
  for (const [name, value] of Object.entries(e.requestHeaders)) lines.push(`${name}: ${value}`);
  if (e.requestBody) lines.push('', clip(e.requestBody));
  if (e.error) {
    lines.push('', `--- no answer after ${e.durationMs} ms: ${e.error}`);
    if (e.note) lines.push(`--- ${e.note}`);
    return lines.join('\n');
  }
  lines.push('', `--- HTTP ${e.status} (${e.durationMs} ms)${e.note ? `, ${e.note}` : ''}`);
  for (const [name, value] of Object.entries(e.responseHeaders ?? {}))
    lines.push(`${name}: ${value}`);
  if (e.responseBody) lines.push('', clip(e.responseBody));
  return lines.join('\n');
}

function clip(body: string): string {
  return body.length <= MAX_BODY_SHOWN
    ? body
    : `${body.slice(0, MAX_BODY_SHOWN)}\n… (${body.length - MAX_BODY_SHOWN} more characters)`;
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
