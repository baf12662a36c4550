/**
 * Parses an rpc/encoded request: the operation is the first element of the Body; its parts are
 * matched by name, then by position as PHP does; values are coerced by the declared part types.
 * Accepts any namespace prefixes, with or without xsi:type. A DOCTYPE is refused as PHP does.
 */
import { XMLValidator } from 'fast-xml-parser';
import { xmlParser } from '../xml.ts';
import type { Scalar } from './soap-types.ts';
import { NS } from './encode.ts';

/** A request the server cannot serve: faultcode SOAP-ENV:Client (or Server, as PHP for a DTD). */
export class BadRequest extends Error {
  constructor(
    message: string,
    readonly faultcode:
      'SOAP-ENV:Client' | 'SOAP-ENV:Server' | 'SOAP-ENV:VersionMismatch' = 'SOAP-ENV:Client',
  ) {
    super(message);
  }
}

const parser = xmlParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: false,
});

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

export interface ParsedCall {
  operation: string;
  /** The part elements of the call, in document order. */
  parts: Array<{ name: string; node: OrderedNode }>;
  /** The namespace URI of the operation element, resolved through the envelope's scope. */
  namespace: string;
}

export interface ParseOptions {
  /**
   * The variant 'php-whitespace': drop every text node made only of spaces, tabs, CR or LF, as
   * PHP's SoapServer::handle() does (tuleap-facts A.1): such a string part arrives as ''.
   */
  dropWhitespaceText?: boolean;
}

export function parseCall(xml: string, options: ParseOptions = {}): ParsedCall {
  if (/<!DOCTYPE/i.test(xml))
    throw new BadRequest('DTD are not supported by SOAP', 'SOAP-ENV:Server');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new BadRequest(`Bad Request: malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  let doc: OrderedNode[];
  try {
    doc = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    // The parser's own limits, past the validator: e.g. more than 100 nested elements.
    throw new BadRequest(`Bad Request: malformed XML: ${(error as Error).message}`);
  }
  if (options.dropWhitespaceText) doc = doc.map(withoutWhitespaceText);
  const envelope = doc.find(
    (node) => elementName(node) !== undefined && !elementName(node)!.startsWith('?'),
  );
  if (!envelope || localName(elementName(envelope)!) !== 'Envelope')
    throw new BadRequest('Bad Request: the root element is not a SOAP Envelope');
  const envNs = namespaceOf(envelope, elementName(envelope)!);
  if (envNs !== NS.env)
    throw new BadRequest(
      `Wrong Version: expected a SOAP 1.1 envelope (${NS.env})`,
      'SOAP-ENV:VersionMismatch',
    );
  const body = children(envelope).find((n) => localName(elementName(n)!) === 'Body');
  if (!body) throw new BadRequest('Bad Request: the Envelope has no Body');
  const call = children(body)[0];
  if (!call) throw new BadRequest('Bad Request: the Body holds no operation element');
  const callName = elementName(call)!;
  return {
    operation: localName(callName),
    namespace: [call, body, envelope].map((n) => namespaceOf(n, callName)).find(Boolean) ?? '',
    parts: children(call).map((node) => ({ name: localName(elementName(node)!), node })),
  };
}

/**
 * The call's arguments by their declared names, each coerced to its declared type: the parts are
 * matched by name, then by position (matchParts).
 */
export function readArgs(
  call: ParsedCall,
  declared: ReadonlyArray<readonly [string, Scalar]>,
): Record<string, string | number | boolean> {
  const nodes = matchParts(call, declared);
  return Object.fromEntries(
    declared.map(([name, type], i) => [name, coerce(nodes[i], name, type)]),
  );
}

/** Orders the call's parts as the operation declares them: by name, then by position. */
function matchParts(
  call: ParsedCall,
  declared: ReadonlyArray<readonly [string, Scalar]>,
): Array<OrderedNode | undefined> {
  const byName = declared.map(([name]) => call.parts.find((p) => p.name === name)?.node);
  if (byName.every((node) => node !== undefined)) return byName;
  const unclaimed = call.parts
    .filter((p) => !declared.some(([name]) => name === p.name))
    .map((p) => p.node);
  return byName.map((node) => node ?? unclaimed.shift());
}

/** The value of a part, coerced to its declared type; a clear BadRequest otherwise. */
function coerce(
  node: OrderedNode | undefined,
  name: string,
  type: Scalar,
): string | number | boolean {
  if (node === undefined) throw new BadRequest(`missing part '${name}' (${type})`);
  const attributes = node[':@'] ?? {};
  const nil = Object.entries(attributes).some(
    ([key, value]) => localName(key.slice(1)) === 'nil' && (value === 'true' || value === '1'),
  );
  if (nil) throw new BadRequest(`part '${name}' is nil; expected ${type}`);
  if (children(node).length > 0)
    throw new BadRequest(`part '${name}' holds elements; expected ${type}`);
  const text = textOf(node);
  if (type === 'xsd:string') return text;
  const trimmed = text.trim();
  if (type === 'xsd:boolean') {
    if (trimmed === 'true' || trimmed === '1') return true;
    if (trimmed === 'false' || trimmed === '0') return false;
    throw new BadRequest(`part '${name}': expected xsd:boolean, got '${clip(text)}'`);
  }
  const value = Number(trimmed);
  if (!/^[+-]?\d+$/.test(trimmed) || value < -2147483648 || value > 2147483647) {
    throw new BadRequest(`part '${name}': expected xsd:int, got '${clip(text)}'`);
  }
  return value;
}

const WHITESPACE_ONLY = /^[ \t\r\n]+$/;

function withoutWhitespaceText(node: OrderedNode): OrderedNode {
  const name = elementName(node);
  if (name === undefined) return node;
  const content = (node[name] as OrderedNode[])
    .filter(
      (child) => !(typeof child['#text'] === 'string' && WHITESPACE_ONLY.test(child['#text'])),
    )
    .map(withoutWhitespaceText);
  return { ...node, [name]: content };
}

function elementName(node: OrderedNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text');
}

function children(node: OrderedNode): OrderedNode[] {
  const name = elementName(node);
  const content = name === undefined ? [] : (node[name] as OrderedNode[]);
  return content.filter((child) => elementName(child) !== undefined);
}

function textOf(node: OrderedNode): string {
  const name = elementName(node)!;
  return (node[name] as OrderedNode[])
    .map((child) =>
      typeof child['#text'] === 'string' || typeof child['#text'] === 'number'
        ? String(child['#text'])
        : '',
    )
    .join('');
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The namespace URI of the element's prefix, from its own xmlns declarations. */
function namespaceOf(node: OrderedNode, name: string): string | undefined {
  const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
  const attributes = node[':@'] ?? {};
  return attributes[prefix === '' ? '@xmlns' : `@xmlns:${prefix}`];
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
