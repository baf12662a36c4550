/**
 * An exchange as rules read it: which interface and route it is, and its bodies parsed, each once
 * and only when a rule asks. A body that does not parse is `undefined` with the reason kept: the
 * rule that needs it says the exchange could not be judged, the others still judge it.
 */
import { SOAP_NS } from '../kit/soap/envelope.ts';
import { soapBodyRoot } from '../kit/soap/references.ts';
import { child, parseXml, type XmlNode } from '../kit/xml/tree.ts';
import { header, type TrafficExchange } from './exchange.ts';

export interface RestRoute {
  /** The path without the optional /api prefix, ids as <id>: '/trackers/<id>/artifacts'. */
  shape: string;
  /** The numeric ids of the path, in order. */
  ids: number[];
  /** Whether the path carried the /api prefix (§4.3: routes are written with and without it). */
  api: boolean;
}

export interface SoapRequest {
  operation: string;
  /** The namespace of the operation element. */
  namespace: string;
  parts: XmlNode[];
}

export interface SoapAnswerView {
  fault?: { code: string; text: string };
  /** The <op>Response element (references resolved). */
  response?: XmlNode;
}

type Parsed<T> = { value: T } | { problem: string };

export class ExchangeView {
  readonly #cache = new Map<string, unknown>();

  constructor(readonly exchange: TrafficExchange) {}

  get method(): string {
    return this.exchange.method.toUpperCase();
  }

  get url(): URL {
    return this.#once('url', () => new URL(this.exchange.url));
  }

  requestHeader(name: string): string | undefined {
    return header(this.exchange.requestHeaders, name);
  }

  responseHeader(name: string): string | undefined {
    return header(this.exchange.responseHeaders, name);
  }

  /** The answer is an error: 4xx, 5xx (a SOAP fault is 500), or no answer at all. */
  get refused(): boolean {
    return this.exchange.status === undefined || this.exchange.status >= 400;
  }

  /** A request to the SOAP endpoint ({base_url}/soap/project/, §4.1). */
  get isSoapCall(): boolean {
    return this.method === 'POST' && /\/soap\/project\/?$/.test(this.url.pathname);
  }

  /** A fetch of the WSDL ({base_url}/soap/project/?wsdl). */
  get isWsdl(): boolean {
    return (
      this.method === 'GET' &&
      /\/soap\/project\/?$/.test(this.url.pathname) &&
      this.url.searchParams.has('wsdl')
    );
  }

  /** The REST route (§4.3), or undefined for anything that is not under the REST API. */
  get rest(): RestRoute | undefined {
    return this.#once('rest', () => restRoute(this.url.pathname));
  }

  /** Whether the request is one of the interfaces': the SOAP endpoint or its WSDL (§4.1), a REST route (§4.3). */
  get ofTheInterfaces(): boolean {
    return this.isSoapCall || this.isWsdl || this.rest !== undefined;
  }

  /**
   * The operation, in words, for the reports: 'GET /trackers/<id>', 'SOAP addProject', 'GET the
   * WSDL'; anything else as its method and path.
   */
  get operation(): string {
    return this.#once('operation', () => {
      if (this.isWsdl) return 'GET the WSDL';
      if (this.isSoapCall) {
        const call = this.soapRequest();
        return 'value' in call ? `SOAP ${call.value.operation}` : 'SOAP (an unreadable call)';
      }
      const rest = this.rest;
      if (rest) return `${this.method} ${rest.shape}`;
      const path = this.url.pathname;
      return `${this.method} ${path.length > 60 ? `${path.slice(0, 59)}…` : path}`;
    });
  }

  /** The SOAP request's operation and parts, or why it cannot be read. */
  soapRequest(): Parsed<SoapRequest> {
    return this.#once('soapRequest', () => readSoapRequest(this.exchange.requestBody));
  }

  soapAnswer(): Parsed<SoapAnswerView> {
    return this.#once('soapAnswer', () => readSoapAnswer(this.exchange.responseBody ?? ''));
  }

  requestJson(): Parsed<unknown> {
    return this.#once('requestJson', () => readJson(this.exchange.requestBody));
  }

  responseJson(): Parsed<unknown> {
    return this.#once('responseJson', () => readJson(this.exchange.responseBody ?? ''));
  }

  #once<T>(key: string, compute: () => T): T {
    if (!this.#cache.has(key)) this.#cache.set(key, compute());
    return this.#cache.get(key) as T;
  }
}

const NON_API_ROOTS = new Set(['artifacts']);

export function restRoute(pathname: string): RestRoute | undefined {
  const segments = pathname.split('/').filter((s) => s !== '');
  const api = segments[0] === 'api';
  const rest = api ? segments.slice(1) : segments;
  if (rest.length === 0) return undefined;
  // §4.3 writes the concurrency and XML routes without /api: only those are REST without it.
  if (!api && !NON_API_ROOTS.has(rest[0]!)) return undefined;
  const ids: number[] = [];
  const shape = rest
    .map((s) => {
      if (!/^\d+$/.test(s)) return s;
      ids.push(Number(s));
      return '<id>';
    })
    .join('/');
  return { shape: `/${shape}`, ids, api };
}

function readJson(text: string): Parsed<unknown> {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
}

function readEnvelope(text: string): Parsed<XmlNode> {
  let root: XmlNode;
  try {
    root = parseXml(text);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  if (root.name !== 'Envelope' || root.ns !== SOAP_NS.env)
    return { problem: `not a SOAP 1.1 Envelope but <${root.name}> in '${root.ns}'` };
  return { value: root };
}

function readSoapRequest(text: string): Parsed<SoapRequest> {
  const envelope = readEnvelope(text);
  if ('problem' in envelope) return envelope;
  const body = child(envelope.value, 'Body');
  const call = body ? soapBodyRoot(envelope.value) : undefined;
  if (!call) return { problem: 'the envelope has no Body entry' };
  return { value: { operation: call.name, namespace: call.ns, parts: call.children } };
}

function readSoapAnswer(text: string): Parsed<SoapAnswerView> {
  const envelope = readEnvelope(text);
  if ('problem' in envelope) return envelope;
  const first = soapBodyRoot(envelope.value);
  if (!first) return { problem: 'the answer has no Body content' };
  if (first.name === 'Fault' && first.ns === SOAP_NS.env)
    return {
      value: {
        fault: {
          code: child(first, 'faultcode')?.text.trim() ?? '',
          text: child(first, 'faultstring')?.text ?? '',
        },
      },
    };
  return { value: { response: first } };
}
