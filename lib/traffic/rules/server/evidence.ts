/**
 * What a rule keeps of an exchange it may cite later: the exchange with each body cut to a few
 * characters, copied into strings of their own (a slice of a long string can keep the whole of it
 * alive in V8), so that the state a rule keeps per artifact, token or page stays small whatever
 * the bodies. A finding cites it as it was when the rule saw it.
 */
import type { TrafficExchange } from '../../exchange.ts';

const BODY_KEPT = 1000;

/** A copy of a short string in memory of its own, never a slice that keeps a long one alive. */
export function ownString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function own(text: string): string {
  return text.length <= BODY_KEPT ? text : ownString(text.slice(0, BODY_KEPT));
}

export function evidence(exchange: TrafficExchange): TrafficExchange {
  const cut =
    exchange.requestBody.length > BODY_KEPT || (exchange.responseBody?.length ?? 0) > BODY_KEPT;
  if (!cut) return exchange;
  return {
    ...exchange,
    requestBody: own(exchange.requestBody),
    ...(exchange.responseBody === undefined ? {} : { responseBody: own(exchange.responseBody) }),
    truncated: true,
  };
}
