/**
 * §4.1 rpc/encoded with the §4.2 input types: a part that states its type (xsi:type) states its
 * input's, xsd:string or xsd:int (SOAP-ENC's types of the same name are the same, SOAP 1.1
 * §5.2.1), and an xsd:int part holds an integer. A part without xsi:type is typed by the WSDL
 * (SOAP 1.1 §5.1): zeep and node-soap send them so, and so does a correct client.
 */
import { SOAP_NS } from '../../../kit/soap/envelope.ts';
import { xsiType } from '../../../kit/soap/wire.ts';
import type { XmlNode } from '../../../kit/xml/tree.ts';
import type { RuleFactory } from '../../rule.ts';
import { isHidden, requestName } from './request-facts.ts';
import { soapCallOf } from './soap-call.ts';

const REQUIREMENT = 'client.soap.xsi-types';
const TYPE_NAMESPACES: ReadonlySet<string> = new Set([SOAP_NS.xsd, SOAP_NS.enc]);
const INT = /^[+-]?\d+$/;

export const soapXsiTypesRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    const call = soapCallOf(view);
    if (call === undefined) return;
    const problems: string[] = [];
    for (const part of call.request.parts) {
      const declared = call.operation.inputs.find(([name]) => name === part.name)?.[1];
      if (declared !== undefined) problems.push(...typeProblems(part, declared));
    }
    const name = call.operation.name;
    if (problems.length === 0) {
      verdicts.pass(REQUIREMENT, [view.exchange], name);
      return;
    }
    verdicts.deviation(REQUIREMENT, name, {
      message: `${requestName(view)} calls ${name} with mistyped parts: ${problems.join('; ')}`,
      expected: `the §4.2 types: ${call.operation.inputs.map(([n, t]) => `${n}:${t}`).join(', ')}`,
      actual: problems.join('; '),
      exchanges: [view.exchange],
    });
  },
});

function typeProblems(part: XmlNode, declared: string): string[] {
  const local = declared.slice('xsd:'.length);
  const problems: string[] = [];
  const stated = xsiType(part);
  if (stated !== undefined && (!TYPE_NAMESPACES.has(stated.ns) || stated.local !== local))
    problems.push(`<${part.name}> says xsi:type {${stated.ns}}${stated.local}, not ${declared}`);
  if (part.children.length > 0) problems.push(`<${part.name}> holds elements, not a ${declared}`);
  else if (local === 'int' && !isHidden(part.text) && !INT.test(part.text.trim()))
    problems.push(`<${part.name}> holds '${part.text.slice(0, 40)}', not an ${declared}`);
  return problems;
}
