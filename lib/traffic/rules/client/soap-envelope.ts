/**
 * §4.1: a call is a SOAP 1.1 envelope (SOAP over HTTP: sent as text/xml, SOAP 1.1 §6.1.1), rpc
 * style, whose body holds one element named after the operation, in the target namespace
 * {base_url}/soap/project (§4.1, §9.1; compared as a URL). The namespace is judged against the
 * WSDL's when the traffic fetched it, else for its form only.
 */
import { soapMediaTypeProblem } from '../../../kit/soap/media-type.ts';
import { baseOfNamespace, projectNamespace } from '../../../kit/soap/base.ts';
import { sameUrl } from '../../../kit/url-equivalence.ts';
import type { RuleFactory } from '../../rule.ts';
import { requestName } from './request-facts.ts';
import { isProjectOperation } from './soap-call.ts';
import { SoapBases } from './soap-bases.ts';

const REQUIREMENT = 'client.soap.envelope';
/** The kind of a call whose operation cannot be read. */
const UNREADABLE = 'SOAP request';

export const soapEnvelopeRule: RuleFactory = () => {
  const bases = new SoapBases();
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      bases.learn(view);
      if (!view.isSoapCall || view.exchange.truncated) return;
      const parsed = view.soapRequest();
      const kind = 'problem' in parsed ? UNREADABLE : parsed.value.operation;
      const problems: string[] = [];
      const mediaType = soapMediaTypeProblem(view.requestHeader('content-type'));
      if (mediaType !== undefined) problems.push(`${mediaType} (SOAP 1.1 over HTTP is text/xml)`);
      if ('problem' in parsed) problems.push(`the body is no SOAP 1.1 call: ${parsed.problem}`);
      else {
        const { operation, namespace } = parsed.value;
        if (!isProjectOperation(operation))
          problems.push(`the body calls '${operation}', which is no §4.2 operation`);
        const wsdlBase = bases.wsdlBase(view);
        if (wsdlBase !== undefined) {
          const expected = projectNamespace(wsdlBase);
          if (!sameUrl(namespace, expected))
            problems.push(
              `<${operation}> is in the namespace '${namespace}', not the WSDL's '${expected}'`,
            );
        } else {
          const form = baseOfNamespace(namespace);
          if (form.problem !== undefined) problems.push(`<${operation}>: ${form.problem}`);
        }
      }
      if (problems.length === 0) {
        verdicts.pass(REQUIREMENT, [view.exchange], kind);
        return;
      }
      verdicts.deviation(REQUIREMENT, kind, {
        message: `${requestName(view)} is not a SOAP 1.1 call of a §4.2 operation: ${problems.join('; ')}`,
        expected:
          'a SOAP 1.1 envelope sent as text/xml, its body one element named after a §4.2 operation in {base_url}/soap/project',
        actual: problems.join('; '),
        exchanges: [view.exchange],
      });
    },
  };
};
