/**
 * §5.1.1: each operation takes a session key string as its first input, named session_key or
 * sessionKey. Judged on the first part the call sends (the order of the rest is soap-parts.ts's).
 */
import type { RuleFactory } from '../../rule.ts';
import { requestName } from './request-facts.ts';
import { expectedNames, partList, partNames, soapCallOf } from './soap-call.ts';

const REQUIREMENT = 'client.soap.session-first';
const SESSION_PART_NAMES: ReadonlySet<string> = new Set(['session_key', 'sessionKey']);

export const soapSessionFirstRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const call = soapCallOf(view);
    if (call === undefined) return;
    const name = call.operation.name;
    const first = call.request.parts[0];
    if (first !== undefined && SESSION_PART_NAMES.has(first.name) && first.children.length === 0) {
      verdicts.pass(REQUIREMENT, [view.exchange], name);
      return;
    }
    const sent = partNames(call.request.parts);
    verdicts.deviation(REQUIREMENT, name, {
      message:
        first === undefined
          ? `${requestName(view)} calls ${name} with no part at all: the session key must come first`
          : `${requestName(view)} calls ${name} with <${first.name}> first, not the session key`,
      expected: `the session key first: ${expectedNames(call.operation)[0]} (a string)`,
      actual: `the parts ${partList(sent)}`,
      exchanges: [view.exchange],
    });
  },
});
