/**
 * A 429 (RFC 6585 §4) or 503 (RFC 9110 §15.6.4) whose Retry-After (RFC 9110 §10.2.3) says when to
 * come back: the request is sent again then, at most MAX_WAITS times and never after more than
 * MAX_WAIT_MS; beyond that the answer stands, as any answer. A 503 without Retry-After is an answer
 * (a broken feature fails), not a request to wait.
 */
export const MAX_WAITS = 3;
export const MAX_WAIT_MS = 30_000;

/** How long to wait before sending again, or undefined when the answer stands. */
export function retryDelayMs(
  status: number,
  headers: Record<string, string>,
  waitsSoFar: number,
  now: number = Date.now(),
): number | undefined {
  if ((status !== 429 && status !== 503) || waitsSoFar >= MAX_WAITS) return undefined;
  const value = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    ms = Math.max(0, date - now);
  }
  return ms <= MAX_WAIT_MS ? ms : undefined;
}
