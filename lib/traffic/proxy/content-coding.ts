/**
 * The judge reads a body as its media type says (RFC 9110 §8.4: Content-Encoding is a coding of
 * the representation), so a compressed body is decoded for it, as a HAR recording holds it. The
 * forwarded bytes are not touched: this is the judge's copy. A coding it cannot undo (unknown, or
 * a body cut at the cap) leaves the exchange cut, which the rules that need the body skip.
 */
import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';

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
  truncated: boolean;
}

/** The body as text for the judge: decoded when coded, cut when it cannot be (and then says so). */
export function judgedText(body: CodedBody, cap: number): { text: string; cut: boolean } {
  const codings = (body.coding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0 || body.bytes.length === 0)
    return { text: body.bytes.toString('utf8'), cut: body.truncated };
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
  return { text: bytes.toString('utf8'), cut: false };
}
