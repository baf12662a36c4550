/**
 * {base_url} as the client can know it (§4.1): the target namespace of the WSDL it fetched, when
 * the traffic holds that fetch; else the namespace it gave the operation element (a client that
 * read the WSDL elsewhere writes it there); else the URL it sent the call to. Learnt per Host, as
 * the server derives its base from the Host it is reached by.
 */
import { baseOfNamespace } from '../../../kit/soap/base.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { succeeded } from './request-facts.ts';

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
/**
 * The start tag of a WSDL 1.1 root: read from the document's head alone, not parsed whole (a WSDL
 * is large, and only its targetNamespace is wanted here).
 */
const DEFINITIONS = /<(?:([A-Za-z_][\w.-]*):)?definitions\b([^>]*)>/;
const HEAD_READ = 8_000;
/** Hosts remembered; a monitor fronts one upstream, a HAR of a browser a few. */
const HOSTS_KEPT = 64;

export interface KnownBase {
  base: string;
  /** Where it was learnt: 'the WSDL', 'the operation's namespace' or 'the request URL'. */
  from: string;
}

export class SoapBases {
  readonly #fromWsdl = new BoundedMap<string, string>(HOSTS_KEPT);

  /** Learns the base from a WSDL the exchange fetched (after a redirect too). */
  learn(view: ExchangeView): void {
    if (view.method !== 'GET' || !succeeded(view) || view.exchange.truncated) return;
    const learned = baseOfNamespace(targetNamespaceOf(view.exchange.responseBody ?? ''));
    // A copy: the match is a slice of the whole WSDL, which it would keep alive.
    if (learned.base !== undefined)
      this.#fromWsdl.set(hostOf(view), Buffer.from(learned.base).toString());
  }

  /** The base the client should use for this call. */
  baseFor(view: ExchangeView, operationNamespace: string | undefined): KnownBase {
    const wsdl = this.#fromWsdl.get(hostOf(view));
    if (wsdl !== undefined) return { base: wsdl, from: 'the WSDL' };
    const fromNamespace = baseOfNamespace(operationNamespace);
    if (fromNamespace.base !== undefined)
      return { base: fromNamespace.base, from: "the operation element's namespace" };
    const url = view.url;
    const path = url.pathname.replace(/\/soap\/project\/?$/, '');
    return { base: `${url.protocol}//${url.host}${path}`, from: 'the request URL' };
  }

  /** The base of the WSDL fetched through this Host, if the traffic holds it. */
  wsdlBase(view: ExchangeView): string | undefined {
    return this.#fromWsdl.get(hostOf(view));
  }
}

function hostOf(view: ExchangeView): string {
  return (view.requestHeader('host') ?? view.url.host).toLowerCase();
}

/** The targetNamespace of a WSDL 1.1 document (its root in the WSDL namespace), if it is one. */
export function targetNamespaceOf(document: string): string | undefined {
  const root = DEFINITIONS.exec(document.slice(0, HEAD_READ));
  if (!root) return undefined;
  const attributes = new Map(
    [...root[2]!.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [
      m[1]!,
      m[2] ?? m[3] ?? '',
    ]),
  );
  const declaration = root[1] === undefined ? 'xmlns' : `xmlns:${root[1]}`;
  if (attributes.get(declaration) !== WSDL_NS) return undefined;
  return attributes.get('targetNamespace');
}
