/**
 * The hook points of the SOAP wire and WSDL: where a server built on the endpoint may change what
 * it would otherwise send, so that endpoint.ts, encode.ts and wsdl.ts stay the correct forms and
 * name nothing that changes them (the app plugs the planted faults in here: app.ts). A hook set
 * has a hook at some of the points; soapWire joins the sets, and the endpoint calls the join.
 */
import { hooksAt } from '../hook-points.ts';

/** A SOAP fault as the endpoint sends it: HTTP status, faultcode, faultstring. */
export interface SentFault {
  status: number;
  code: string;
  message: string;
}

export interface SoapHooks {
  /** The text of a successful answer. */
  soapAnswer?: (xml: string) => string;
  /** The project service's namespace, in the WSDL and in answers. */
  namespace?: (namespace: string) => string;
  /** The namespace answers are written in. */
  answerNamespace?: (namespace: string) => string;
  /** A fault's HTTP status, faultcode and faultstring. */
  soapFault?: (fault: SentFault) => SentFault;
  /** The Content-Type of an answer of `operation` (undefined: the call could not be read). */
  mediaType?: (operation: string | undefined, answer: 'success' | 'fault', type: string) => string;
  /** True refuses a SOAPAction header (its raw text) the correct server takes. */
  soapActionRefused?: (raw: string) => boolean;
  /** The WSDL text. */
  wsdl?: (wsdl: string) => string;
}

/** The hook points as the endpoint calls them: the correct form through every set's hook. */
export interface SoapWire {
  answer(xml: string): string;
  namespace(namespace: string): string;
  answerNamespace(namespace: string): string;
  fault(fault: SentFault): SentFault;
  mediaType(operation: string | undefined, answer: 'success' | 'fault', correct: string): string;
  /** True when a hook refuses the SOAPAction header (its raw text). */
  soapActionRefused(raw: string): boolean;
  wsdl(wsdl: string): string;
}

/** The hook sets `hooks` joined, in order; none: the correct wire. */
export function soapWire(hooks: readonly SoapHooks[] = []): SoapWire {
  const answers = hooksAt(hooks, 'soapAnswer');
  const namespaces = hooksAt(hooks, 'namespace');
  const answerNamespaces = hooksAt(hooks, 'answerNamespace');
  const faults = hooksAt(hooks, 'soapFault');
  const mediaTypes = hooksAt(hooks, 'mediaType');
  const refusals = hooksAt(hooks, 'soapActionRefused');
  const wsdls = hooksAt(hooks, 'wsdl');
  return {
    answer: (xml) => answers.reduce((out, rewrite) => rewrite(out), xml),
    namespace: (namespace) => namespaces.reduce((ns, rewrite) => rewrite(ns), namespace),
    answerNamespace: (namespace) =>
      answerNamespaces.reduce((ns, rewrite) => rewrite(ns), namespace),
    fault: (fault) => faults.reduce((sent, rewrite) => rewrite(sent), fault),
    mediaType: (operation, answer, correct) =>
      mediaTypes.reduce((type, rewrite) => rewrite(operation, answer, type), correct),
    soapActionRefused: (raw) => refusals.some((refused) => refused(raw)),
    wsdl: (wsdl) => wsdls.reduce((out, rewrite) => rewrite(out), wsdl),
  };
}
