/**
 * The planted faults of the SOAP wire and WSDL (reference-server/faults.ts), applied to what the
 * endpoint would otherwise send. Kept apart so that encode.ts and wsdl.ts stay the correct forms.
 */
import { MESSAGES } from '../domain/errors.ts';
import type { Faults } from '../faults.ts';

/** A name that is not the server's own base: what the base faults put in place of it. */
const OTHER_BASE = 'http://other-name.invalid';

export function plantedAnswer(faults: Faults, xml: string): string {
  let out = xml;
  if (faults.on('soap-no-xsi-type')) out = out.replace(/ xsi:type="[^"]*"/g, '');
  if (faults.on('soap-array-members-untyped'))
    out = out.replace(/<item xsi:type="[^"]*"/g, '<item');
  if (faults.on('soap-array-typed-as-member'))
    out = out.replace(
      /( SOAP-ENC:arrayType="ns1:(\w+)\[\d*\]" xsi:type=")ns1:\w+"/g,
      (_, head: string, member: string) => `${head}ns1:${member}"`,
    );
  if (faults.on('soap-arrays-without-array-type'))
    out = out.replace(/ SOAP-ENC:arrayType="[^"]*"/g, '');
  if (faults.on('soap-array-type-count-wrong'))
    out = out.replace(
      /( SOAP-ENC:arrayType="[^"[]*\[)(\d+)\]/g,
      (_, head: string, n: string) => `${head}${Number(n) + 1}]`,
    );
  return out;
}

/** The project service's namespace, in the WSDL and in answers: {base}/soap/project (§4.1). */
export function plantedNamespace(faults: Faults, base: string): string {
  return faults.on('soap-namespace-versioned') ? `${base}/soap/project/v1` : `${base}/soap/project`;
}

/** The namespace answers are written in: the WSDL's, unless the server names itself otherwise there. */
export function plantedAnswerNamespace(faults: Faults, namespace: string): string {
  return faults.on('soap-answer-namespace-other-base')
    ? namespace.replace(/^https?:\/\/[^/]+/, OTHER_BASE)
    : namespace;
}

/** A fault's HTTP status and faultcode/faultstring as the planted faults would send them. */
export function plantedFault(
  faults: Faults,
  fault: { status: number; code: string; message: string },
): { status: number; code: string; message: string } {
  const { code, message } = plantedCode(faults, fault);
  const numeric = /^\d+$/.test(code);
  return {
    status: faults.on('soap-fault-http-200') ? 200 : fault.status,
    ...(numeric && faults.on('soap-faultcode-qualified')
      ? { code: 'SOAP-ENV:Server', message: `${code}: ${message}` }
      : { code, message }),
  };
}

/**
 * The Content-Type of an answer of `operation` (undefined: the call could not be read) as the
 * planted faults send it; `correct` otherwise.
 */
export function plantedMediaType(
  faults: Faults,
  operation: string | undefined,
  answer: 'success' | 'fault',
  correct: string,
): string {
  if (
    answer === 'fault' &&
    operation === 'removeUserFromUGroup' &&
    faults.on('soap-fault-media-type-html')
  )
    return 'text/html; charset=utf-8';
  if (
    answer === 'success' &&
    operation === 'getProjectServicesUsage' &&
    faults.on('soap-answer-media-type-soap12')
  )
    return 'application/soap+xml; charset=utf-8';
  return correct;
}

/** Another §7.1 code for what does not exist: a project (3000) or a user group (3301). */
function plantedCode(faults: Faults, fault: { code: string; message: string }) {
  if (fault.code === '3000' && faults.on('soap-unknown-project-3001'))
    return { code: '3001', message: MESSAGES.invalidSession };
  if (fault.code === '3301' && faults.on('soap-unknown-ugroup-3000'))
    return { code: '3000', message: MESSAGES.invalidProject };
  return fault;
}

/** soap-action-unquoted-refused: true when the header was sent without its quotes. */
export function plantedSoapActionRefused(faults: Faults, rawHeader: string): boolean {
  return (
    faults.on('soap-action-unquoted-refused') && rawHeader !== '' && !rawHeader.startsWith('"')
  );
}

export function plantedWsdl(faults: Faults, wsdl: string): string {
  let out = wsdl;
  if (faults.on('soap-wsdl-document-style'))
    out = out.replaceAll('style="rpc"', 'style="document"');
  if (faults.on('soap-wsdl-literal-use')) out = out.replaceAll('use="encoded"', 'use="literal"');
  if (faults.on('soap-wsdl-bare-soap-action'))
    out = out.replace(/soapAction="[^"#]*#/g, 'soapAction="');
  if (faults.on('soap-wsdl-soap-action-other-base'))
    out = out.replace(/soapAction="https?:\/\/[^/"]+/g, `soapAction="${OTHER_BASE}`);
  if (faults.on('soap-wsdl-location-other-base'))
    out = out.replace(/location="https?:\/\/[^/"]+/g, `location="${OTHER_BASE}`);
  if (faults.on('soap-wsdl-location-port-dropped'))
    out = out.replace(/(location="https?:\/\/[^/":]+):\d+\//g, '$1/');
  if (faults.on('soap-wsdl-location-path-case'))
    out = out.replace(/(location="https?:\/\/[^/"]+)\/soap\/project\//g, '$1/SOAP/Project/');
  if (faults.on('soap-wsdl-session-key-int'))
    out = out.replaceAll(
      '<part name="sessionKey" type="xsd:string"/>',
      '<part name="sessionKey" type="xsd:int"/>',
    );
  if (faults.on('soap-wsdl-parts-swapped'))
    out = out.replace(
      /(<message name="addProjectMemberRequest">)(<part [^>]*\/>)(<part [^>]*\/>)(<part [^>]*\/>)/,
      '$1$2$4$3',
    );
  return out;
}
