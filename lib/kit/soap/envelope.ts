/** rpc/encoded request envelopes (§4.1), typed with xsi:type as PHP's SoapClient sends them. */
import { escapeXml } from '../xml/escape.ts';
import type { SoapScalar } from '../../../spec/soap-operations.ts';

export const SOAP_NS = {
  env: 'http://schemas.xmlsoap.org/soap/envelope/',
  enc: 'http://schemas.xmlsoap.org/soap/encoding/',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export interface Part {
  name: string;
  type: SoapScalar;
  value: string | number | boolean;
}

export interface EnvelopeOptions {
  /** Leave out xsi:type on the parts (as node-soap and zeep do). */
  untyped?: boolean;
}

export function buildRequest(
  namespace: string,
  operation: string,
  parts: readonly Part[],
  options: EnvelopeOptions = {},
): string {
  const body = parts
    .map((p) => {
      // A raw CR would reach the server as LF (XML end-of-line handling): sent as a reference.
      const text =
        typeof p.value === 'boolean'
          ? String(p.value)
          : escapeXml(String(p.value)).replaceAll('\r', '&#13;');
      return options.untyped
        ? `<${p.name}>${text}</${p.name}>`
        : `<${p.name} xsi:type="${p.type}">${text}</${p.name}>`;
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP_NS.env}" xmlns:ns1="${escapeXml(namespace)}" xmlns:xsd="${SOAP_NS.xsd}" ` +
    `xmlns:xsi="${SOAP_NS.xsi}" xmlns:SOAP-ENC="${SOAP_NS.enc}" SOAP-ENV:encodingStyle="${SOAP_NS.enc}">` +
    `<SOAP-ENV:Body><ns1:${operation}>${body}</ns1:${operation}></SOAP-ENV:Body></SOAP-ENV:Envelope>`
  );
}
