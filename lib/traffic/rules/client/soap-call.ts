/**
 * A SOAP request to the project service (§4.1) as the client rules read it: its §4.2 operation
 * and its parts. Requests whose body cannot be read, or that call no §4.2 operation, are the
 * envelope rule's to judge (soap-envelope.ts); the part rules leave them alone.
 */
import {
  soapOperation,
  SOAP_OPERATIONS,
  type SoapOperation,
} from '../../../../spec/soap-operations.ts';
import type { XmlNode } from '../../../kit/xml/tree.ts';
import type { ExchangeView, SoapRequest } from '../../view.ts';

export interface SoapCall {
  operation: SoapOperation;
  request: SoapRequest;
}

const OPERATION_NAMES: ReadonlySet<string> = new Set(SOAP_OPERATIONS.map((op) => op.name));

export function isProjectOperation(name: string): boolean {
  return OPERATION_NAMES.has(name);
}

/** The call, when the request is a readable SOAP call of a §4.2 operation. */
export function soapCallOf(view: ExchangeView): SoapCall | undefined {
  if (!view.isSoapCall || view.exchange.truncated) return undefined;
  const parsed = view.soapRequest();
  if ('problem' in parsed || !isProjectOperation(parsed.value.operation)) return undefined;
  return { operation: soapOperation(parsed.value.operation), request: parsed.value };
}

/** '(session_key, group_id)' */
export function partList(names: readonly string[]): string {
  return `(${names.join(', ')})`;
}

export function partNames(parts: readonly XmlNode[]): string[] {
  return parts.map((p) => p.name);
}

export function expectedNames(operation: SoapOperation): string[] {
  return operation.inputs.map(([name]) => name);
}
