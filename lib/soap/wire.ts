/** Checks of rpc/encoded answers as they are on the wire (§4.1): xsi:type and SOAP-ENC arrays. */
import { SOAP_NS } from './envelope.ts';
import { attribute, resolveQName, type XmlNode } from './xml-tree.ts';

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
