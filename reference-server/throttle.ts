/**
 * The variant 'throttled-429': every THROTTLE_EVERY-th request, of any kind, is answered 429 with
 * Retry-After: 1 (RFC 6585 §4), as a rate-limited platform would; deterministic, by a count.
 */
import type { ServerResponse } from 'node:http';

export const THROTTLE_EVERY = 40;

export class Throttle {
  private count = 0;

  /** True when this request was answered 429 (nothing else may answer it). */
  refuse(res: ServerResponse): boolean {
    this.count += 1;
    if (this.count % THROTTLE_EVERY !== 0) return false;
    const body = JSON.stringify({
      error: { code: 429, message: 'Too Many Requests: retry in 1 s' },
    });
    res.writeHead(429, {
      'Retry-After': '1',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
    return true;
  }
}
