/**
 * Which suites can see a variant (reference-server/variants.ts): tests/variants.test.ts runs a
 * variant listed here with these suites only, and every other variant with all of them.
 *
 * The claim, proved on every run by tests/variants.test.ts ('a narrowed variant is unseen by the
 * suites left out'), on the full run of PROOF_VARIANT with --har, its server watched: for each
 * narrowed variant, no request that the tests of a suite its run leaves out made (as their
 * transcripts record them) is the same request (requestKey) as one on which the server consulted
 * that variant; and a left-out suite declares no hook (beforeAll…), whose requests no transcript
 * holds. Until a variant is first consulted, its server answers as the reference server does: a
 * suite that never makes the server consult it cannot tell the variant from the reference server.
 * The requests no test's transcript holds (preflight, provisioning) are made by every run,
 * narrowed or not.
 *
 * The lists are what that recording measured; the test names the suite to add when a change of
 * the suites or the server makes a left-out one consult a variant.
 */
import type { VariantName } from '../../reference-server/variants.ts';

const rest = (...files: string[]) => files.map((file) => `suites/rest/${file}.`);
const soap = (...files: string[]) => files.map((file) => `suites/soap/${file}.`);

/** Every SOAP suite: the variants consulted on every SOAP answer (its wire style, its base URL). */
const SOAP = ['suites/soap/'] as const;

/** The REST suites that read an artifact's version headers or XML answers. */
const ARTIFACT_ANSWERS = rest(
  'access-matrix',
  'artifacts',
  'auth',
  'collections',
  'concurrency',
  'message-headers',
  'observed',
  'xml-directions',
  'xml',
);

/**
 * The SOAP suites that read over REST: soap/add-project, which lists /api/projects,
 * soap/static-ugroups, which reads its groups' users, and those that read a write's frame
 * (lib/kit/frame: the neighbour projects listed, their user groups' users).
 */
const SOAP_READING_REST = soap(
  'add-project',
  'description-fields',
  'generic-user',
  'membership',
  'services',
  'static-ugroups',
);

/** Every REST suite but tokens, and the SOAP suites that read over REST. */
const LISTS_AND_LOGINS = [
  ...rest(
    'access-matrix',
    'artifacts',
    'auth',
    'collections',
    'concurrency',
    'credential-forms',
    'message-headers',
    'observed',
    'pagination-boundaries',
    'projects',
    'token-lifetime',
    'trackers',
    'xml-directions',
    'xml',
  ),
  ...SOAP_READING_REST,
];

/** Every REST suite and the SOAP suites that read over REST: the variants of every REST error answer. */
const REST_ERRORS = ['suites/rest/', ...SOAP_READING_REST];

/** The SOAP suites that call an operation with a session key and a project. */
const SOAP_PROJECT_CALLS = soap(
  'answer-headers',
  'argument-faults',
  'description-fields',
  'generic-user',
  'membership',
  'services',
  'session-key-forms',
  'sessions-and-roles',
  'static-ugroups',
  'wire',
);

/**
 * The narrowed variants, each with the suites (`--suite`) that can see it. The variants consulted
 * as the server is made (its state, its listening socket) or on every answer (framing, header
 * case, throttling) see every suite.
 */
export const REACH: Readonly<Partial<Record<VariantName, readonly string[]>>> = {
  'base-url-other-name': SOAP,
  'wsdl-location-default-port': SOAP,
  'wsdl-location-host-case': SOAP,
  'array-member-names': SOAP,
  'soap-array-size-unstated': SOAP,
  'soap-arrays-typed-soap-enc': SOAP,
  'soap-fault-strings': SOAP,
  'soap-namespace-prefixes': SOAP,
  'soap-default-namespace': SOAP,
  'soap-indented-xml': SOAP,
  'soap-multi-ref': SOAP,
  'soap-wsdl-redirect': soap('wsdl', 'wire', 'generic-user'),
  'php-whitespace': SOAP,
  'arguments-before-rights': SOAP_PROJECT_CALLS,
  'site-admin-own-projects-only': [...SOAP_PROJECT_CALLS, ...soap('add-project')],
  'soap-media-type-bare': SOAP,
  'invalid-credentials-500': LISTS_AND_LOGINS,
  'rest-errors-plain-text': REST_ERRORS,
  'rest-errors-problem-json': REST_ERRORS,
  'artifact-routes-api-only': REST_ERRORS,
  'xml-root-result': ARTIFACT_ANSWERS,
  'etag-unquoted': ARTIFACT_ANSWERS,
  'last-modified-iso8601': ARTIFACT_ANSWERS,
  'artifact-query-limit-max-100': rest('access-matrix', 'collections', 'message-headers'),
  'collections-descending': LISTS_AND_LOGINS,
  'limit-max-10': LISTS_AND_LOGINS,
  'limit-over-max-400': rest('collections', 'pagination-boundaries'),
  'limit-over-max-capped': rest('collections', 'pagination-boundaries'),
  'projects-list-needs-auth': [
    ...rest(
      'access-matrix',
      'auth',
      'collections',
      'message-headers',
      'observed',
      'pagination-boundaries',
      'projects',
      'token-lifetime',
      'xml',
    ),
    // soap/add-project lists /api/projects; the frame reads list the neighbour projects.
    ...soap('add-project', 'description-fields', 'generic-user', 'membership', 'services'),
  ],
  'outsider-refused-404': [
    ...ARTIFACT_ANSWERS,
    ...rest('credential-forms', 'pagination-boundaries'),
  ],
  'put-answer-empty': rest('access-matrix', 'artifacts', 'concurrency', 'xml-directions', 'xml'),
};

/** The full run whose exchanges and server prove the claim (it changes only the framing). */
export const PROOF_VARIANT: VariantName = 'chunked-bodies';

/** The `--suite` arguments of a variant's run: none (every suite) unless it is narrowed. */
export function suiteArgs(variant: VariantName): string[] {
  return (REACH[variant] ?? []).flatMap((suite) => ['--suite', suite]);
}

/** Whether the run of a narrowed variant selects a suite file (suites/rest/tokens.test.ts). */
export function selects(suites: readonly string[], file: string): boolean {
  return suites.some((suite) => file.includes(suite));
}

/**
 * A request as the server and a transcript both see it: method, path and query (as a URL parser
 * writes them) and the SOAPAction, which names the operation of a SOAP call.
 */
export function requestKey(method: string, url: string, soapAction: string | undefined): string {
  const { pathname, search } = new URL(url, 'http://target');
  return `${method} ${pathname}${search} ${soapAction ?? ''}`;
}
