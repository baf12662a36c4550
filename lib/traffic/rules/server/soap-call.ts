/**
 * The SOAP call an exchange carries, when it is one of the 14 operations of §4.2 and its envelope
 * reads: the rules on SOAP answers judge only answers to such calls (a request the harness cannot
 * read, or of another operation, has no §4.2 or §7.1 rule to answer by).
 */
import { SOAP_OPERATIONS, type SoapOperation } from '../../../../spec/soap-operations.ts';
import type { ExchangeView, SoapRequest } from '../../view.ts';

export interface SoapCall {
  operation: SoapOperation;
  request: SoapRequest;
}

const BY_NAME = new Map<string, SoapOperation>(SOAP_OPERATIONS.map((op) => [op.name, op]));

export function soapCallOf(view: ExchangeView): SoapCall | undefined {
  if (!view.isSoapCall || view.exchange.status === undefined) return undefined;
  const request = view.soapRequest();
  if ('problem' in request) return undefined;
  const operation = BY_NAME.get(request.value.operation);
  return operation ? { operation, request: request.value } : undefined;
}

/** 'getProjectServicesUsage answered HTTP 500' */
export function callLine(call: SoapCall, view: ExchangeView): string {
  return `${call.operation.name} answered HTTP ${view.exchange.status}`;
}
