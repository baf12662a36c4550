/**
 * Which path serves an artifact route. §4.3's table writes GET /api/artifacts/<id> but
 * POST /artifacts and PUT /artifacts/<id>; §4.4 and §4.5 write all three without /api; whether
 * both forms are the same routes is 'not shown' (rest.routes.prefix). A request tries the form the
 * spec writes for it first and, when that form is not served (404 or 405), the other one; the
 * form that answered is remembered for the rest of the test file.
 */
import type { HttpResponse } from '../clients/http.ts';

/** 'written' or 'other', per method and written path shape. */
const learned = new Map<string, boolean>();

const NOT_SERVED = new Set([404, 405]);

/** The other form of an artifact path: with /api when written without, and the reverse. */
export function otherForm(path: string): string {
  return path.startsWith('/api/') ? path.slice('/api'.length) : `/api${path}`;
}

/**
 * Sends through the written form of the route (e.g. '/artifacts', '/api/artifacts/12'), or the
 * other form when the written one is not served.
 */
export async function viaArtifactRoute(
  method: string,
  written: string,
  send: (path: string) => Promise<HttpResponse>,
): Promise<HttpResponse> {
  const key = `${method} ${written.replace(/\/\d+(?=\/|$)/g, '/<id>')}`;
  const useOther = learned.get(key);
  const first = useOther ? otherForm(written) : written;
  const answer = await send(first);
  if (!NOT_SERVED.has(answer.status)) {
    learned.set(key, useOther === true);
    return answer;
  }
  if (useOther !== undefined) return answer;
  const second = await send(otherForm(written));
  if (!NOT_SERVED.has(second.status)) learned.set(key, true);
  return second;
}
