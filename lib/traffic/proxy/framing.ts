/** How the body of an HTTP/1.1 message is delimited, from its start and its header fields (RFC 9112 §6.3). */
import type { BodyFraming } from './message-tap.ts';

/** RFC 9112 §6.3: a request has a body only by Transfer-Encoding or Content-Length. */
export function requestFraming(headers: ReadonlyArray<[string, string]>): BodyFraming | string {
  const { chunked, length } = framingHeaders(headers);
  if (chunked === false) return 'a request Transfer-Encoding that does not end in chunked';
  if (chunked) return { kind: 'chunked' };
  if (typeof length === 'string') return length;
  return length === undefined ? { kind: 'none' } : { kind: 'length', bytes: length };
}

/** RFC 9112 §6.3: no body after HEAD, 1xx, 204, 304; else chunked, a length, or until close. */
export function answerFraming(
  method: string,
  status: number,
  headers: ReadonlyArray<[string, string]>,
): BodyFraming | string {
  if (method === 'HEAD' || status < 200 || status === 204 || status === 304)
    return { kind: 'none' };
  if (method === 'CONNECT' && status < 300) return { kind: 'none' };
  const { chunked, length } = framingHeaders(headers);
  if (chunked) return { kind: 'chunked' };
  if (chunked === false) return { kind: 'until-close' };
  if (typeof length === 'string') return length;
  return length === undefined ? { kind: 'until-close' } : { kind: 'length', bytes: length };
}

/**
 * `chunked`: undefined without Transfer-Encoding, else whether chunked is its last coding.
 * `length`: the Content-Length, or why it cannot be read (several different values, not digits).
 */
function framingHeaders(headers: ReadonlyArray<[string, string]>): {
  chunked: boolean | undefined;
  length: number | string | undefined;
} {
  let codings: string[] | undefined;
  const lengths = new Set<string>();
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (lower === 'transfer-encoding')
      (codings ??= []).push(...value.split(',').map((c) => c.trim().toLowerCase()));
    else if (lower === 'content-length') for (const v of value.split(',')) lengths.add(v.trim());
  }
  const chunked = codings === undefined ? undefined : codings[codings.length - 1] === 'chunked';
  if (lengths.size === 0) return { chunked, length: undefined };
  const [only] = lengths;
  if (lengths.size > 1 || !/^\d{1,15}$/.test(only!))
    return { chunked, length: `a Content-Length that cannot be read: ${[...lengths].join(', ')}` };
  return { chunked, length: Number(only) };
}
