/**
 * {base_url} as the target knows itself (§4.1, §9.1). A server may know itself by another name
 * than the URL the user typed (localhost for 127.0.0.1, a public name behind a proxy): its WSDL's
 * target namespace, soap:address and soapAction then use its own base. The harness learns that
 * base once per run from the WSDL (lib/kit/soap/learn-base.ts) and uses it for every SOAP namespace
 * and SOAPAction, while every request still goes to the URL the user gave (HttpClient.baseUrl).
 */
import type { HttpClient } from '../clients/http.ts';

/** Where the project service's WSDL is when the profile names no wsdlUrl. */
export const PROJECT_WSDL_PATH = '/soap/project/?wsdl';

const SERVICE_PATH = '/soap/project';

/**
 * Kept beside the client rather than in it: the SOAP clients are built on an HttpClient (ctx.soap
 * on ctx.http), and the base travels with that client.
 */
const bases = new WeakMap<HttpClient, string>();

/** Makes the SOAP clients built on `http` use `base` for namespaces and SOAPAction; returns it. */
export function withSoapBase<H extends HttpClient>(http: H, base: string): H {
  bases.set(http, base);
  return http;
}

/** The base the target knows itself by; the URL requests go to when none was learned. */
export function soapBaseOf(http: HttpClient): string {
  return bases.get(http) ?? http.baseUrl;
}

/** The project service's namespace for a base: {base_url}/soap/project (§4.1, §9.1). */
export function projectNamespace(base: string): string {
  return `${base}${SERVICE_PATH}`;
}

/**
 * The base of a target namespace of the form <base>/soap/project, where <base> is an http(s) URL
 * with no trailing slash, query or fragment; otherwise what is wrong with it. (A version marker
 * after /soap/project breaks the form; one inside <base> cannot be told from a deployment path.)
 */
export function baseOfNamespace(
  namespace: string | undefined,
): { base: string; problem?: undefined } | { problem: string; base?: undefined } {
  if (namespace === undefined) return { problem: 'the WSDL declares no targetNamespace' };
  const form = `is not of the form <base>/soap/project (§4.1, §9.1)`;
  if (!namespace.endsWith(SERVICE_PATH))
    return {
      problem: `the target namespace '${namespace}' ${form}: it does not end in /soap/project`,
    };
  const base = namespace.slice(0, -SERVICE_PATH.length);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { problem: `the target namespace '${namespace}' ${form}: '${base}' is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      problem: `the target namespace '${namespace}' ${form}: '${base}' is not an http(s) URL`,
    };
  if (url.search !== '' || url.hash !== '' || base.includes('?') || base.includes('#'))
    return {
      problem: `the target namespace '${namespace}' ${form}: '${base}' has a query or fragment`,
    };
  if (base.endsWith('/'))
    return { problem: `the target namespace '${namespace}' ${form}: '${base}' ends with a slash` };
  return { base };
}
