/**
 * Exchanges written by hand for the server rules' unit tests: a REST call or a SOAP call with its
 * answer, at a given time, as `monitor` or a HAR would give them.
 */
import { SOAP_NS } from '../../lib/kit/soap/envelope.ts';
import type { TrafficExchange } from '../../lib/traffic/exchange.ts';
import { headerRecord } from '../../lib/traffic/exchange.ts';

export const BASE = 'http://127.0.0.1:8080';
export const TNS = `${BASE}/soap/project`;

let seq = 0;

export interface Call {
  method?: string;
  path: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** Request start and answer end, in ms since the epoch (default: one after the other). */
  at?: number;
  took?: number;
}

let clock = Date.UTC(2026, 0, 1);

export function exchange(call: Call): TrafficExchange {
  const startedMs = call.at ?? (clock += 100);
  const took = call.took ?? 10;
  seq += 1;
  return {
    seq,
    startedMs,
    endedMs: startedMs + took,
    method: call.method ?? 'GET',
    url: `${BASE}${call.path}`,
    requestHeaders: headerRecord(Object.entries(call.requestHeaders ?? {})),
    requestBody: call.requestBody ?? '',
    durationMs: took,
    ...(call.status === undefined
      ? { error: 'no answer' }
      : {
          status: call.status,
          responseHeaders: headerRecord(Object.entries(call.responseHeaders ?? {})),
          responseBody: call.responseBody ?? '',
        }),
  };
}

/** A JSON answer. */
export function rest(
  method: string,
  path: string,
  status: number,
  body: unknown,
  responseHeaders: Record<string, string> = {},
  more: Partial<Call> = {},
): TrafficExchange {
  return exchange({
    method,
    path,
    status,
    responseBody: body === undefined ? '' : JSON.stringify(body),
    responseHeaders: { 'Content-Type': 'application/json', ...responseHeaders },
    ...more,
  });
}

const ENVELOPE = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_NS.env}" xmlns:SOAP-ENC="${SOAP_NS.enc}" xmlns:xsd="${SOAP_NS.xsd}" xmlns:xsi="${SOAP_NS.xsi}" xmlns:ns1="${TNS}"><SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;

/** A SOAP call of `op` with string parts, answered `answerBody` (the Body's content). */
export function soap(
  op: string,
  answerBody: string,
  status = 200,
  contentType = 'text/xml; charset=utf-8',
  requestBody = `<ns1:${op}><sessionKey xsi:type="xsd:string">k</sessionKey><group_id xsi:type="xsd:int">101</group_id></ns1:${op}>`,
): TrafficExchange {
  return exchange({
    method: 'POST',
    path: '/soap/project/',
    requestHeaders: { 'Content-Type': 'text/xml', SOAPAction: `"${TNS}#${op}"` },
    requestBody: ENVELOPE(requestBody),
    status,
    responseHeaders: { 'Content-Type': contentType },
    responseBody: ENVELOPE(answerBody),
  });
}

export function soapFault(code: string, text = 'Invalid project id'): string {
  return `<SOAP-ENV:Fault><faultcode>${code}</faultcode><faultstring>${text}</faultstring></SOAP-ENV:Fault>`;
}
