/**
 * §4.3 (limit and offset are integers) and §8 (offset is an index from 0): each limit and offset
 * query parameter of a REST request is written in decimal digits. limit=5.0, offset=1e1, limit=-1
 * or limit= name a number some servers read and others refuse: whatever the server answered, the
 * request was not the one the spec gives.
 */
import type { RuleFactory } from '../../rule.ts';
import { requestName, routeKey } from './request-facts.ts';

const REQUIREMENT = 'client.rest.page-parameters';
const INTEGER = /^\d+$/;

export const pageParametersRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const route = routeKey(view);
    if (route === undefined) return;
    const sent = [...view.url.searchParams].filter(
      ([name]) => name === 'limit' || name === 'offset',
    );
    if (sent.length === 0) return;
    const wrong = sent.filter(([, value]) => !INTEGER.test(value));
    if (wrong.length === 0) {
      verdicts.pass(REQUIREMENT, [view.exchange], route);
      return;
    }
    const actual = wrong.map(([name, value]) => `${name}=${value.slice(0, 40)}`).join('&');
    verdicts.deviation(REQUIREMENT, route, {
      message: `${requestName(view)} sends ${actual}: limit and offset are integers (decimal digits)`,
      expected: 'limit and offset as non-negative integers in decimal digits (limit=5&offset=10)',
      actual,
      exchanges: [view.exchange],
    });
  },
});
