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

/** What is wrong with `node` as a SOAP-ENC array of `itemType` items (empty when nothing). */
export function encodedArrayProblems(node: XmlNode, namespace: string, itemType: string): string[] {
  const problems: string[] = [];
  const arrayType = attribute(node, SOAP_NS.enc, 'arrayType');
  if (arrayType === undefined) return [`<${node.name}> has no SOAP-ENC:arrayType attribute`];
  const match = /^(?:([^:]*):)?([^[]+)\[(\d*)\]$/.exec(arrayType);
  if (!match) return [`SOAP-ENC:arrayType '${arrayType}' is not of the form prefix:Type[n]`];
  const ns = node.scope[match[1] ?? ''] ?? '';
  if (ns !== namespace || match[2] !== itemType)
    problems.push(
      `SOAP-ENC:arrayType '${arrayType}' names {${ns}}${match[2]}, expected {${namespace}}${itemType}`,
    );
  if (match[3] !== String(node.children.length))
    problems.push(
      `SOAP-ENC:arrayType declares ${match[3] || 'no'} items, the array holds ${node.children.length}`,
    );
  const others = node.children.filter((c) => c.name !== 'item').map((c) => c.name);
  if (others.length > 0)
    problems.push(`array members must be <item> elements, found <${others.join('>, <')}>`);
  return problems;
}
