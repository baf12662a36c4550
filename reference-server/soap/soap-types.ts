/** §2.1 SOAP types as encoder descriptors: scalars, structs (xsd:sequence) and SOAP-ENC arrays. */
export type Scalar = 'xsd:string' | 'xsd:int' | 'xsd:boolean';
export interface Struct {
  kind: 'struct';
  name: string;
  fields: ReadonlyArray<readonly [string, Scalar]>;
}
export interface ArrayType {
  kind: 'array';
  name: string;
  item: Struct;
}
export type SoapType = Scalar | Struct | ArrayType;

export const DESC_FIELD: Struct = {
  kind: 'struct',
  name: 'DescField',
  fields: [
    ['id', 'xsd:int'],
    ['name', 'xsd:string'],
    ['is_mandatory', 'xsd:int'],
  ],
};
export const DESC_FIELD_VALUE: Struct = {
  kind: 'struct',
  name: 'DescFieldValue',
  fields: [
    ['id', 'xsd:int'],
    ['value', 'xsd:string'],
  ],
};
export const SERVICE_VALUE: Struct = {
  kind: 'struct',
  name: 'ServiceValue',
  fields: [
    ['id', 'xsd:int'],
    ['short_name', 'xsd:string'],
    ['is_used', 'xsd:int'],
  ],
};
export const USER_INFO: Struct = {
  kind: 'struct',
  name: 'UserInfo',
  fields: [
    ['identifier', 'xsd:string'],
    ['username', 'xsd:string'],
    ['id', 'xsd:string'],
    ['real_name', 'xsd:string'],
    ['email', 'xsd:string'],
    ['ldap_id', 'xsd:string'],
  ],
};
/** The core login's Session (docs/real-system.md, "The core login service"). */
export const SESSION: Struct = {
  kind: 'struct',
  name: 'Session',
  fields: [
    ['user_id', 'xsd:int'],
    ['session_hash', 'xsd:string'],
  ],
};

export const STRUCTS: readonly Struct[] = [DESC_FIELD, DESC_FIELD_VALUE, SERVICE_VALUE, USER_INFO];
export const ARRAYS: readonly ArrayType[] = [
  { kind: 'array', name: 'ArrayOfDescFields', item: DESC_FIELD },
  { kind: 'array', name: 'ArrayOfDescFieldsValues', item: DESC_FIELD_VALUE },
  { kind: 'array', name: 'ArrayOfServicesValues', item: SERVICE_VALUE },
];

/** Resolves an operation's output type name (spec/soap-operations.ts) to its descriptor. */
export function typeOf(name: string): SoapType {
  if (name.startsWith('xsd:')) return name as Scalar;
  const found = BY_NAME.get(name.startsWith('tns:') ? name.slice(4) : name);
  if (!found) throw new Error(`no SOAP type ${name}`);
  return found;
}

const BY_NAME = new Map<string, SoapType>([...STRUCTS, ...ARRAYS].map((t) => [t.name, t]));
