/**
 * Planted faults (`--fault NAME`, repeatable): single-rule deviations that turn the reference
 * server into a known-broken implementation, so that the suites are shown to catch each one
 * (tests/self-validation.test.ts). Each is one declaration in rest.ts or soap.ts; the app hands
 * the planted ones to the server's parts as hook sets (declaration.ts). Never on by default.
 */
import type { FaultDeclaration } from './declaration.ts';
import { REST_FAULTS } from './rest.ts';
import { SOAP_FAULTS } from './soap.ts';

export type { FaultDeclaration } from './declaration.ts';

/** The name of a planted fault: a typo in a fault name is a compile error. */
export type FaultName = (typeof SOAP_FAULTS)[number]['name'] | (typeof REST_FAULTS)[number]['name'];

/** A planted fault as it is shown: its name, the rule it breaks, and why traffic cannot show it. */
export type PlantedFault = Pick<
  FaultDeclaration<FaultName>,
  'name' | 'does' | 'breaks' | 'notInTraffic'
>;

export const PLANTED_FAULTS: readonly FaultDeclaration<FaultName>[] = [
  ...SOAP_FAULTS,
  ...REST_FAULTS,
];

export class UnknownFault extends Error {}

/**
 * The planted faults chosen by name (`--fault`), in declaration order: the hook sets that app.ts
 * hands the server's parts.
 */
export class Faults {
  readonly active: readonly FaultDeclaration[];

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !PLANTED_FAULTS.some((f) => f.name === n));
    if (unknown.length > 0)
      throw new UnknownFault(
        `unknown fault ${unknown.join(', ')}; known: ${PLANTED_FAULTS.map((f) => f.name).join(', ')}`,
      );
    this.active = PLANTED_FAULTS.filter((f) => names.includes(f.name));
  }
}
