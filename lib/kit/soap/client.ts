/**
 * The harness's SOAP client: builds rpc/encoded calls from the §4.2 table, sends them through the
 * recording HTTP client, and reads answers as they are on the wire (faults, xsi:types, arrays).
 */
import type { HttpClient, HttpResponse } from '../clients/http.ts';
import { projectNamespace, soapBaseOf } from './base.ts';
import { buildRequest, SOAP_NS, type EnvelopeOptions, type Part } from './envelope.ts';
import {
  soapOperation,
  type ArgsOf,
  type OperationName,
  type SoapScalar,
} from '../../../spec/soap-operations.ts';
import { soapBodyRoot } from './references.ts';
import { attribute, child, parseXml, resolveQName, type XmlNode } from '../xml/tree.ts';

export interface SoapFault {
  faultcode: string;
  faultstring: string;
}

export interface SoapAnswer {
  /** The operation called (its name as sent). */
  operation: string;
  http: HttpResponse;
  fault?: SoapFault;
  /** The <op>Response element. */
  response?: XmlNode;
  /** The output part element, when the message has one. */
  part?: XmlNode;
  /** The output part decoded by its xsi:types (ints, booleans, structs, arrays). */
  value?: unknown;
}

export class SoapProtocolError extends Error {}

export interface CallOptions extends EnvelopeOptions {
  /** Overrides the SOAPAction header (default: {namespace}#<op>, quoted). */
  soapAction?: string | null;
}

export class SoapClient {
  constructor(
    private readonly http: HttpClient,
    /** The service's path and namespace: '/soap/project/' with '{base}/soap/project'. */
    private readonly path: string,
    readonly namespace: string,
  ) {}

  /**
   * Sent to {target}/soap/project/, the URL the user gave; namespace and SOAPAction from the base
   * the target knows itself by (lib/kit/soap/base.ts).
   */
  static project(http: HttpClient): SoapClient {
    return new SoapClient(http, '/soap/project/', projectNamespace(soapBaseOf(http)));
  }

  /** The core login service (tuleap-facts A.7): its namespace is the base itself. */
  static login(http: HttpClient): SoapClient {
    return new SoapClient(http, '/soap/', soapBaseOf(http));
  }

  /**
   * Calls a §4.2 operation with named arguments, typed from spec/soap-operations.ts: the parts are
   * sent in the declared order with their declared names and types, whatever the order of the keys.
   */
  async call<N extends OperationName>(
    operation: N,
    args: ArgsOf<N>,
    options: CallOptions = {},
  ): Promise<SoapAnswer> {
    const op = soapOperation(operation);
    const given = args as Readonly<Record<string, string | number | boolean>>;
    const names = op.inputs.map(([name]) => name);
    const odd = Object.keys(given).filter((name) => !names.includes(name));
    const missing = names.filter((name) => given[name] === undefined);
    if (odd.length > 0 || missing.length > 0)
      throw new Error(
        `${operation} takes the parts ${names.join(', ')}` +
          `${missing.length > 0 ? `; missing ${missing.join(', ')}` : ''}` +
          `${odd.length > 0 ? `; unknown ${odd.join(', ')}` : ''} (use raw() for a malformed call)`,
      );
    return this.raw(
      operation,
      op.inputs.map(([name, type]) => ({ name, type, value: given[name]! })),
      options,
    );
  }

  /**
   * Sends exactly these parts, in this order, for any operation name: the explicit way to send a
   * malformed call (missing, extra, misnamed or mistyped parts) and the calls of other services.
   */
  async raw(
    operation: string,
    parts: readonly Part[],
    options: CallOptions = {},
  ): Promise<SoapAnswer> {
    const action =
      options.soapAction === undefined ? `"${this.namespace}#${operation}"` : options.soapAction;
    const http = await this.http.send({
      method: 'POST',
      path: this.path,
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        ...(action === null ? {} : { soapaction: action }),
      },
      body: buildRequest(this.namespace, operation, parts, options),
    });
    return readAnswer(http, operation);
  }
}

/** Reads an answer: a Fault, or <op>Response with its part. Throws SoapProtocolError otherwise. */
export function readAnswer(http: HttpResponse, operation: string): SoapAnswer {
  let root: XmlNode;
  try {
    root = parseXml(http.text);
  } catch (error) {
    throw new SoapProtocolError(`the answer (HTTP ${http.status}) is ${(error as Error).message}`);
  }
  if (root.name !== 'Envelope' || root.ns !== SOAP_NS.env)
    throw new SoapProtocolError(
      `the answer is not a SOAP 1.1 Envelope but <${root.name}> in '${root.ns}'`,
    );
  const first = soapBodyRoot(root);
  if (!first) throw new SoapProtocolError('the answer has no Body content');
  if (first.name === 'Fault' && first.ns === SOAP_NS.env) {
    return {
      operation,
      http,
      fault: {
        faultcode: child(first, 'faultcode')?.text.trim() ?? '',
        faultstring: child(first, 'faultstring')?.text ?? '',
      },
    };
  }
  if (first.name !== `${operation}Response`)
    throw new SoapProtocolError(`expected <${operation}Response>, got <${first.name}>`);
  const part = first.children[0];
  return {
    operation,
    http,
    response: first,
    ...(part ? { part, value: decode(part) } : {}),
  };
}

/** Decodes an encoded value by its xsi:type; without one, by its shape. */
export function decode(node: XmlNode): unknown {
  if (attribute(node, SOAP_NS.xsi, 'nil') === 'true') return null;
  const type = attribute(node, SOAP_NS.xsi, 'type');
  const resolved = type === undefined ? undefined : resolveQName(node, type);
  const isArray =
    attribute(node, SOAP_NS.enc, 'arrayType') !== undefined ||
    (resolved?.local.startsWith('ArrayOf') ?? false);
  if (isArray) return node.children.map(decode);
  if (node.children.length > 0)
    return Object.fromEntries(node.children.map((c) => [c.name, decode(c)]));
  // SOAP 1.1 §5.2.1: SOAP-ENC declares an element and type for each XML Schema simple type.
  if (resolved?.ns === SOAP_NS.xsd || resolved?.ns === SOAP_NS.enc)
    return decodeScalar(`xsd:${resolved.local}` as SoapScalar, node.text);
  return node.text;
}

function decodeScalar(type: SoapScalar, text: string): unknown {
  if (type === 'xsd:int') return /^[+-]?\d+$/.test(text.trim()) ? Number(text) : text;
  if (type === 'xsd:boolean')
    return text.trim() === 'true' || text.trim() === '1'
      ? true
      : text.trim() === 'false' || text.trim() === '0'
        ? false
        : text;
  return text;
}
