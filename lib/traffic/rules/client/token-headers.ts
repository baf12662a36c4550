/**
 * §5.2.4: to use a token the client sends two headers on each call, X-Auth-Token and
 * X-Auth-UserId. One without the other is no token authentication (the real system treats the
 * call as anonymous, docs/real-system.md, "REST tokens").
 */
import type { RuleFactory } from '../../rule.ts';
import { requestName } from './request-facts.ts';

const REQUIREMENT = 'client.rest.token-headers-together';
const KIND = 'token authentication';

export const tokenHeadersRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    if (view.isSoapCall) return;
    const token = view.requestHeader('x-auth-token');
    const userId = view.requestHeader('x-auth-userid');
    if (token === undefined && userId === undefined) return;
    if (token !== undefined && userId !== undefined) {
      verdicts.pass(REQUIREMENT, [view.exchange], KIND);
      return;
    }
    const sent = token !== undefined ? 'X-Auth-Token' : 'X-Auth-UserId';
    const missing = token !== undefined ? 'X-Auth-UserId' : 'X-Auth-Token';
    verdicts.deviation(REQUIREMENT, KIND, {
      message: `${requestName(view)} sends ${sent} without ${missing}`,
      expected: 'X-Auth-Token and X-Auth-UserId together',
      actual: `${sent} alone`,
      exchanges: [view.exchange],
    });
  },
});
