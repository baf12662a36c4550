/**
 * Which suites can see a variant (reference-server/variants.ts): tests/variants.test.ts runs a
 * variant listed here with these suites only, and every other variant with all of them.
 *
 * The claim, proved on every run by tests/variants.test.ts ('a narrowed variant is unseen by the
 * suites left out'), on the full run of PROOF_VARIANT with --har, its server watched: no request
 * that the tests of a left-out suite made (as their transcripts record them) went to a path on
 * which the server consulted a REST_ONLY variant; and a left-out suite declares no hook
 * (beforeAll…), whose requests no transcript holds. Until a variant is first consulted, its server
 * answers as the reference server does: a suite that never makes the server consult it cannot
 * tell the variant from the reference server.
 */
import type { VariantName } from '../../reference-server/variants.ts';

/** Consulted in the REST interface only: error payloads, pagination, validators, routes, auth. */
export const REST_ONLY: ReadonlySet<VariantName> = new Set<VariantName>([
  'invalid-credentials-500',
  'rest-errors-plain-text',
  'rest-errors-problem-json',
  'xml-root-result',
  'artifact-query-limit-max-100',
  'collections-descending',
  'limit-max-10',
  'limit-over-max-400',
  'limit-over-max-capped',
  'projects-list-needs-auth',
  'artifact-routes-api-only',
  'etag-unquoted',
  'last-modified-iso8601',
]);

/**
 * The suites (`--suite`) whose tests make REST requests: every REST suite, and soap/add-project,
 * which finds the projects it made through GET /api/projects.
 */
export const REST_SUITES: readonly string[] = ['suites/rest/', 'suites/soap/add-project.'];

/** The full run whose exchanges and server prove the claim (it changes only the framing). */
export const PROOF_VARIANT: VariantName = 'chunked-bodies';

/** The `--suite` arguments of a variant's run: none (every suite) unless it is narrowed. */
export function suiteArgs(variant: VariantName): string[] {
  return REST_ONLY.has(variant) ? REST_SUITES.flatMap((suite) => ['--suite', suite]) : [];
}

/** Whether a suite file (suites/rest/tokens.test.ts) is run for the REST_ONLY variants. */
export function inRestRuns(file: string): boolean {
  return REST_SUITES.some((suite) => file.includes(suite));
}
