/**
 * rpc/encoded response envelopes as PHP's SoapServer writes them (shared/notes/stack.md §2):
 * xsi:type on every value, arrays as SOAP-ENC:arrayType with <item> elements, unqualified parts.
 */
import type { SoapType } from './soap-types.ts';

export const NS = {
  env: 'http://schemas.xmlsoap.org/soap/envelope/',
  enc: 'http://schemas.xmlsoap.org/soap/encoding/',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

export function escapeText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replace(/\r/g, '&#13;');
}

export function encodeValue(tag: string, type: SoapType, value: unknown): string {
  if (value === null || value === undefined) return `<${tag} xsi:nil="true"/>`;
  if (typeof type === 'string') {
    const text =
      type === 'xsd:boolean'
        ? value
          ? 'true'
          : 'false'
        : type === 'xsd:int'
          ? String(Math.trunc(Number(value)))
          : escapeText(String(value));
    return `<${tag} xsi:type="${type}">${text}</${tag}>`;
  }
  if (type.kind === 'struct') {
    const record = value as Record<string, unknown>;
    return `<${tag} xsi:type="ns1:${type.name}">${type.fields.map(([name, fieldType]) => encodeValue(name, fieldType, record[name])).join('')}</${tag}>`;
  }
  const items = value as unknown[];
  const attributes = `SOAP-ENC:arrayType="ns1:${type.item.name}[${items.length}]" xsi:type="ns1:${type.name}"`;
  if (items.length === 0) return `<${tag} ${attributes}/>`;
  return `<${tag} ${attributes}>${items.map((item) => encodeValue('item', type.item, item)).join('')}</${tag}>`;
}

function envelope(namespace: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${NS.env}" xmlns:ns1="${escapeText(namespace)}" xmlns:xsd="${NS.xsd}" ` +
    `xmlns:xsi="${NS.xsi}" xmlns:SOAP-ENC="${NS.enc}" SOAP-ENV:encodingStyle="${NS.enc}">` +
    `<SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>\n`
  );
}

/** §4.1: the response message <op>Response, its output part named <op> (none when type is null). */
export function encodeResponse(
  namespace: string,
  operation: string,
  type: SoapType | null,
  value: unknown,
  partName = operation,
): string {
  const part = type === null ? '' : encodeValue(partName, type, value);
  return envelope(
    namespace,
    part === ''
      ? `<ns1:${operation}Response/>`
      : `<ns1:${operation}Response>${part}</ns1:${operation}Response>`,
  );
}

/** A SOAP 1.1 fault; faultcode is the bare §7.1 number, or SOAP-ENV:Client/Server for bad requests. */
export function encodeFault(namespace: string, faultcode: string, faultstring: string): string {
  return envelope(
    namespace,
    `<SOAP-ENV:Fault><faultcode>${escapeText(faultcode)}</faultcode><faultstring>${escapeText(faultstring)}</faultstring></SOAP-ENV:Fault>`,
  );
}
