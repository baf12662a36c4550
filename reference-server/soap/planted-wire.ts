/**
 * The planted faults of the SOAP wire and WSDL (reference-server/faults/), applied to what the
 * endpoint would otherwise send: each function passes the correct form through the hook of every
 * planted fault that has one. Kept apart so that encode.ts and wsdl.ts stay the correct forms.
 */
import type { SentFault } from '../faults/declaration.ts';
import type { Faults } from '../faults/index.ts';

export function plantedAnswer(faults: Faults, xml: string): string {
  return faults.hooks('soapAnswer').reduce((out, rewrite) => rewrite(out), xml);
}

/** The project service's namespace, in the WSDL and in answers: {base}/soap/project (§4.1). */
export function plantedNamespace(faults: Faults, base: string): string {
  return faults.hooks('namespace').reduce((ns, rewrite) => rewrite(ns), `${base}/soap/project`);
}

/** The namespace answers are written in: the WSDL's, unless the server names itself otherwise there. */
export function plantedAnswerNamespace(faults: Faults, namespace: string): string {
  return faults.hooks('answerNamespace').reduce((ns, rewrite) => rewrite(ns), namespace);
}

/** A fault's HTTP status and faultcode/faultstring as the planted faults would send them. */
export function plantedFault(faults: Faults, fault: SentFault): SentFault {
  return faults.hooks('soapFault').reduce((sent, rewrite) => rewrite(sent), fault);
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
  return faults
    .hooks('mediaType')
    .reduce((type, rewrite) => rewrite(operation, answer, type), correct);
}

/** True when a planted fault refuses the SOAPAction header (its raw text). */
export function plantedSoapActionRefused(faults: Faults, rawHeader: string): boolean {
  return faults.hooks('soapActionRefused').some((refused) => refused(rawHeader));
}

export function plantedWsdl(faults: Faults, wsdl: string): string {
  return faults.hooks('wsdl').reduce((out, rewrite) => rewrite(out), wsdl);
}
