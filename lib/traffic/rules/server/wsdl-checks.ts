/**
 * The §4.1 and §4.2 checks of a WSDL, as suites/soap/wsdl.test.ts makes them, as pure data: per
 * requirement, what is wrong (empty when it holds). The target namespace is the WSDL's own, when it
 * has the form <base>/soap/project: what it must agree with (soapAction, location, body namespaces)
 * is read in it. URLs are compared as URLs (RFC 3986 §6.2.2–6.2.3).
 */
import { SOAP_NS } from '../../../kit/soap/envelope.ts';
import { baseOfNamespace } from '../../../kit/soap/base.ts';
import { showQName, WSDL_NS, type Wsdl } from '../../../kit/soap/wsdl.ts';
import { sameUrl } from '../../../kit/url-equivalence.ts';
import { SOAP_OPERATIONS } from '../../../../spec/soap-operations.ts';

export const WSDL_REQUIREMENTS = [
  'soap.wsdl.available',
  'soap.wsdl.target-namespace',
  'soap.wsdl.port-type',
  'soap.wsdl.binding',
  'soap.wsdl.protocol',
  'soap.wsdl.style-rpc',
  'soap.wsdl.use-encoded',
  'soap.wsdl.request-response',
  'soap.wsdl.soap-action',
  'soap.wsdl.request-message',
  'soap.wsdl.response-message',
  'soap.transport.location',
  ...SOAP_OPERATIONS.map((op) => `soap.${op.name}.parts`),
] as const;

export function wsdlProblems(wsdl: Wsdl): Map<string, string[]> {
  const problems = new Map<string, string[]>(WSDL_REQUIREMENTS.map((id) => [id, []]));
  const note = (id: string, problem: string) => problems.get(id)!.push(problem);
  const form = baseOfNamespace(wsdl.targetNamespace);
  if (form.problem !== undefined) note('soap.wsdl.target-namespace', form.problem);
  const tns = wsdl.targetNamespace ?? '';
  const portType = wsdl.portTypes.find((p) => p.name === 'ProjectAPIPortType');
  const binding = wsdl.bindings.find((b) => b.name === 'ProjectAPIBinding');
  const declared = new Set(wsdl.portTypes.flatMap((p) => p.operations.map((o) => o.name)));
  for (const op of SOAP_OPERATIONS)
    if (!declared.has(op.name)) note('soap.wsdl.available', `no operation ${op.name}`);
  if (!portType)
    note(
      'soap.wsdl.port-type',
      `no portType ProjectAPIPortType (found: ${wsdl.portTypes.map((p) => p.name).join(', ') || 'none'})`,
    );
  if (!binding)
    note(
      'soap.wsdl.binding',
      `no binding ProjectAPIBinding (found: ${wsdl.bindings.map((b) => b.name).join(', ') || 'none'})`,
    );
  else {
    if (showQName(binding.type, tns) !== 'tns:ProjectAPIPortType')
      note('soap.wsdl.binding', `binding/@type is ${showQName(binding.type, tns)}`);
    if (binding.transport !== WSDL_NS.http)
      note('soap.wsdl.protocol', `soap:binding/@transport is ${binding.transport ?? 'missing'}`);
  }
  for (const op of SOAP_OPERATIONS) {
    const bound = binding?.operations.find((o) => o.name === op.name);
    if (binding) {
      // WSDL 1.1 §3.4: the operation's style, else the binding's, else 'document'.
      const style = bound?.style ?? binding.style ?? 'document';
      if (style !== 'rpc') note('soap.wsdl.style-rpc', `${op.name} is ${style}`);
      for (const which of ['input', 'output'] as const) {
        const body = bound?.[which];
        if (body?.use !== 'encoded' || body.encodingStyle !== SOAP_NS.enc)
          note(
            'soap.wsdl.use-encoded',
            `${op.name} ${which}: use ${body?.use ?? 'missing'}, encodingStyle ${body?.encodingStyle ?? 'missing'}`,
          );
        if (form.problem === undefined && body?.namespace !== undefined && body.namespace !== tns)
          note(
            'soap.wsdl.target-namespace',
            `soap:body/@namespace of ${op.name} ${which} is ${body.namespace}`,
          );
      }
      const action = `${tns}#${op.name}`;
      if (
        form.problem === undefined &&
        (bound?.soapAction === undefined || !sameUrl(bound.soapAction, action))
      )
        note(
          'soap.wsdl.soap-action',
          `${op.name}: soapAction ${bound?.soapAction ?? 'missing'}, expected ${action}`,
        );
    }
    const operation = portType?.operations.find((o) => o.name === op.name);
    if (!operation) continue;
    const order = operation.order.filter((n) => n === 'input' || n === 'output').join(',');
    if (order !== 'input,output')
      note('soap.wsdl.request-response', `${op.name}: ${order || 'no input or output'}`);
    if (
      showQName(operation.input, tns) !== `tns:${op.name}Request` ||
      !wsdl.messages.has(`${op.name}Request`)
    )
      note(
        'soap.wsdl.request-message',
        `${op.name}: input message ${showQName(operation.input, tns)}`,
      );
    const outputParts = wsdl.messages
      .get(`${op.name}Response`)
      ?.map((p) => p.name)
      .join(',');
    const expectedParts = op.output === null ? '' : op.name;
    if (
      showQName(operation.output, tns) !== `tns:${op.name}Response` ||
      outputParts !== expectedParts
    )
      note(
        'soap.wsdl.response-message',
        `${op.name}: output message ${showQName(operation.output, tns)} with parts ${outputParts ?? '(none declared)'}`,
      );
    const parts = (wsdl.messages.get(`${op.name}Request`) ?? [])
      .map((p) => `${p.name}:${showQName(p.type, tns)}`)
      .join(', ');
    const expected = op.inputs.map(([name, type]) => `${name}:${type}`).join(', ');
    if (parts !== expected)
      note(
        `soap.${op.name}.parts`,
        `${op.name}Request has ${parts || 'no parts'}, expected ${expected}`,
      );
  }
  const locations = wsdl.services.flatMap((s) => s.ports.map((p) => p.location));
  if (
    form.problem === undefined &&
    !locations.some((l) => l !== undefined && sameUrl(l, `${tns}/`))
  )
    note(
      'soap.transport.location',
      `soap:address/@location is ${locations.join(', ') || 'missing'}, expected ${tns}/`,
    );
  return problems;
}
