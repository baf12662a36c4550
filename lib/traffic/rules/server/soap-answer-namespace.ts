/**
 * §4.1, §9: the answers are in the target namespace the WSDL declares, {base_url}/soap/project
 * with no version marker (soap.wsdl.target-namespace): the <op>Response element of a successful
 * answer is in the namespace of the WSDL the traffic fetched from the same host, when it fetched
 * one whose target namespace has that form. Without such a WSDL the traffic does not say the
 * namespace, and nothing is judged.
 */
import { baseOfNamespace } from '../../../kit/soap/base.ts';
import { readWsdl } from '../../../kit/soap/wsdl.ts';
import type { RuleFactory } from '../../rule.ts';
import type { TrafficExchange } from '../../exchange.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { soapCallOf } from './soap-call.ts';
import { evidence, ownString } from './evidence.ts';

const REQUIREMENT = 'soap.wsdl.target-namespace';
const HOSTS_KEPT = 64;

export const soapAnswerNamespaceRule: RuleFactory = () => {
  const namespaces = new BoundedMap<string, { tns: string; wsdl: TrafficExchange }>(HOSTS_KEPT);
  let lastWsdl: string | undefined;
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      if (view.isWsdl && view.exchange.status === 200 && !view.exchange.truncated) {
        // The same document fetched again says the same namespace: read once.
        const text = view.exchange.responseBody ?? '';
        if (text === lastWsdl && namespaces.get(view.url.host)) return;
        lastWsdl = text;
        try {
          const tns = readWsdl(text).targetNamespace;
          if (tns !== undefined && baseOfNamespace(tns).problem === undefined)
            namespaces.set(view.url.host, { tns: ownString(tns), wsdl: evidence(view.exchange) });
        } catch {
          // Not a WSDL: the WSDL rule says so; no namespace is learnt from it.
        }
        return;
      }
      const call = soapCallOf(view);
      const known = namespaces.get(view.url.host);
      if (!call || !known || view.exchange.status !== 200) return;
      const answer = view.soapAnswer();
      if ('problem' in answer || !answer.value.response) return;
      const response = answer.value.response;
      const exchanges = [known.wsdl, view.exchange];
      if (response.ns === known.tns) verdicts.pass(REQUIREMENT, exchanges);
      else
        verdicts.fail(REQUIREMENT, {
          message: `${call.operation.name} answered <${response.name}> in the namespace '${response.ns}', not the target namespace '${known.tns}' its WSDL declares`,
          expected: known.tns,
          actual: response.ns,
          exchanges,
        });
    },
  };
};
