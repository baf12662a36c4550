/**
 * The judge reads a body as its media type says (RFC 9110 §8.4: Content-Encoding is a coding of
 * the representation), so a compressed body is decoded for it, as a HAR recording holds it. The
 * forwarded bytes are not touched: this is the judge's copy. A coding it cannot undo (unknown, or
 * a body cut at the cap) leaves the exchange cut, which the rules that need the body skip.
 */
import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';
import { decodeDeclared } from '../../kit/clients/declared-charset.ts';

const DECODERS: Record<string, (bytes: Buffer, options: ZlibOptions) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

export interface CodedBody {
  bytes: Buffer;
  /** The Content-Encoding field, as sent. */
  coding: string | undefined;
  /** The Content-Type field, as sent: its charset (or an XML body's declaration) decodes it. */
  type?: string | undefined;
  truncated: boolean;
}

/**
 * The body as text for the judge: decoded when coded, cut when it cannot be (and then says so),
 * read in the charset it declares (lib/kit/clients/declared-charset.ts).
 */
export function judgedText(body: CodedBody, cap: number): { text: string; cut: boolean } {
  const codings = (body.coding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0 || body.bytes.length === 0)
    return { text: decodeDeclared(body.type, body.bytes).text, cut: body.truncated };
  if (body.truncated) return { text: '', cut: true };
  let bytes = body.bytes;
  try {
    // Applied in order, so undone in reverse.
    for (const coding of codings.reverse()) {
      const decode = DECODERS[coding];
      if (decode === undefined) return { text: '', cut: true };
      bytes = decode(bytes, { maxOutputLength: cap });
    }
  } catch {
    return { text: '', cut: true };
  }
  return { text: decodeDeclared(body.type, bytes).text, cut: false };
}
