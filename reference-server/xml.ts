/**
 * The server's XML, said once for SOAP and REST: the escaper of text and attribute values, and the
 * parser settings (document order kept, values as written, only XML's five entities and numeric
 * references: no HTML names).
 */
import { XMLParser, type X2jOptions } from 'fast-xml-parser';

const ESCAPED = /[&<>"\r]/;

export function escapeText(text: string): string {
  if (!ESCAPED.test(text)) return text;
  return (
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      // A raw CR would reach the reader as LF (XML 1.0 §2.11).
      .replace(/\r/g, '&#13;')
  );
}

/** A scalar's text (string, number, boolean); a value of another kind here is the server's bug. */
export function scalarText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw new TypeError(`a scalar was due, not a ${typeof value}`);
}

const XML_ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };

/** A parser with the shared settings; `options`: how this side reads attributes. */
export function xmlParser(options: X2jOptions): XMLParser {
  return new XMLParser({
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    preserveOrder: true,
    htmlEntities: XML_ENTITIES as unknown as boolean,
    ...options,
  });
}
