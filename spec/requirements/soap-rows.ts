/**
 * Rows whose text comes from the §4.2/§7.1 table (spec/soap-operations.ts): the caller writes the
 * id out, the compiler checks the operation and the code against the table, and
 * catalogue.test.ts checks that each id names the operation and code of its row.
 */
import {
  SOAP_FAULT_MEANINGS,
  SOAP_OPERATIONS,
  soapOperation,
  type FaultCodeOf,
  type OperationName,
} from '../soap-operations.ts';
import { must } from './table.ts';
import type { Row } from './types.ts';

/** §7.1: what 3203 means depends on the operation. */
const THREE_TWO_O_THREE: Readonly<Partial<Record<OperationName, string>>> = {
  activateService: 'permission denied (need to be project admin)',
  deactivateService: 'permission denied (need to be project admin)',
  getProjectDescriptionFieldsValue: 'permission denied (need to be project admin)',
  getProjectServicesUsage: 'permission denied (need to be project admin)',
  addUserToUGroup: 'invalid user id',
  removeUserFromUGroup: 'invalid user id',
  removeProjectMember: 'user not member of project',
};

/** soap.<operation>.parts (§4.2): the named parts, in order. */
export function parts(name: OperationName): Row & { level: 'MUST' } {
  const list = soapOperation(name)
    .inputs.map(([part, type]) => `${part}:${type.slice(4)}`)
    .join(', ');
  return must(`${name} takes the parts ${list}, in that order.`);
}

/** soap.<operation>.output (§4.2): the output part, or none. */
export function output(name: OperationName): Row & { level: 'MUST' } {
  const type = soapOperation(name).output;
  return must(
    `${name} answers with ${type === null ? 'no output part' : `output ${type.replace(/^\w+:/, '')}`}.`,
  );
}

/** soap.<operation>.fault.<code> (§7.1): one row per (operation, code) pair of the table. */
export function fault<N extends OperationName>(
  name: N,
  code: FaultCodeOf<N>,
): Row & { level: 'MUST' } {
  const number = code as number; // a generic N leaves FaultCodeOf<N> unresolved
  const meaning = number === 3203 ? THREE_TWO_O_THREE[name] : SOAP_FAULT_MEANINGS[number];
  return must(`${name} answers fault ${number} (${meaning}).`);
}

/** The id of a §7.1 (operation, code) pair: soap.<operation>.fault.<code>. */
export type FaultPairId = {
  [N in OperationName]: `soap.${N}.fault.${FaultCodeOf<N> & number}`;
}[OperationName];

/** Whether an id is one of a §7.1 pair (made by faultRows, not written in a table). */
export function isFaultPairId(id: string): id is FaultPairId {
  return /^soap\.\w+\.fault\.\d+$/.test(id);
}

/**
 * Every §7.1 row, one per (operation, code) pair of spec/soap-operations.ts, operations in table
 * order and each one's codes in §7.1's order: a code added to the table is a requirement, typed
 * (RequirementId), without a row to write.
 */
export function faultRows(): Readonly<Record<FaultPairId, Row & { level: 'MUST' }>> {
  const rows: Array<[string, Row]> = SOAP_OPERATIONS.flatMap((op) =>
    (op.faults ?? []).map((code): [string, Row & { level: 'MUST' }] => [
      `soap.${op.name}.fault.${code}`,
      fault(op.name, code as never),
    ]),
  );
  return Object.fromEntries(rows) as Record<FaultPairId, Row & { level: 'MUST' }>;
}
