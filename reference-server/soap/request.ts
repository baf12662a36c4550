/**
 * Parses an rpc/encoded request: the operation is the first element of the Body; its parts are
 * matched by name, then by position as PHP does; values are coerced by the declared part types.
 * Accepts any namespace prefixes, with or without xsi:type. A DOCTYPE is refused as PHP does.
 * One strict pass reads the XML (xml-reader.ts): what is not well-formed is refused there.
 */
import type { Scalar } from './soap-types.ts';
import { NS } from './encode.ts';
import { MalformedXml, readXml, type XmlElement } from './xml-reader.ts';

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

export interface ParsedCall {
  operation: string;
  /** The part elements of the call, in document order. */
  parts: Array<{ name: string; node: XmlElement }>;
  /** The namespace URI of the operation element, resolved through the envelope's scope. */
  namespace: string;
}

export interface ParseOptions {
  /**
   * The variant 'php-whitespace': drop every text node made only of spaces, tabs, CR or LF, as
   * PHP's SoapServer::handle() does (docs/real-system.md): such a string part arrives as ''.
   */
  dropWhitespaceText?: boolean;
}

export function parseCall(xml: string, options: ParseOptions = {}): ParsedCall {
  // The case-insensitive search only in a request that holds a declaration at all.
  if (xml.includes('<!') && /<!DOCTYPE/i.test(xml))
    throw new BadRequest('DTD are not supported by SOAP', 'SOAP-ENV:Server');
  let envelope: XmlElement;
  try {
    envelope = readXml(xml, options);
  } catch (error) {
    if (!(error instanceof MalformedXml)) throw error;
    throw new BadRequest(`Bad Request: malformed XML: ${error.message} (line ${error.line})`);
  }
  if (localName(envelope.name) !== 'Envelope')
    throw new BadRequest('Bad Request: the root element is not a SOAP Envelope');
  if (namespaceOf(envelope, envelope.name) !== NS.env)
    throw new BadRequest(
      `Wrong Version: expected a SOAP 1.1 envelope (${NS.env})`,
      'SOAP-ENV:VersionMismatch',
    );
  const body = elements(envelope).find((n) => localName(n.name) === 'Body');
  if (!body) throw new BadRequest('Bad Request: the Envelope has no Body');
  const call = elements(body)[0];
  if (!call) throw new BadRequest('Bad Request: the Body holds no operation element');
  return {
    operation: localName(call.name),
    namespace:
      namespaceOf(call, call.name) ||
      namespaceOf(body, call.name) ||
      namespaceOf(envelope, call.name) ||
      '',
    parts: elements(call).map((node) => ({ name: localName(node.name), node })),
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
  // The declared names are the spec's (spec/soap-operations.ts): plain keys, none '__proto__'.
  const args: Record<string, string | number | boolean> = {};
  for (let i = 0; i < declared.length; i++) {
    const [name, type] = declared[i]!;
    args[name] = coerce(nodes[i], name, type);
  }
  return args;
}

/** Orders the call's parts as the operation declares them: by name, then by position. */
function matchParts(
  call: ParsedCall,
  declared: ReadonlyArray<readonly [string, Scalar]>,
): Array<XmlElement | undefined> {
  const byName = declared.map(([name]) => call.parts.find((p) => p.name === name)?.node);
  if (byName.every((node) => node !== undefined)) return byName;
  const unclaimed = call.parts
    .filter((p) => !declared.some(([name]) => name === p.name))
    .map((p) => p.node);
  return byName.map((node) => node ?? unclaimed.shift());
}

/** The value of a part, coerced to its declared type; a clear BadRequest otherwise. */
function coerce(
  node: XmlElement | undefined,
  name: string,
  type: Scalar,
): string | number | boolean {
  if (node === undefined) throw new BadRequest(`missing part '${name}' (${type})`);
  for (const [key, value] of node.attributes)
    if (localName(key) === 'nil' && (value === 'true' || value === '1'))
      throw new BadRequest(`part '${name}' is nil; expected ${type}`);
  if (node.children.some((child) => typeof child !== 'string'))
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

function elements(node: XmlElement): XmlElement[] {
  return node.children.filter((child): child is XmlElement => typeof child !== 'string');
}

function textOf(node: XmlElement): string {
  let text = '';
  for (const child of node.children) if (typeof child === 'string') text += child;
  return text;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The namespace URI of the element's prefix, from its own xmlns declarations. */
function namespaceOf(node: XmlElement, name: string): string | undefined {
  const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
  return node.attributes.get(prefix === '' ? 'xmlns' : `xmlns:${prefix}`);
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
