/**
 * Variants (`--variant NAME`, repeatable): other choices that the specification leaves open, each
 * one a correct implementation could make. Where planted faults (faults/) show that the suites
 * catch a wrong server, variants show that they accept a correct one that is not ours: the whole
 * run against each variant must exit 0 with no MUST failure and no harness error
 * (tests/variants.test.ts, with the profile a user would write for such a server:
 * tests/support/variant-profiles.ts). Never on by default.
 */
export interface Variant {
  name: string;
  /** What the server does instead of the reference server's choice. */
  chooses: string;
  /** Why a correct implementation may do so: where the specification leaves it open. */
  because: string;
}

const variant = <N extends string>(name: N, chooses: string, because: string) => ({
  name,
  chooses,
  because,
});

/** The admins user group of the variant 'admins-ugroup-other-id' (the real system's is 4). */
export const OTHER_ADMINS_UGROUP = 20;

export const VARIANTS = [
  variant(
    'chunked-bodies',
    'every answer is framed with Transfer-Encoding: chunked, never Content-Length',
    'HTTP/1.1 lets a server frame a body either way (RFC 9112 §6); the spec says nothing of framing',
  ),
  variant(
    'xml-answers-latin1',
    'SOAP answers, the WSDL and REST XML answers are encoded in ISO-8859-1, saying so in the XML declaration and the Content-Type charset; a character ISO-8859-1 lacks is sent as a character reference',
    "XML 1.0 §4.3.3 lets a document be in any encoding it declares and §4.1 lets any character be a reference; RFC 7303 §3.2's charset names it; the spec names none, and the real system's SOAP generator wrote ISO-8859-1 by default",
  ),
  variant(
    'header-names-lowercase',
    'response header names are sent in lower case (etag, last-modified, x-pagination-size)',
    'header names are case-insensitive (RFC 9110 §5.1); §2.2 and §4.4 only name them',
  ),
  variant(
    'idle-close-1s',
    'an idle keep-alive connection is closed after 1 s, while the Keep-Alive hint still says 30 s',
    "HTTP/1.1 lets a server close an idle connection at any time (RFC 9112 §9.8); Apache's default KeepAliveTimeout is 5 s, and a client may reuse a connection the server has just closed",
  ),
  variant(
    'base-url-other-name',
    'the server knows itself as https://tuleap.conformance.invalid (a name that does not resolve) in its WSDL, namespaces and SOAPAction, and refuses a SOAPAction or operation namespace built from another name',
    '§4.1 and §9.1 build them from {base_url}, the name the server knows itself by: behind a proxy, or localhost for 127.0.0.1, it is not the URL the client typed',
  ),
  variant(
    'wsdl-location-default-port',
    "the server knows itself as https://tuleap.conformance.invalid and, as NuSOAP does, writes the default port out in its WSDL's soap:address (https://tuleap.conformance.invalid:443/soap/project/), while the target namespace and soapAction name no port",
    "RFC 3986 §6.2.3: a URL's default port is the same as none; the real system's WSDL generator leaves the port out only when it is 80 (docs/real-system.md, 'The WSDL address and its port')",
  ),
  variant(
    'wsdl-location-host-case',
    "the server knows itself as https://tuleap.conformance.invalid and writes its WSDL's soap:address with the host in another case (https://Tuleap.CONFORMANCE.invalid/soap/project/), as NuSOAP writes the Host header the client sent",
    'RFC 3986 §6.2.2.1: the host of a URL is case-insensitive; the real system takes the location from the request and the namespace from its configuration',
  ),
  variant(
    'array-member-names',
    'SOAP-ENC array members are named after their type (<ServiceValue xsi:type="ns1:ServiceValue">), not <item>',
    'SOAP 1.1 §5.4.2: the names of array member elements are insignificant; .NET and Axis use the type name',
  ),
  variant(
    'soap-array-size-unstated',
    'SOAP-ENC:arrayType asserts no size (ns1:ServiceValue[]): the members give it',
    "SOAP 1.1 §5.4.2: 'a value of zero integers indicates that no particular quantity is asserted'",
  ),
  variant(
    'soap-arrays-typed-soap-enc',
    'arrays are typed xsi:type="SOAP-ENC:Array" (their SOAP-ENC:arrayType names the members), as NuSOAP and Axis write them, not ns1:ArrayOfServicesValues',
    "SOAP 1.1 §5.4.2: arrays have the type 'SOAP-ENC:Array or a type derived therefrom'",
  ),
  variant(
    'soap-fault-strings',
    'every fault has another faultstring (in French, without the code) and a detail, in an envelope that declares only the SOAP-ENV namespace, as PHP writes it',
    "§7.1 fixes the faultcode, not the text; §7.2: the shape of a fault is 'not shown'; docs/real-system.md, 'SOAP envelopes as PHP writes them'",
  ),
  variant(
    'soap-namespace-prefixes',
    'answers use soapenv:, enc:, xs:, instance: and tns: (declared on the response element), in another order; the WSDL uses wsdl:, wsoap:, xs:, soapenc:, impl: and a schema-local typens:',
    'XML Namespaces: a prefix is only a name for its URI; SOAP 1.1 and WSDL 1.1 fix the URIs, not the prefixes',
  ),
  variant(
    'soap-default-namespace',
    'the <op>Response element is in the default namespace (xmlns="{tns}"), and its parts reset it (xmlns="") to stay unqualified',
    'XML Namespaces: a default namespace names the same URI as a prefix would; unqualified parts stay unqualified',
  ),
  variant(
    'soap-indented-xml',
    'SOAP answers are indented, with line breaks between elements',
    'whitespace between elements of an encoded struct or array is insignificant (SOAP 1.1 §5)',
  ),
  variant(
    'soap-multi-ref',
    'every struct and array is a multi-reference value, as Axis writes them: the part and each member carry href="#idN", the values are independent <multiRef id="idN" SOAP-ENC:root="0"> elements of the Body',
    'SOAP 1.1 §5.2.1 and §5.4: a value may be serialized once, apart, and referenced by its accessors',
  ),
  variant(
    'soap-wsdl-redirect',
    'GET /soap/project/?wsdl answers 302 to /soap/project/index.php?wsdl, which serves the WSDL',
    'the spec locates the service, not the WSDL document; Tuleap itself redirects /soap/?wsdl (docs/real-system.md, "The core login service and session keys")',
  ),
  variant(
    'soap-media-type-bare',
    'SOAP answers and faults are sent with Content-Type Text/XML: no charset parameter (the XML declaration names UTF-8), the type in capitals',
    'SOAP 1.1 §6 sends text/xml; a media type is case-insensitive and its charset parameter optional (RFC 9110 §8.3.1, RFC 7303 §3.2)',
  ),
  variant(
    'php-whitespace',
    'SOAP request parsing drops text nodes made only of spaces, tabs, CR or LF (a string part "\\n" arrives as "")',
    "the real system's SOAP stack does (PHP SoapServer::handle() with no argument, docs/real-system.md, 'Whitespace-only strings in SOAP requests'); whitespace inside a value is kept",
  ),
  variant(
    'admins-ugroup-other-id',
    `the user group of a project's admins has id ${OTHER_ADMINS_UGROUP}; there is no user group 4`,
    "§4.2 #4 names user groups by id and never says which one holds the admins: 4 is the real system's convention",
  ),
  variant(
    'no-admins-ugroup',
    "no user group holds a project's admins (user group 4 answers 3301); admins come from addProject alone",
    'the spec names no user group a client could rely on; such a target is run with the default profile (4), which the suites probe',
  ),
  variant(
    'arguments-before-rights',
    'a caller without rights on the project who passes an unknown service, field, login, user id or user group, or a non-member to remove, gets the code of that argument (3019, 3108, 3202, 3203, 3301), not the permission code',
    '§5.1.2 and §7.1 give both codes and order neither check; the real system checks the rights first',
  ),
  variant(
    'site-admin-own-projects-only',
    'a site admin gets the operations on a project only where he is one of its admins (3201 or 3203 elsewhere)',
    "§5.1.2 names the project's admins only; that a site admin counts as one is the real system's choice (INFO soap.auth.site-admin)",
  ),
  variant(
    'no-description-fields',
    'the platform has no project description fields: getPlateformProjectDescriptionFields answers 3107',
    '§7.1 3107 exists for such a platform; nothing in §4.2 requires fields',
  ),
  variant(
    'limit-max-10',
    'every paginated route defaults to 10 items and allows at most 10 (X-PAGINATION-LIMIT-MAX 10)',
    '§8: the page size is 10, 50 or 100 depending on the route, and X-PAGINATION-LIMIT-MAX reports it',
  ),
  variant(
    'artifact-query-limit-max-100',
    'the artifact query (GET and POST /trackers/<id>/artifacts) defaults to 100 items and allows 100',
    '§8: 10, 50 or 100 depending on the route (the real system later defaults to 100 there)',
  ),
  variant(
    'limit-over-max-400',
    'a limit above X-PAGINATION-LIMIT-MAX answers 400, not 406',
    '§8 only says the limit cannot exceed the maximum (the real system answers 400 in later releases)',
  ),
  variant(
    'limit-over-max-capped',
    'a limit above X-PAGINATION-LIMIT-MAX is served capped at the maximum (X-PAGINATION-LIMIT the maximum)',
    '§8 only says the limit cannot exceed the maximum; a capped page does not exceed it',
  ),
  variant(
    'collections-descending',
    'every collection is ordered newest first (by id, descending)',
    'the order of a collection is not shown (§4.3, §8)',
  ),
  variant(
    'projects-list-needs-auth',
    'GET /api/projects answers 401 without credentials (public projects stay readable by id)',
    '§5.2.1: some resources need authentication; which ones is not shown',
  ),
  variant(
    'rest-errors-plain-text',
    'REST errors answer a text/plain body (the reason phrase and the detail)',
    '§7.2: the shape of REST error payloads is not shown',
  ),
  variant(
    'rest-errors-problem-json',
    'REST errors answer RFC 9457 application/problem+json {type, title, status, detail}',
    '§7.2: the shape of REST error payloads is not shown',
  ),
  variant(
    'xml-root-result',
    'XML answers have the root element <result> (the real system writes <response>)',
    '§4.5 names the request root (request) only; the answer root is not shown',
  ),
  variant(
    'put-answer-empty',
    'a successful PUT /artifacts/<id> answers 200 with an empty body (its new Etag and Last-Modified in the headers), whatever Accept asks',
    "docs/real-system.md, 'Updating an artifact': the real system's update answers 200 with an empty body; §4.3 names the answer 'updated artifact' without a shape (rest.routes.shapes), and with no body there is no format to be wrong",
  ),
  variant(
    'etag-unquoted',
    "the Etag is the last change's Unix time, unquoted; If-match must be that exact string (the real system's way)",
    '§4.4.1: a hash of the current version, its form not shown; §4.4.2: If-match sends back the value received',
  ),
  variant(
    'last-modified-iso8601',
    'Last-Modified is written in ISO 8601 and If-Unmodified-Since read in ISO 8601 only; another form is ignored',
    '§4.4.1: a timestamp, its form not shown (the real system wrote ISO 8601 until 2016)',
  ),
  variant(
    'artifact-routes-api-only',
    'the artifact routes are served under /api only: POST /api/artifacts, GET and PUT /api/artifacts/<id>',
    '§4.3 writes them with and without /api; whether they are the same routes is not shown',
  ),
  variant(
    'invalid-credentials-500',
    'invalid credentials (an unknown token, a wrong Basic password) answer 500; an expired token still 401',
    "§5.2.2 and §7.2: invalid credentials give a 'server error'; §5.2.5: an expired token gives 401",
  ),
  variant(
    'outsider-refused-404',
    'a private project, and what hangs below it, answers 404 to an authenticated user outside it, as if it did not exist (anonymous callers still get 401)',
    "§5.2.1 and §7.2 fix 401 for missing authentication only; how an authenticated user is refused is not shown, and hiding a private project's existence is a common choice",
  ),
  variant(
    'throttled-429',
    'every 40th request is answered 429 Too Many Requests with Retry-After: 1, whatever it asks',
    'a server may limit the rate of its clients (RFC 6585 §4) and say when to come back (RFC 9110 §10.2.3); the spec says nothing of rates',
  ),
] as const satisfies readonly Variant[];

/** The name of a variant: a typo in `variants.on(...)` is a compile error. */
export type VariantName = (typeof VARIANTS)[number]['name'];

export class UnknownVariant extends Error {}

export class Variants {
  private readonly active: ReadonlySet<string>;

  constructor(names: readonly string[] = []) {
    const unknown = names.filter((n) => !VARIANTS.some((v) => v.name === n));
    if (unknown.length > 0)
      throw new UnknownVariant(
        `unknown variant ${unknown.join(', ')}; known: ${VARIANTS.map((v) => v.name).join(', ')}`,
      );
    this.active = new Set(names);
  }

  on(name: VariantName): boolean {
    return this.active.has(name);
  }

  get names(): readonly string[] {
    return [...this.active];
  }
}
