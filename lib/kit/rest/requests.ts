/** Small request helpers for the REST suites: every call goes through the test's recording client. */
import type { HttpResponse } from '../clients/http.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import type { Auth } from './auth-type.ts';
import { PAGINATION_HEADERS } from '../../../spec/limits.ts';
import { ConformanceFailure } from '../conformance-failure.ts';

export const XML_TYPE = 'application/xml';

export function get(
  ctx: ConformanceContext,
  path: string,
  auth: Auth,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  return ctx.http.send({ path, headers: { ...auth.headers, ...headers } });
}

export function sendJson(
  ctx: ConformanceContext,
  method: 'POST' | 'PUT',
  path: string,
  auth: Auth,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  return ctx.http.send({ method, path, json, headers: { ...auth.headers, ...headers } });
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf(answer: HttpResponse): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

export interface PageHeaders {
  limit: number;
  offset: number;
  size: number;
  limitMax: number;
}

/** The four §8 headers as numbers (NaN when absent or not an integer). */
export function pageHeaders(answer: HttpResponse): PageHeaders {
  const read = (name: string) => {
    const raw = answer.headers[name.toLowerCase()];
    return raw !== undefined && /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  };
  return {
    limit: read(PAGINATION_HEADERS.limit),
    offset: read(PAGINATION_HEADERS.offset),
    size: read(PAGINATION_HEADERS.size),
    limitMax: read(PAGINATION_HEADERS.limitMax),
  };
}

export const is2xx = (status: number) => status >= 200 && status < 300;

/** The status is 2xx; else a failure naming it ("POST /artifacts: expected a 2xx status, got 404"). */
export function expect2xx(status: number, what: string): void {
  if (!is2xx(status))
    throw new ConformanceFailure(
      `${what}: expected a 2xx status, got ${status}`,
      'a 2xx status',
      `HTTP ${status}`,
    );
}
