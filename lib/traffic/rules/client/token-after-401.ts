/**
 * §5.2.5 (and §7.2's 401 row): once a call with a token is answered 401, the client must obtain a
 * new token; sending that token again, with the same user id, in a request that began after the
 * 401 ended, breaks it. A request already under way when the 401 came is not judged (it was sent
 * before the client could know). A 401 for a token sent without its X-Auth-UserId (or with
 * another user's id) refused the pair, not the token: only the pair sent again is judged. Kept
 * by the client that, after its token's 401, sends a new token with its user id. Not judged
 * where the recording hid the token («redacted»), nor on a DELETE of that very token (a client
 * letting go of it, the real system's revocation route).
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory } from '../../rule.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { evidence, isHidden, requestName } from './request-facts.ts';

const REQUIREMENT = 'client.rest.new-token-after-401';
const KIND = 'a token after its 401';
/** Pairs answered 401 remembered (the busiest clients' last ones). */
const REFUSED_KEPT = 5_000;

interface Refused {
  /** The 401 that refused the pair. */
  exchange: TrafficExchange;
  /** Whether the client has since sent a new token with its user id. */
  renewed: boolean;
}

export const tokenAfter401Rule: RuleFactory = () => {
  /** `${userId} ${token}` → its 401. */
  const refused = new BoundedMap<string, Refused>(REFUSED_KEPT);
  /** User id → the pair of its that was last answered 401, until it sends a new token. */
  const awaitingNew = new BoundedMap<string, string>(REFUSED_KEPT);
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      const token = view.requestHeader('x-auth-token')?.trim();
      const userId = view.requestHeader('x-auth-userid')?.trim();
      if (token === undefined || userId === undefined || isHidden(token) || isHidden(userId))
        return;
      const pair = `${userId} ${token}`;
      if (view.method === 'DELETE' && view.url.pathname.endsWith(`/tokens/${token}`)) return;
      const before = refused.get(pair);
      const started = view.exchange.startedMs;
      if (before !== undefined && before.exchange.endedMs <= started)
        verdicts.deviation(REQUIREMENT, KIND, {
          message: `${requestName(view)} sends again the token answered 401 (with X-Auth-UserId ${userId}): after a 401 the client obtains a new token`,
          expected: 'a new token (POST /api/tokens) after the 401',
          actual: 'the token answered 401, sent again',
          exchanges: [before.exchange, view.exchange],
        });
      const waiting = awaitingNew.get(userId);
      if (waiting !== undefined && waiting !== pair) {
        const first = refused.get(waiting);
        if (first !== undefined && first.exchange.endedMs <= started && !first.renewed) {
          first.renewed = true;
          awaitingNew.delete(userId);
          verdicts.pass(REQUIREMENT, [first.exchange, view.exchange], KIND);
        }
      }
      if (view.exchange.status === 401 && before === undefined) {
        refused.set(pair, { exchange: evidence(view.exchange), renewed: false });
        awaitingNew.set(userId, pair);
      }
    },
  };
};
