/**
 * An answer's text, decoded as it says it is encoded: the charset parameter of its Content-Type
 * (RFC 9110 §8.3.2), else for an XML body the encoding of its XML declaration (XML 1.0 §4.3.3,
 * RFC 7303 §3.2), else UTF-8. ISO-8859-1 is what the real system's SOAP generator wrote by
 * default; decoded as UTF-8, each of its accented letters became U+FFFD.
 */

/** The charsets decoded as themselves; any other is decoded by TextDecoder when it knows it. */
const LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'iso_8859-1', 'us-ascii']);

/** As undici's body.text() decodes: a byte-order mark dropped, a malformed sequence U+FFFD. */
const UTF8 = new TextDecoder('utf-8');

export function declaredCharset(contentType: string | undefined, body: Buffer): string {
  const parameter = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  if (parameter) return parameter.toLowerCase();
  // The declaration is ASCII in every encoding it may name (XML 1.0 §4.3.3, appendix F).
  const head = body.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|ï»¿)?<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head,
  )?.[1];
  return declared ? declared.toLowerCase() : 'utf-8';
}

/**
 * The body as text in its declared charset. ISO-8859-1 is decoded byte for byte (TextDecoder's
 * 'iso-8859-1' is windows-1252, which reads 0x80–0x9F otherwise); a charset TextDecoder does not
 * know is read as UTF-8, and says so.
 */
export function decodeDeclared(
  contentType: string | undefined,
  body: Buffer,
): { text: string; note?: string } {
  const charset = declaredCharset(contentType, body);
  if (charset === 'utf-8' || charset === 'utf8') return { text: UTF8.decode(body) };
  if (LATIN1.has(charset)) return { text: body.toString('latin1') };
  try {
    return { text: new TextDecoder(charset).decode(body) };
  } catch {
    return {
      text: UTF8.decode(body),
      note: `the answer declares the charset ${charset}, which the harness cannot decode: read as UTF-8`,
    };
  }
}
