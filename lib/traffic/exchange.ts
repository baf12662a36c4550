/** One exchange of traffic the harness did not make: as `monitor` saw it or a HAR recorded it. */
import type { Exchange } from '../wire-exchange.ts';

export interface TrafficExchange extends Exchange {
  /** Its place in the traffic, from 1, in the order the requests began. */
  seq: number;
  /** When the request began and the answer ended: ms since the epoch, by the traffic's own clock. */
  startedMs: number;
  endedMs: number;
  /**
   * A body longer than the judge keeps (monitor's cap) was cut: rules that need the whole body do
   * not judge it.
   */
  truncated?: boolean;
}

/** A header's value, its name in any case; several fields of one name joined with ', '. */
export function header(
  headers: Readonly<Record<string, string>> | undefined,
  name: string,
): string | undefined {
  if (headers === undefined) return undefined;
  const exact = headers[name];
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** Header pairs as a record with lower-case names, several fields of one name joined (RFC 9110 §5.3). */
export function headerRecord(pairs: Iterable<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}
