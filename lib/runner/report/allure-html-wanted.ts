/**
 * Set to 1 in a run's environment, the run writes its allure-results but not Allure's HTML report,
 * and starts no generator: for the project's tests whose many runs no one opens in Allure
 * (tests/support/cli-pool.ts). Not a user option: the reports of docs/reading-the-report.md are the
 * contract.
 */
export const NO_ALLURE_HTML = 'SOAP_REST_CONFORMANCE_NO_ALLURE_HTML';

export function allureHtmlWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[NO_ALLURE_HTML] !== '1';
}
