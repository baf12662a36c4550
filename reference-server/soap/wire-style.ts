/**
 * The SOAP variants (reference-server/variants.ts) as the endpoint applies them: how answers and
 * the WSDL are written, the fault texts, and the name the server knows itself by. Each is a choice
 * SOAP 1.1 or the specification leaves open; none changes a value.
 */
import type { Variants } from '../variants.ts';
import { PHP_STYLE, type WireStyle } from './encode.ts';
import { BadRequest, type ParsedCall } from './request.ts';
import { NUSOAP_STYLE, type WsdlStyle } from './wsdl.ts';

/** One style per server (its variants are fixed): encode.ts prepares its fragments once. */
const STYLES = new WeakMap<Variants, WireStyle>();

export function wireStyleOf(variants: Variants): WireStyle {
  let style = STYLES.get(variants);
  if (!style) {
    style = styleOf(variants);
    STYLES.set(variants, style);
  }
  return style;
}

function styleOf(variants: Variants): WireStyle {
  let style = PHP_STYLE;
  // SOAP 1.1 §5.4.2: member names are insignificant; .NET and Axis name members after their type.
  if (variants.on('array-member-names')) style = { ...style, memberName: (item) => item.name };
  // SOAP 1.1 §5.4.2: 'T[]' asserts no size; the members give it.
  if (variants.on('soap-array-size-unstated')) style = { ...style, arraySize: false };
  // SOAP 1.1 §5.4.2: 'SOAP-ENC:Array or a type derived therefrom'.
  if (variants.on('soap-arrays-typed-soap-enc')) style = { ...style, arrayXsiType: 'soap-enc' };
  if (variants.on('soap-namespace-prefixes'))
    style = {
      ...style,
      prefix: { env: 'soapenv', enc: 'enc', xsd: 'xs', xsi: 'instance', tns: 'tns' },
      order: ['enc', 'xsi', 'xsd', 'env', 'tns'],
      tnsDeclaredOn: 'response',
    };
  if (variants.on('soap-default-namespace'))
    style = { ...style, defaultNamespace: true, prefix: { ...style.prefix, tns: 'ns2' } };
  if (variants.on('soap-fault-strings')) style = { ...style, bareFaultEnvelope: true };
  if (variants.on('soap-indented-xml')) style = { ...style, indent: true };
  if (variants.on('soap-multi-ref')) style = { ...style, multiRef: true };
  return style;
}

export function wsdlStyleOf(variants: Variants): WsdlStyle {
  return variants.on('soap-namespace-prefixes')
    ? { wsdl: 'wsdl', soap: 'wsoap', xsd: 'xs', enc: 'soapenc', tns: 'impl', schemaTns: 'typens' }
    : NUSOAP_STYLE;
}

/**
 * soap-fault-strings: §7.1 fixes the code, not the text; another server words every fault its own
 * way (here in French, with the code nowhere in the text) and may add a detail.
 */
export function faultTextOf(
  variants: Variants,
  code: string,
  message: string,
): { faultstring: string; detail?: string } {
  if (!variants.on('soap-fault-strings')) return { faultstring: message };
  return {
    faultstring: /^\d+$/.test(code) ? 'La requête a échoué.' : 'Requête SOAP refusée.',
    detail: `Détail : ${message}`,
  };
}

/**
 * base-url-other-name, wsdl-location-default-port, wsdl-location-host-case: the name the server
 * knows itself by; .invalid never resolves (RFC 6761). An https name with no port, so that the
 * location variants can write the default port out.
 */
const OTHER_NAME = 'https://tuleap.conformance.invalid';

/** {base_url} as this server knows itself: the request's (Host or --base-url), or the other name. */
export function ownBase(variants: Variants, requestBase: string): string {
  return variants.on('base-url-other-name') ||
    variants.on('wsdl-location-default-port') ||
    variants.on('wsdl-location-host-case')
    ? OTHER_NAME
    : requestBase;
}

/**
 * The WSDL's soap:address/@location, {base_url}/soap/project/ (§4.1), as the location variants
 * write the same URL (RFC 3986 §6.2.2.1, §6.2.3): NuSOAP writes every port but 80 out, and the
 * host as the request's Host header spelt it.
 */
export function serviceLocation(variants: Variants, base: string): string {
  const location = `${base}/soap/project/`;
  const origin = /^(https?):\/\/([^/:]+)(?::(\d+))?/.exec(location);
  if (!origin) return location;
  const [whole, scheme, host, port] = origin as unknown as [string, string, string, string?];
  const path = location.slice(whole.length);
  if (variants.on('wsdl-location-default-port') && port === undefined)
    return `${scheme}://${host}:${scheme === 'https' ? 443 : 80}${path}`;
  if (variants.on('wsdl-location-host-case'))
    return `${scheme}://${otherCase(host)}${port === undefined ? '' : `:${port}`}${path}`;
  return location;
}

/** tuleap.conformance.invalid → Tuleap.CONFORMANCE.invalid: each label in another case. */
function otherCase(host: string): string {
  return host
    .split('.')
    .map((label, i) =>
      i === 0
        ? label.charAt(0).toUpperCase() + label.slice(1)
        : i === 1
          ? label.toUpperCase()
          : label,
    )
    .join('.');
}

/**
 * base-url-other-name: strict as some SOAP stacks are, the server refuses a call whose operation
 * element or SOAPAction names the service by another name than its own. A client that builds them
 * from the URL it was given, instead of the server's own base, is refused.
 */
export function checkOwnName(
  variants: Variants,
  call: ParsedCall,
  soapAction: string,
  namespace: string,
): void {
  const operation = call.operation;
  if (!variants.on('base-url-other-name')) return;
  if (soapAction !== '' && !sameUrl(soapAction, `${namespace}#${operation}`))
    throw new BadRequest(
      `SOAPAction '${soapAction}' is not this service's: expected '${namespace}#${operation}'`,
    );
  if (call.namespace !== namespace)
    throw new BadRequest(
      `<${operation}> is in the namespace '${call.namespace}', not this service's '${namespace}'`,
    );
}

/**
 * A SOAPAction is a URI (SOAP 1.1 §6.1.1): the same URL however spelt, as far as WHATWG URL
 * normalizes it (scheme and host case, default port, dot-segments; RFC 3986 §6.2.2–6.2.3).
 */
function sameUrl(a: string, b: string): boolean {
  return URL.canParse(a) && URL.canParse(b) ? new URL(a).href === new URL(b).href : a === b;
}
