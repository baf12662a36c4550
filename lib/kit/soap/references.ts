/**
 * SOAP 1.1 §5.2.1 and §5.4: multi-reference values. An accessor may carry href="#id" instead of
 * its value, which is then an independent element of the Body (id="id", usually marked
 * SOAP-ENC:root="0"): Axis writes every struct and array so, PHP a value that occurs twice. The
 * harness reads answers with the references resolved, so every check sees the value in place.
 */
import { SOAP_NS } from './envelope.ts';
import { attribute, child, type XmlNode } from '../xml/tree.ts';

/** The Body's first entry that is a serialization root, with every reference resolved. */
export function soapBodyRoot(envelope: XmlNode): XmlNode | undefined {
  const entries = child(envelope, 'Body')?.children ?? [];
  const root = entries.find((e) => attribute(e, SOAP_NS.enc, 'root') !== '0');
  if (!root) return undefined;
  const ids = new Map<string, XmlNode>();
  const collect = (node: XmlNode) => {
    const id = node.attributes['id'];
    if (id !== undefined && !ids.has(id)) ids.set(id, node);
    node.children.forEach(collect);
  };
  entries.forEach(collect);
  return ids.size === 0 ? root : resolve(root, ids, new Set());
}

/** The accessor keeps its name; the referenced element gives attributes, scope and content. */
function resolve(node: XmlNode, ids: Map<string, XmlNode>, open: Set<string>): XmlNode {
  const href = node.attributes['href'];
  const id = href?.startsWith('#') ? href.slice(1) : undefined;
  const target = id === undefined ? undefined : ids.get(id);
  // A reference to nothing, or back into a value being resolved, is left as written.
  if (!target || open.has(id!))
    return { ...node, children: node.children.map((c) => resolve(c, ids, open)) };
  open.add(id!);
  const { id: _, ...attributes } = target.attributes;
  const resolved: XmlNode = {
    name: node.name,
    ns: node.ns,
    attributes,
    scope: target.scope,
    text: target.text,
    children: target.children.map((c) => resolve(c, ids, open)),
  };
  open.delete(id!);
  return resolved;
}
