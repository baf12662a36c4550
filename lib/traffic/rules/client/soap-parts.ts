/**
 * §4.2 (and §2.1: "all SOAP request values are named parts of an rpc-style message"): a call sends
 * its operation's inputs, each by its name, in the table's order, none missing and none other.
 * Parts are read by their local names: rpc/encoded parts are unqualified, and a stack that
 * qualifies them still names them.
 */
import type { RuleFactory } from '../../rule.ts';
import { requestName } from './request-facts.ts';
import { expectedNames, partList, partNames, soapCallOf } from './soap-call.ts';

const REQUIREMENT = 'client.soap.parts';

export const soapPartsRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const call = soapCallOf(view);
    if (call === undefined) return;
    const name = call.operation.name;
    const expected = expectedNames(call.operation);
    const sent = partNames(call.request.parts);
    if (sent.length === expected.length && sent.every((part, i) => part === expected[i])) {
      verdicts.pass(REQUIREMENT, [view.exchange], name);
      return;
    }
    const missing = expected.filter((part) => !sent.includes(part));
    const extra = sent.filter((part) => !expected.includes(part));
    const what = [
      ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
      ...(extra.length > 0 ? [`not of ${name}: ${extra.join(', ')}`] : []),
      ...(missing.length === 0 && extra.length === 0 ? ['out of order'] : []),
    ];
    verdicts.deviation(REQUIREMENT, name, {
      message: `${requestName(view)} calls ${name} with the parts ${partList(sent)} (${what.join('; ')}), where §4.2 gives ${partList(expected)}`,
      expected: `the parts ${partList(expected)}, in that order`,
      actual: `the parts ${partList(sent)}`,
      exchanges: [view.exchange],
    });
  },
});
