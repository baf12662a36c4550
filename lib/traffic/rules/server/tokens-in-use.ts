/**
 * Tokens as the traffic uses them (§5.2), from the answer that issued each one (POST /api/tokens)
 * to the calls that send it with X-Auth-Token and X-Auth-UserId, by the server's time
 * (server-clock.ts):
 * - used more than 24 hours after it was issued and still accepted (2xx): rest.auth.token-expired-401
 *   fails; answered 401, it passes;
 * - used with its own user id less than 24 hours after it was issued, not revoked, and answered
 *   401: rest.auth.token-lifetime fails; accepted, it passes;
 * - used with another user's id, or after DELETE /api/tokens revoked it, and accepted:
 *   rest.auth.invalid-credentials-fail fails (the traffic proves those credentials invalid); a
 *   token this traffic never issued proves nothing.
 * A «redacted» token is no token the traffic can follow: not judged.
 */
import { REDACTED } from '../../../kit/clients/redact.ts';
import { LIMITS } from '../../../../spec/limits.ts';
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { requestLine } from './page-answer.ts';
import { ServerClock } from './server-clock.ts';
import { evidence } from './evidence.ts';

const LIFETIME = 'rest.auth.token-lifetime';
const EXPIRED = 'rest.auth.token-expired-401';
const INVALID = 'rest.auth.invalid-credentials-fail';

const LIFETIME_MS = LIMITS.tokenLifetimeHours * 3600 * 1000;
const TOKENS_KEPT = 10_000;

interface Issued {
  userId: string;
  issue: TrafficExchange;
  revoked?: TrafficExchange;
}

export const tokensInUseRule: RuleFactory = () => {
  const clock = new ServerClock();
  const tokens = new BoundedMap<string, Issued>(TOKENS_KEPT);
  /** user id → the last DELETE /api/tokens (every token of the caller) answered 2xx. */
  const revokedAll = new BoundedMap<string, TrafficExchange>(TOKENS_KEPT);
  return {
    requirements: [LIFETIME, EXPIRED, INVALID],
    observe(view, verdicts) {
      if (clock.observe(view) || !view.rest) return;
      const status = view.exchange.status;
      if (status === undefined) return;
      const ok = status >= 200 && status < 300;
      const token = view.requestHeader('x-auth-token')?.trim();
      const userId = view.requestHeader('x-auth-userid')?.trim();
      const known = token === undefined || token.includes(REDACTED) ? undefined : tokens.get(token);
      if (ok && view.rest.shape === '/tokens' && view.method === 'POST') noteIssued(view, tokens);
      if (ok && view.method === 'DELETE' && view.rest.shape.startsWith('/tokens')) {
        const named =
          view.rest.shape === '/tokens' ? undefined : view.url.pathname.split('/').pop();
        const target = named === undefined ? undefined : tokens.get(decodeURIComponent(named));
        if (target) target.revoked ??= evidence(view.exchange);
        else if (named === undefined && known && userId === known.userId)
          revokedAll.set(known.userId, evidence(view.exchange));
        return;
      }
      if (!known || userId === undefined) return;
      const line = requestLine(view);
      const exchanges = [known.issue, view.exchange];
      const revoked = known.revoked ?? revokedAfter(revokedAll.get(known.userId), known.issue);
      if (userId !== known.userId || (revoked && revoked.endedMs <= view.exchange.startedMs)) {
        if (!ok) return;
        verdicts.fail(INVALID, {
          message: `${line} with a token ${userId !== known.userId ? `issued to user ${known.userId}, sent with X-Auth-UserId ${userId},` : 'revoked by DELETE before,'} answered ${status}: invalid credentials fail`,
          expected: 'an error (non-2xx)',
          actual: `HTTP ${status}`,
          exchanges:
            revoked && userId === known.userId ? [known.issue, revoked, view.exchange] : exchanges,
        });
        return;
      }
      const elapsedMin =
        clock.earliest(view.exchange.startedMs) - clock.latest(known.issue.endedMs);
      const elapsedMax =
        clock.latest(view.exchange.endedMs) - clock.earliest(known.issue.startedMs);
      const hours = (ms: number) => `${(ms / 3_600_000).toFixed(2)} h`;
      if (elapsedMin > LIFETIME_MS) {
        if (status === 401) verdicts.pass(EXPIRED, exchanges);
        else if (ok)
          verdicts.fail(EXPIRED, {
            message: `${line} with a token issued at least ${hours(elapsedMin)} before (by the server's clock) answered ${status}: after 24 hours calls with the token answer 401`,
            expected: 'HTTP 401',
            actual: `HTTP ${status}`,
            exchanges,
          });
      } else if (elapsedMax < LIFETIME_MS && !revoked) {
        if (ok) verdicts.pass(LIFETIME, exchanges);
        else if (status === 401)
          verdicts.fail(LIFETIME, {
            message: `${line} with a token issued at most ${hours(elapsedMax)} before (by the server's clock), with its own user id, answered 401: a token works until 24 hours after it was obtained`,
            expected: 'the token accepted',
            actual: 'HTTP 401',
            exchanges,
          });
      }
    },
  };
};

function noteIssued(view: ExchangeView, tokens: BoundedMap<string, Issued>): void {
  const json = view.responseJson();
  if (!('value' in json) || json.value === null || typeof json.value !== 'object') return;
  const { token, user_id: userId } = json.value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || token.includes(REDACTED)) return;
  if (typeof userId !== 'string' && typeof userId !== 'number') return;
  tokens.set(token, { userId: String(userId), issue: evidence(view.exchange) });
}

function revokedAfter(
  revoke: TrafficExchange | undefined,
  issue: TrafficExchange,
): TrafficExchange | undefined {
  return revoke && revoke.startedMs >= issue.endedMs ? revoke : undefined;
}
