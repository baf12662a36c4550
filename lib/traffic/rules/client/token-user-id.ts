/**
 * §5.2.3–4: X-Auth-UserId is the user id returned with the token. Judged only where the traffic
 * holds the token's issue (POST /api/tokens and its answer) and shows the token's value: a
 * recording that hid it («redacted») cannot tell one token from another.
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { evidence, isHidden, requestName, succeeded } from './request-facts.ts';

const REQUIREMENT = 'client.rest.token-user-id';
const KIND = 'token authentication';
/** Tokens remembered with their user id (a token lives 24 h: the busiest clients' last ones). */
const TOKENS_KEPT = 5_000;

interface Issued {
  userId: string;
  exchange: TrafficExchange;
}

export const tokenUserIdRule: RuleFactory = () => {
  const issued = new BoundedMap<string, Issued>(TOKENS_KEPT);
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      const token = view.requestHeader('x-auth-token')?.trim();
      const userId = view.requestHeader('x-auth-userid')?.trim();
      const issue = token === undefined || isHidden(token) ? undefined : issued.get(token);
      if (issue !== undefined && userId !== undefined && !isHidden(userId)) {
        if (userId === issue.userId) verdicts.pass(REQUIREMENT, [view.exchange], KIND);
        else
          verdicts.deviation(REQUIREMENT, KIND, {
            message: `${requestName(view)} sends a token with X-Auth-UserId ${userId}, but the token was returned with user_id ${issue.userId}`,
            expected: `X-Auth-UserId: ${issue.userId}`,
            actual: `X-Auth-UserId: ${userId}`,
            exchanges: [issue.exchange, view.exchange],
          });
      }
      learn(view, issued);
    },
  };
};

/** A token and its user id from a successful POST /api/tokens. */
function learn(view: ExchangeView, issued: BoundedMap<string, Issued>): void {
  if (view.method !== 'POST' || view.rest?.shape !== '/tokens' || !succeeded(view)) return;
  const answer = view.responseJson();
  if ('problem' in answer || answer.value === null || typeof answer.value !== 'object') return;
  const { token, user_id: userId } = answer.value as Record<string, unknown>;
  if (typeof token !== 'string' || isHidden(token)) return;
  if (typeof userId !== 'string' && typeof userId !== 'number') return;
  issued.set(token, { userId: String(userId), exchange: evidence(view.exchange) });
}
