/** Checks of rpc/encoded answers as they are on the wire (§4.1): xsi:type and SOAP-ENC arrays. */
import { SOAP_NS } from './envelope.ts';
import { attribute, resolveQName, type XmlNode } from '../xml/tree.ts';

/** The path of every value element (the part and, within it, members and items) with no xsi:type. */
export function untypedValues(node: XmlNode, path = node.name): string[] {
  const here =
    attribute(node, SOAP_NS.xsi, 'type') === undefined &&
    attribute(node, SOAP_NS.xsi, 'nil') !== 'true'
      ? [path]
      : [];
  return [...here, ...node.children.flatMap((c, i) => untypedValues(c, `${path}/${c.name}[${i}]`))];
}

/** The xsi:type of a value, resolved ('{ns}local'), or undefined. */
export function xsiType(node: XmlNode): { ns: string; local: string } | undefined {
  const type = attribute(node, SOAP_NS.xsi, 'type');
  return type === undefined ? undefined : resolveQName(node, type);
}

/**
 * What is wrong with the xsi:type of an array value (undefined when nothing). SOAP 1.1 §5.4.2:
 * an array's type is SOAP-ENC:Array 'or a type derived therefrom': the WSDL's {tns}ArrayOfX, or
 * SOAP-ENC:Array itself (as NuSOAP and Axis write it), whose arrayType then names {tns}X.
 */
export function arrayTypeProblem(
  node: XmlNode,
  namespace: string,
  arrayType: string,
  itemType: string,
): string | undefined {
  const type = xsiType(node);
  const shown = type ? `{${type.ns}}${type.local}` : 'none';
  if (type?.ns === namespace && type.local === arrayType) return undefined;
  if (type?.ns !== SOAP_NS.enc || type.local !== 'Array')
    return `xsi:type is ${shown}, expected {${namespace}}${arrayType} (or SOAP-ENC:Array)`;
  const members = memberType(node);
  return members?.ns === namespace && members.local === itemType
    ? undefined
    : `xsi:type is SOAP-ENC:Array, whose SOAP-ENC:arrayType must then name {${namespace}}${itemType}`;
}

/** The member type SOAP-ENC:arrayType names ('ns1:ServiceValue[3]' → {ns, 'ServiceValue'}). */
function memberType(node: XmlNode): { ns: string; local: string } | undefined {
  const arrayType = attribute(node, SOAP_NS.enc, 'arrayType');
  const match = arrayType === undefined ? null : /^([^[]+)\[/.exec(arrayType.trim());
  return match ? resolveQName(node, match[1]!) : undefined;
}

/**
 * What is wrong with `node` as a SOAP-ENC array of `itemType` members (empty when nothing). SOAP 1.1
 * §5.4.2: every child element is a member and its name is insignificant (PHP writes <item>, other
 * stacks the type's name); SOAP-ENC:arrayType names the members' type and either counts them or
 * asserts no size ('Type[]', the size is then the members').
 */
export function encodedArrayProblems(node: XmlNode, namespace: string, itemType: string): string[] {
  const problems: string[] = [];
  const arrayType = attribute(node, SOAP_NS.enc, 'arrayType');
  if (arrayType === undefined) return [`<${node.name}> has no SOAP-ENC:arrayType attribute`];
  const match = /^(?:([^:]*):)?([^[]+)\[(\d*)\]$/.exec(arrayType.trim());
  if (!match) return [`SOAP-ENC:arrayType '${arrayType}' is not of the form prefix:Type[n]`];
  const ns = node.scope[match[1] ?? ''] ?? '';
  if (ns !== namespace || match[2] !== itemType)
    problems.push(
      `SOAP-ENC:arrayType '${arrayType}' names {${ns}}${match[2]}, expected {${namespace}}${itemType}`,
    );
  if (match[3] !== '' && Number(match[3]) !== node.children.length)
    problems.push(
      `SOAP-ENC:arrayType declares ${match[3]} members, the array holds ${node.children.length}`,
    );
  return problems;
}
