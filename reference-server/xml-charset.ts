/**
 * The variant xml-answers-latin1: SOAP and REST XML answers encoded in ISO-8859-1, as the real
 * system's SOAP generator (NuSOAP) wrote by default, saying so in the XML declaration and the
 * Content-Type's charset; a character ISO-8859-1 lacks goes as a character reference (XML 1.0
 * §4.1), which means the same character.
 */
import type { Body } from './http-io.ts';
import type { Variants } from './variants.ts';

export function xmlInCharset(
  variants: Variants,
  xml: string,
  contentType: string,
): { body: Body; contentType: string } {
  if (!variants.on('xml-answers-latin1') || xml === '') return { body: xml, contentType };
  const declared = xml.replace(
    /^<\?xml([^?]*?)encoding=(["'])UTF-8\2/i,
    '<?xml$1encoding="ISO-8859-1"',
  );
  // Names and markup are ASCII here: only text and attribute values hold such characters.
  const referenced = declared.replace(/[\u{100}-\u{10FFFF}]/gu, (c) => `&#${c.codePointAt(0)};`);
  return {
    body: Buffer.from(referenced, 'latin1'),
    contentType: contentType.replace(/charset=[^;\s]+/i, 'charset=ISO-8859-1'),
  };
}
