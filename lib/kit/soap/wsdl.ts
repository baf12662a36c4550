/**
 * Reads a WSDL 1.1 document (as the target serves it) into plain data for the §4.1 checks: QNames
 * are resolved to {ns, local}, whatever prefixes the document uses.
 */
import { SOAP_NS } from './envelope.ts';
import { attribute, child, parseXml, resolveQName, type XmlNode } from '../xml/tree.ts';

export const WSDL_NS = {
  wsdl: 'http://schemas.xmlsoap.org/wsdl/',
  soap: 'http://schemas.xmlsoap.org/wsdl/soap/',
  http: 'http://schemas.xmlsoap.org/soap/http',
} as const;

export interface QName {
  ns: string;
  local: string;
}

export interface WsdlPart {
  name: string;
  type?: QName;
}

export interface WsdlBody {
  use?: string;
  namespace?: string;
  encodingStyle?: string;
}

export interface WsdlBindingOperation {
  name: string;
  soapAction?: string;
  style?: string;
  input?: WsdlBody;
  output?: WsdlBody;
}

export interface WsdlComplexType {
  name: string;
  /** Struct members (sequence or all), in document order. */
  fields: Array<{ name: string; type?: QName }>;
  /** For SOAP-ENC arrays: the restriction base and the wsdl:arrayType attribute. */
  restrictionBase?: QName;
  /** wsdl:arrayType, e.g. 'tns:DescField[]': the members' type, resolved where it is written. */
  arrayType?: { written: string; item: QName; dimensions: string };
}

export interface Wsdl {
  root: XmlNode;
  targetNamespace?: string;
  messages: Map<string, WsdlPart[]>;
  portTypes: Array<{
    name: string;
    operations: Array<{
      name: string;
      /** Child element names in document order (input, output, fault). */
      order: string[];
      input?: QName;
      output?: QName;
    }>;
  }>;
  bindings: Array<{
    name: string;
    type?: QName;
    style?: string;
    transport?: string;
    operations: WsdlBindingOperation[];
  }>;
  services: Array<{
    name: string;
    ports: Array<{ name: string; binding?: QName; location?: string }>;
  }>;
  complexTypes: Map<string, WsdlComplexType>;
}

const inWsdl = (node: XmlNode, name: string) =>
  node.children.filter((c) => c.name === name && c.ns === WSDL_NS.wsdl);
const inSoap = (node: XmlNode, name: string) =>
  node.children.find((c) => c.name === name && c.ns === WSDL_NS.soap);
const qname = (node: XmlNode, value: string | undefined) =>
  value === undefined ? undefined : resolveQName(node, value);
const attr = (node: XmlNode, name: string): string | undefined => node.attributes[name];

function body(node: XmlNode | undefined): WsdlBody | undefined {
  const soapBody = node && inSoap(node, 'body');
  if (!soapBody) return undefined;
  const out: WsdlBody = {};
  for (const key of ['use', 'namespace', 'encodingStyle'] as const) {
    const value = attr(soapBody, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function descendants(node: XmlNode, name: string, ns: string): XmlNode[] {
  const found: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (c.name === name && c.ns === ns) found.push(c);
      walk(c);
    }
  };
  walk(node);
  return found;
}

export function readWsdl(text: string): Wsdl {
  const root = parseXml(text);
  if (root.name !== 'definitions' || root.ns !== WSDL_NS.wsdl)
    throw new Error(`the WSDL root is <${root.name}> in '${root.ns}', not wsdl:definitions`);
  const messages = new Map<string, WsdlPart[]>();
  for (const m of inWsdl(root, 'message')) {
    messages.set(
      attr(m, 'name') ?? '',
      inWsdl(m, 'part').map((p) => {
        const type = qname(p, attr(p, 'type'));
        return type ? { name: attr(p, 'name') ?? '', type } : { name: attr(p, 'name') ?? '' };
      }),
    );
  }
  const portTypes = inWsdl(root, 'portType').map((pt) => ({
    name: attr(pt, 'name') ?? '',
    operations: inWsdl(pt, 'operation').map((op) => {
      const input = child(op, 'input');
      const output = child(op, 'output');
      const inQ = input && qname(input, attr(input, 'message'));
      const outQ = output && qname(output, attr(output, 'message'));
      return {
        name: attr(op, 'name') ?? '',
        order: op.children.filter((c) => c.ns === WSDL_NS.wsdl).map((c) => c.name),
        ...(inQ ? { input: inQ } : {}),
        ...(outQ ? { output: outQ } : {}),
      };
    }),
  }));
  const bindings = inWsdl(root, 'binding').map((b) => {
    const soapBinding = inSoap(b, 'binding');
    const type = qname(b, attr(b, 'type'));
    const style = soapBinding && attr(soapBinding, 'style');
    const transport = soapBinding && attr(soapBinding, 'transport');
    return {
      name: attr(b, 'name') ?? '',
      ...(type ? { type } : {}),
      ...(style ? { style } : {}),
      ...(transport ? { transport } : {}),
      operations: inWsdl(b, 'operation').map((op) => {
        const soapOp = inSoap(op, 'operation');
        const result: WsdlBindingOperation = { name: attr(op, 'name') ?? '' };
        const action = soapOp && attr(soapOp, 'soapAction');
        const opStyle = soapOp && attr(soapOp, 'style');
        const input = body(inWsdl(op, 'input')[0]);
        const output = body(inWsdl(op, 'output')[0]);
        if (action !== undefined) result.soapAction = action;
        if (opStyle !== undefined) result.style = opStyle;
        if (input) result.input = input;
        if (output) result.output = output;
        return result;
      }),
    };
  });
  const services = inWsdl(root, 'service').map((s) => ({
    name: attr(s, 'name') ?? '',
    ports: inWsdl(s, 'port').map((p) => {
      const binding = qname(p, attr(p, 'binding'));
      const address = inSoap(p, 'address');
      const location = address && attr(address, 'location');
      return {
        name: attr(p, 'name') ?? '',
        ...(binding ? { binding } : {}),
        ...(location !== undefined ? { location } : {}),
      };
    }),
  }));
  const complexTypes = new Map<string, WsdlComplexType>();
  for (const ct of descendants(root, 'complexType', SOAP_NS.xsd)) {
    const name = attr(ct, 'name');
    if (name === undefined) continue;
    const members = [
      ...descendants(ct, 'sequence', SOAP_NS.xsd),
      ...descendants(ct, 'all', SOAP_NS.xsd),
    ].flatMap((group) => group.children.filter((c) => c.name === 'element'));
    const restriction = descendants(ct, 'restriction', SOAP_NS.xsd)[0];
    const arrayAttribute = restriction?.children
      .filter((c) => c.name === 'attribute')
      .find((a) => {
        const ref = qname(a, attr(a, 'ref'));
        return ref?.ns === SOAP_NS.enc && ref.local === 'arrayType';
      });
    const base = restriction && qname(restriction, attr(restriction, 'base'));
    const written = arrayAttribute && attribute(arrayAttribute, WSDL_NS.wsdl, 'arrayType');
    const brackets = written === undefined ? -1 : written.indexOf('[');
    const arrayType =
      written === undefined
        ? undefined
        : {
            written,
            item: resolveQName(
              arrayAttribute!,
              (brackets < 0 ? written : written.slice(0, brackets)).trim(),
            ),
            dimensions: brackets < 0 ? '' : written.slice(brackets),
          };
    complexTypes.set(name, {
      name,
      fields: members.map((e) => {
        const type = qname(e, attr(e, 'type'));
        return type ? { name: attr(e, 'name') ?? '', type } : { name: attr(e, 'name') ?? '' };
      }),
      ...(base ? { restrictionBase: base } : {}),
      ...(arrayType !== undefined ? { arrayType } : {}),
    });
  }
  const targetNamespace = attr(root, 'targetNamespace');
  return {
    root,
    ...(targetNamespace !== undefined ? { targetNamespace } : {}),
    messages,
    portTypes,
    bindings,
    services,
    complexTypes,
  };
}

/** 'xsd:int' style name of a resolved QName, for messages ('{ns}local' when not xsd or tns). */
export function showQName(q: QName | undefined, tns: string): string {
  if (!q) return '(none)';
  if (q.ns === SOAP_NS.xsd) return `xsd:${q.local}`;
  if (q.ns === tns) return `tns:${q.local}`;
  return `{${q.ns}}${q.local}`;
}
