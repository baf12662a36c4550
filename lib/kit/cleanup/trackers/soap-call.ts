/** What the trackers read of a successful SOAP call, and the undo call they build. */
import {
  soapOperation,
  type ArgsOf,
  type OperationName,
} from '../../../../spec/soap-operations.ts';
import { decode } from '../../soap/client.ts';
import type { WireAction } from '../wire-actions.ts';
import type { UndoCall } from '../types.ts';

/** A successful SOAP call: its parts' texts in the order sent, its output part decoded. */
export interface SoapCall {
  operation: string;
  args: readonly string[];
  value: unknown;
}

export function soapCall(action: Extract<WireAction, { kind: 'soap' }>): SoapCall {
  return {
    operation: action.operation,
    args: action.args,
    value: action.answer ? decode(action.answer) : undefined,
  };
}

/** The texts of an operation's parts by their §4.2 names; '' for a part not sent. */
export type PartsOf<N extends OperationName> = { readonly [P in keyof ArgsOf<N>]: string };

export function partsOf<N extends OperationName>(name: N, call: SoapCall): PartsOf<N> {
  const inputs = soapOperation(name).inputs;
  return Object.fromEntries(inputs.map(([part], i) => [part, call.args[i] ?? ''])) as PartsOf<N>;
}

/** A call of the project service (§4.2) that undoes a change. */
export function projectCall(operation: OperationName, args: Array<string | number>): UndoCall {
  return { kind: 'soap', service: 'project', operation, args };
}
