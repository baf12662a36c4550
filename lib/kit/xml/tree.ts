/**
 * A small namespace-aware XML tree on fast-xml-parser, for reading SOAP answers and WSDLs as they
 * are on the wire (prefixes resolved to namespace URIs, attributes kept, document order kept).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { scalarText } from '../scalar-text.ts';

export interface XmlNode {
  /** Local name, without prefix. */
  name: string;
  /** The element's namespace URI ('' when none). */
  ns: string;
  /** Attributes by qualified name as written (e.g. 'xsi:type'). */
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
  /** Prefix → namespace URI in scope at this element. */
  scope: Record<string, string>;
}

const XML_ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  preserveOrder: true,
  htmlEntities: XML_ENTITIES as unknown as boolean,
});

export class XmlError extends Error {}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

/**
 * The trees of the documents parsed last, by their text: a test's checks and its cleanup
 * (lib/kit/cleanup/wire-actions.ts) read again the answers its client parsed. A tree is shared
 * between its readers: none changes one.
 */
const recent = new Map<string, XmlNode>();
const RECENT = 64;

export function parseXml(text: string): XmlNode {
  const known = recent.get(text);
  if (known !== undefined) return known;
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlError(notXmlWords(text, valid.err.line));
  const doc = parser.parse(text) as Ordered[];
  const root = doc.find((n) => nameOf(n) !== undefined && !nameOf(n)!.startsWith('?'));
  if (!root) throw new XmlError('no root element');
  const tree = build(root, {});
  recent.set(text, tree);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return tree;
}

function nameOf(node: Ordered): string | undefined {
  return Object.keys(node).find((k) => k !== ':@' && k !== '#text');
}

function build(node: Ordered, outer: Record<string, string>): XmlNode {
  const qname = nameOf(node)!;
  const attributes = { ...(node[':@'] ?? {}) };
  const scope = { ...outer };
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'xmlns') scope[''] = value;
    else if (key.startsWith('xmlns:')) scope[key.slice(6)] = value;
  }
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const content = (node[qname] as Ordered[]) ?? [];
  return {
    name: qname.slice(colon + 1),
    ns: scope[prefix] ?? '',
    attributes,
    scope,
    children: content.filter((c) => nameOf(c) !== undefined).map((c) => build(c, scope)),
    text: content.map((c) => scalarText(c['#text']) ?? '').join(''),
  };
}

export function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

/** An attribute by namespace URI and local name, whatever prefix the document used. */
export function attribute(node: XmlNode, ns: string, local: string): string | undefined {
  for (const [key, value] of Object.entries(node.attributes)) {
    const colon = key.indexOf(':');
    if (colon < 0) continue;
    if (key.slice(colon + 1) === local && node.scope[key.slice(0, colon)] === ns) return value;
  }
  return undefined;
}

/** Resolves a QName value (e.g. 'xsd:int' in xsi:type) to {ns, local} in the node's scope. */
export function resolveQName(node: XmlNode, qname: string): { ns: string; local: string } {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  return { ns: node.scope[prefix] ?? '', local: qname.slice(colon + 1) };
}

/**
 * What a text that does not parse as XML is, in the report's words: 'JSON, not XML', 'an HTML
 * page, not XML', 'not well-formed XML (line 3)'; never the parser's own ("char '{' is not
 * expected.").
 */
export function notXmlWords(text: string, line?: number): string {
  const body = text.trim();
  if (body === '') return 'an empty body, not XML';
  try {
    JSON.parse(body);
    return 'JSON, not XML';
  } catch {
    /* not JSON */
  }
  if (/^<!doctype html|^<html\b/i.test(body)) return 'an HTML page, not XML';
  if (!body.startsWith('<')) return 'text, not XML';
  return `not well-formed XML${line === undefined ? '' : ` (line ${line})`}`;
}
