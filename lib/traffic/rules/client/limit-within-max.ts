/**
 * §8: the limit query parameter cannot exceed the value reported in X-PAGINATION-LIMIT-MAX. Judged
 * once the traffic shows the server announcing the maximum for that route (method and route
 * shape, with or without /api): before that, nothing was reported. The maximum is the route's,
 * whoever it was announced to: a client is judged by it even if another client's answer carried it.
 * A limit sent before any announcement is kept when the answer that serves it announces a maximum
 * it is within (a client's first page, asked with its limit, is a right one). An over-max request
 * the server refused, or served capped (X-PAGINATION-LIMIT within the maximum), was not honoured: a
 * probe when the traffic also holds limits within it, as every other deliberate bad request.
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { pageHeader, pageParameters } from './page-request.ts';
import { evidence, requestName, routeKey } from './request-facts.ts';

const REQUIREMENT = 'client.rest.limit-within-max';
const ROUTES_KEPT = 500;

interface Announced {
  max: number;
  exchange: TrafficExchange;
}

export const limitWithinMaxRule: RuleFactory = () => {
  const announced = new BoundedMap<string, Announced>(ROUTES_KEPT);
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      const route = routeKey(view);
      if (route === undefined) return;
      const { limit } = pageParameters(view);
      const told = announced.get(route);
      const max = pageHeader(view, 'x-pagination-limit-max');
      if (limit !== undefined && told === undefined && max !== undefined && !view.refused) {
        if (limit <= max) verdicts.pass(REQUIREMENT, [view.exchange], route);
      } else if (limit !== undefined && told !== undefined) {
        if (limit <= told.max) verdicts.pass(REQUIREMENT, [view.exchange], route);
        else
          verdicts.deviation(REQUIREMENT, route, {
            message: `${requestName(view)} asks for limit=${limit}, over the X-PAGINATION-LIMIT-MAX ${told.max} the server announced for ${route}`,
            expected: `limit ≤ ${told.max}`,
            actual: `limit=${limit}`,
            exchanges: [told.exchange, view.exchange],
            // Served with the limit capped to the maximum: the server did not honour it either.
            refused: view.refused || (servedLimit(view) ?? Infinity) <= told.max,
          });
      }
      if (max !== undefined) announced.set(route, { max, exchange: evidence(view.exchange) });
    },
  };
};

/** The chunk size the answer says it used (X-PAGINATION-LIMIT, §8.2), when it says one. */
function servedLimit(view: ExchangeView): number | undefined {
  return view.refused ? undefined : pageHeader(view, 'x-pagination-limit');
}
