/**
 * Which suites can see a variant (reference-server/variants.ts): tests/variants.test.ts runs a
 * variant listed here with these suites only, and every other variant with all of them.
 *
 * The claim, proved on every run by tests/variants.test.ts ('a narrowed variant is unseen by the
 * suites left out'), on the full run of PROOF_VARIANT with --har, its server watched: for each
 * narrowed variant, no request that the tests of a suite its run leaves out made (as their
 * transcripts record them) went to a path on which the server consulted that variant; and a
 * left-out suite declares no hook (beforeAll…), whose requests no transcript holds. Until a variant is first consulted, its server
 * answers as the reference server does: a suite that never makes the server consult it cannot
 * tell the variant from the reference server.
 */
import type { VariantName } from '../../reference-server/variants.ts';

/** Every REST suite. */
const REST = ['suites/rest/'] as const;
/** And soap/add-project, which finds the projects it made through GET /api/projects. */
const REST_AND_ADD_PROJECT = ['suites/rest/', 'suites/soap/add-project.'] as const;

/** Every SOAP suite. */
const SOAP = ['suites/soap/'] as const;

/**
 * The narrowed variants, each with the suites (`--suite`) that can see it: those consulted in the
 * SOAP interface only (serialization, parsing, WSDL), then those consulted in the REST interface
 * only (error payloads, pagination, validators, routes, auth); one consulted on /api/projects
 * needs soap/add-project too. The variants consulted as the server is made (its state, its
 * listening socket) or on every answer (framing, header case, throttling) see every suite.
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
  'soap-wsdl-redirect': SOAP,
  'php-whitespace': SOAP,
  'arguments-before-rights': SOAP,
  'site-admin-own-projects-only': SOAP,
  'soap-media-type-bare': SOAP,
  'invalid-credentials-500': REST_AND_ADD_PROJECT,
  'rest-errors-plain-text': REST_AND_ADD_PROJECT,
  'rest-errors-problem-json': REST_AND_ADD_PROJECT,
  'xml-root-result': REST,
  'artifact-query-limit-max-100': REST,
  'collections-descending': REST_AND_ADD_PROJECT,
  'limit-max-10': REST_AND_ADD_PROJECT,
  'limit-over-max-400': REST_AND_ADD_PROJECT,
  'limit-over-max-capped': REST_AND_ADD_PROJECT,
  'projects-list-needs-auth': REST_AND_ADD_PROJECT,
  'outsider-refused-404': REST_AND_ADD_PROJECT,
  'artifact-routes-api-only': REST_AND_ADD_PROJECT,
  'etag-unquoted': REST,
  'last-modified-iso8601': REST,
  'put-answer-empty': REST,
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
