/**
 * A successful SOAP answer (§4.2, §4.1), judged as the suites judge it: the <op>Response element
 * holds the output part named <op> typed as §4.2 gives it, or nothing where §4.2 gives no output
 * (soap.<op>.output); every returned value carries xsi:type (soap.wire.xsi-type); an array is a
 * SOAP-ENC array whose arrayType names and counts its members (soap.wire.encoded-arrays). The
 * target namespace is the one the answer's own <op>Response element is in: whether that is
 * {base_url}/soap/project, only the WSDL tells.
 */
import { SOAP_NS } from '../../../kit/soap/envelope.ts';
import {
  arrayTypeProblem,
  encodedArrayProblems,
  untypedValues,
  xsiType,
} from '../../../kit/soap/wire.ts';
import type { XmlNode } from '../../../kit/xml/tree.ts';
import type { SoapOutput } from '../../../../spec/soap-operations.ts';
import type { RuleFactory, Verdicts } from '../../rule.ts';
import type { TrafficExchange } from '../../exchange.ts';
import { soapCallOf } from './soap-call.ts';

const XSI_TYPE = 'soap.wire.xsi-type';
const ARRAYS = 'soap.wire.encoded-arrays';

const ARRAYS_OF: Partial<Record<NonNullable<SoapOutput>, string>> = {
  'tns:ArrayOfDescFields': 'DescField',
  'tns:ArrayOfDescFieldsValues': 'DescFieldValue',
  'tns:ArrayOfServicesValues': 'ServiceValue',
};

export const soapOutputRule: RuleFactory = () => ({
  requirements: [
    XSI_TYPE,
    ARRAYS,
    'soap.activateService.output',
    'soap.addProject.output',
    'soap.addProjectMember.output',
    'soap.addUserToUGroup.output',
    'soap.deactivateService.output',
    'soap.getPlateformProjectDescriptionFields.output',
    'soap.getProjectDescriptionFieldsValue.output',
    'soap.getProjectGenericUser.output',
    'soap.getProjectServicesUsage.output',
    'soap.removeProjectMember.output',
    'soap.removeUserFromUGroup.output',
    'soap.setProjectDescriptionFieldValue.output',
    'soap.setProjectGenericUser.output',
    'soap.unsetGenericUser.output',
  ],
  observe(view, verdicts) {
    const call = soapCallOf(view);
    if (!call || view.exchange.status !== 200) return;
    const answer = view.soapAnswer();
    if ('problem' in answer || answer.value.response === undefined) return;
    const response = answer.value.response;
    const { name, output } = call.operation;
    const exchanges = [view.exchange];
    const requirement = `soap.${name}.output`;
    const problem = outputProblem(response, name, output);
    if (problem !== undefined) {
      verdicts.fail(requirement, {
        message: `${name} answered ${problem}`,
        expected:
          output === null
            ? `an empty <${name}Response>`
            : `<${name}Response> holding the part <${name}> of type ${output}`,
        actual: problem,
        exchanges,
      });
      return;
    }
    verdicts.pass(requirement, exchanges);
    const part = response.children[0];
    if (output === null || part === undefined) return;
    judgeTyping(part, name, exchanges, verdicts);
    const item = ARRAYS_OF[output];
    if (item !== undefined) {
      const problems = encodedArrayProblems(part, response.ns, item);
      if (problems.length === 0) verdicts.pass(ARRAYS, exchanges);
      else
        verdicts.fail(ARRAYS, {
          message: `${name} answered an array that is not a SOAP-ENC array of ${item}: ${problems.join('; ')}`,
          expected: `SOAP-ENC:arrayType naming ${item} and counting the members (or [])`,
          actual: problems.join('; '),
          exchanges,
        });
    }
  },
});

/** What is wrong with the <op>Response as §4.2 gives it, or undefined. */
function outputProblem(response: XmlNode, op: string, output: SoapOutput): string | undefined {
  if (response.name !== `${op}Response`) return `<${response.name}>, not <${op}Response>`;
  const names = response.children.map((c) => `<${c.name}>`);
  if (output === null)
    return names.length === 0 ? undefined : `<${op}Response> holding ${names.join(', ')}`;
  const part = response.children[0];
  if (part === undefined) return `an empty <${op}Response>: no output part <${op}>`;
  if (part.name !== op) return `<${op}Response> whose output part is <${part.name}>, not <${op}>`;
  const type = xsiType(part);
  if (type === undefined) return undefined; // no xsi:type at all: soap.wire.xsi-type's finding
  const [prefix, local] = output.split(':') as [string, string];
  if (prefix === 'xsd')
    return type.ns === SOAP_NS.xsd && type.local === local
      ? undefined
      : `the part <${op}> typed {${type.ns}}${type.local}, not ${output}`;
  const item = ARRAYS_OF[output];
  const problem =
    item === undefined
      ? type.ns === response.ns && type.local === local
        ? undefined
        : `xsi:type is {${type.ns}}${type.local}, expected {${response.ns}}${local}`
      : arrayTypeProblem(part, response.ns, local, item);
  return problem === undefined ? undefined : `the part <${op}> with ${problem}`;
}

function judgeTyping(
  part: XmlNode,
  op: string,
  exchanges: TrafficExchange[],
  verdicts: Verdicts,
): void {
  const untyped = untypedValues(part);
  if (untyped.length === 0) verdicts.pass(XSI_TYPE, exchanges);
  else
    verdicts.fail(XSI_TYPE, {
      message: `${op} answered values without xsi:type: ${untyped.slice(0, 5).join(', ')}${untyped.length > 5 ? ', …' : ''}`,
      expected: 'every returned value typed with xsi:type (rpc/encoded)',
      actual: `${untyped.length} untyped value(s)`,
      exchanges,
    });
}
