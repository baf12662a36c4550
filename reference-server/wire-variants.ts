/**
 * Variants of the HTTP framing, applied at the edge: the answer is rewritten as it leaves, so the
 * REST and SOAP adapters stay the reference implementation (variants.ts).
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Variants } from './variants.ts';

export function applyWireVariants(res: ServerResponse, variants: Variants): void {
  const chunked = variants.on('chunked-bodies');
  const lowerCase = variants.on('header-names-lowercase');
  if (!chunked && !lowerCase) return;
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    message?: string,
    headers?: OutgoingHttpHeaders,
  ) => ServerResponse;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined;
    const given = (typeof rest[0] === 'object' ? rest[0] : rest[1]) as
      OutgoingHttpHeaders | undefined;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(given ?? {})) {
      if (chunked && name.toLowerCase() === 'content-length') continue;
      headers[lowerCase ? name.toLowerCase() : name] = value;
    }
    for (const name of res.getHeaderNames()) {
      if (!lowerCase && !(chunked && name === 'content-length')) continue;
      const value = res.getHeader(name);
      res.removeHeader(name);
      if (chunked && name === 'content-length') continue;
      // getHeaderNames() gives lower-case names: set again, they go out in lower case.
      if (value !== undefined) res.setHeader(name, value);
    }
    return writeHead(status, message, headers);
  };
}
