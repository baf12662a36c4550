/**
 * §4.1: the SOAP action of each operation is {base_url}/soap/project#<operation>, and SOAP 1.1
 * §6.1.1 has the client send it in the SOAPAction header of every call. The value is compared as
 * a URL (RFC 3986 §6.2.2–6.2.3: scheme and host in any case, a default port the same as none),
 * quoted as §6.1.1 writes it or bare (servers take both: the suites check it, and
 * soap-action-unquoted-refused is a planted server fault).
 */
import { sameUrl } from '../../../kit/url-equivalence.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { requestName } from './request-facts.ts';
import { SoapBases } from './soap-bases.ts';

const REQUIREMENT = 'client.soap.soap-action';

export const soapActionRule: RuleFactory = () => {
  const bases = new SoapBases();
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      bases.learn(view);
      if (!view.isSoapCall || view.exchange.truncated) return;
      const parsed = view.soapRequest();
      if ('problem' in parsed) return;
      const { operation, namespace } = parsed.value;
      const { base, from } = bases.baseFor(view, namespace);
      const expected = `${base}/soap/project#${operation}`;
      const sent = soapActionOf(view);
      if (sent !== undefined && sent !== '' && sameUrl(sent, expected)) {
        verdicts.pass(REQUIREMENT, [view.exchange], operation);
        return;
      }
      verdicts.deviation(REQUIREMENT, operation, {
        message:
          sent === undefined
            ? `${requestName(view)} calls ${operation} without a SOAPAction header`
            : `${requestName(view)} calls ${operation} with SOAPAction '${sent}', which names another action`,
        expected: `SOAPAction: "${expected}" ({base_url} from ${from})`,
        actual: sent === undefined ? 'no SOAPAction header' : `SOAPAction: ${rawSoapAction(view)}`,
        exchanges: [view.exchange],
      });
    },
  };
};

function rawSoapAction(view: ExchangeView): string | undefined {
  return view.requestHeader('soapaction');
}

/** The header's value without its quotes; '' when empty; undefined when absent. */
function soapActionOf(view: ExchangeView): string | undefined {
  const raw = rawSoapAction(view)?.trim();
  if (raw === undefined) return undefined;
  return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
}
