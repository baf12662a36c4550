/** §4.2 and §7.1 as data: the 14 operations, their parts in order, output, and fault codes. */
export type SoapScalar = 'xsd:string' | 'xsd:int' | 'xsd:boolean';
export type SoapOutput =
  | SoapScalar
  | 'tns:UserInfo'
  | 'tns:ArrayOfDescFields'
  | 'tns:ArrayOfDescFieldsValues'
  | 'tns:ArrayOfServicesValues'
  | null;

export interface SoapOperation {
  name: string;
  inputs: ReadonlyArray<readonly [name: string, type: SoapScalar]>;
  /** null: the response message has no output part (§4.2 rows 12 and 14). */
  output: SoapOutput;
  /** §7.1 "Codes per operation"; absent for the generic-user operations (not shown). */
  faults?: readonly number[];
}

const S = 'xsd:string';
const I = 'xsd:int';

const TABLE = [
  {
    name: 'activateService',
    inputs: [
      ['session_key', S],
      ['group_id', I],
      ['service_id', I],
    ],
    output: 'xsd:boolean',
    faults: [3000, 3019, 3203],
  },
  {
    name: 'addProject',
    inputs: [
      ['sessionKey', S],
      ['adminSessionKey', S],
      ['shortName', S],
      ['publicName', S],
      ['privacy', S],
      ['templateId', I],
    ],
    output: 'xsd:int',
    faults: [3001, 3200, 3100, 3101, 3102, 3103, 3104, 3105, 4000],
  },
  {
    name: 'addProjectMember',
    inputs: [
      ['sessionKey', S],
      ['groupId', I],
      ['userLogin', S],
    ],
    output: 'xsd:boolean',
    faults: [3000, 3201],
  },
  {
    name: 'addUserToUGroup',
    inputs: [
      ['sessionKey', S],
      ['groupId', I],
      ['ugroupId', I],
      ['userId', I],
    ],
    output: 'xsd:boolean',
    faults: [3000, 3201, 3203, 3301],
  },
  {
    name: 'deactivateService',
    inputs: [
      ['session_key', S],
      ['group_id', I],
      ['service_id', I],
    ],
    output: 'xsd:boolean',
    faults: [3000, 3019, 3203],
  },
  {
    name: 'getPlateformProjectDescriptionFields',
    inputs: [['sessionKey', S]],
    output: 'tns:ArrayOfDescFields',
    faults: [3107],
  },
  {
    name: 'getProjectDescriptionFieldsValue',
    inputs: [
      ['session_key', S],
      ['group_id', I],
    ],
    output: 'tns:ArrayOfDescFieldsValues',
    faults: [3000, 3203],
  },
  {
    name: 'getProjectGenericUser',
    inputs: [
      ['sessionKey', S],
      ['groupId', I],
    ],
    output: 'tns:UserInfo',
  },
  {
    name: 'getProjectServicesUsage',
    inputs: [
      ['session_key', S],
      ['group_id', I],
    ],
    output: 'tns:ArrayOfServicesValues',
    faults: [3000, 3203],
  },
  {
    name: 'removeProjectMember',
    inputs: [
      ['sessionKey', S],
      ['groupId', I],
      ['userLogin', S],
    ],
    output: 'xsd:boolean',
    faults: [3000, 3201, 3202, 3203],
  },
  {
    name: 'removeUserFromUGroup',
    inputs: [
      ['sessionKey', S],
      ['groupId', I],
      ['ugroupId', I],
      ['userId', I],
    ],
    output: 'xsd:boolean',
    faults: [3000, 3201, 3203, 3301],
  },
  {
    name: 'setProjectDescriptionFieldValue',
    inputs: [
      ['session_key', S],
      ['group_id', I],
      ['field_id_to_update', I],
      ['field_value', S],
    ],
    output: null,
    faults: [3000, 3108, 3201],
  },
  {
    name: 'setProjectGenericUser',
    inputs: [
      ['session_key', S],
      ['group_id', I],
      ['password', S],
    ],
    output: 'tns:UserInfo',
  },
  {
    name: 'unsetGenericUser',
    inputs: [
      ['session_key', S],
      ['groupId', I],
    ],
    output: null,
  },
] as const satisfies readonly SoapOperation[];

export const SOAP_OPERATIONS: ReadonlyArray<SoapOperation & { name: OperationName }> = TABLE;

/** The name of one of the 14 operations: a typo is a compile error. */
export type OperationName = (typeof TABLE)[number]['name'];

type OperationOf<N extends OperationName> = Extract<(typeof TABLE)[number], { name: N }>;
type ValueOf<T extends SoapScalar> = T extends 'xsd:int'
  ? number
  : T extends 'xsd:boolean'
    ? boolean
    : string;

/** The named arguments of an operation, typed from its §4.2 parts: `{ sessionKey, groupId, … }`. */
export type ArgsOf<N extends OperationName> = {
  [P in OperationOf<N>['inputs'][number] as P[0]]: ValueOf<P[1]>;
};

/** The §7.1 codes of an operation (never for the generic-user operations: not shown). */
export type FaultCodeOf<N extends OperationName> =
  OperationOf<N> extends { faults: readonly (infer C)[] } ? C : never;

/** §7.1, meaning of each code (the 3203 meaning depends on the operation). */
const MEANINGS = {
  3000: 'Invalid project id',
  3001: 'Invalid session (wrong sessionKey)',
  3019: 'The service does not exist',
  3100: 'Invalid template id (the corresponding project does not exist)',
  3101: 'Project creation failure',
  3102: 'Invalid short name',
  3103: 'Invalid full name',
  3104: 'Project is not a template',
  3105: 'Generic user creation failure',
  3107: 'No custom project description fields',
  3108: 'The given project description field does not exist',
  3200: 'Only a site admin may create a project on behalf of users (wrong adminSessionKey)',
  3201: 'Permission denied: need to be project admin',
  3202: 'Invalid user login',
  3203: 'Permission denied, invalid user id, or user not member of project (per operation)',
  3301: 'User group does not exist',
  4000: 'SOAP call quota exceeded: too many projects created during the last hour',
};

export const SOAP_FAULT_MEANINGS: Readonly<Record<number, string>> = MEANINGS;

/**
 * The codes the real system sends where §4.2 leaves the faults 'not shown' (login, the
 * generic-user operations) or where it fails inside (code 0, a generic exception): not §7.1's,
 * but what a client of it meets (docs/real-system.md, "SOAP faults").
 */
export const UNLISTED_FAULT_CODES = {
  0: 'A generic exception (the last project admin cannot be removed)',
  3002: 'Invalid password or user name (login)',
  3106: 'The project has no generic user',
  3300: 'The generic user is not created for this project',
} as const;

/** A fault code the server may send: §7.1's, or one the real system sends beyond it. */
export type FaultCode = keyof typeof MEANINGS | keyof typeof UNLISTED_FAULT_CODES;

export function soapOperation(name: string): SoapOperation {
  const operation = SOAP_OPERATIONS.find((op) => op.name === name);
  if (!operation) throw new Error(`unknown SOAP operation ${name}`);
  return operation;
}
