/**
 * The plain text of a test's wire exchanges, as summary.json, junit.xml and Allure hold it: made
 * from its exchanges, or the text itself when the test was read back from a summary.json (merge).
 */
import type { TestResult } from '../../run-result.ts';
import { renderExchanges } from '../../wire-exchange.ts';

export function transcriptText(
  t: Pick<TestResult, 'exchanges' | 'transcript'>,
): string | undefined {
  return t.exchanges ? renderExchanges(t.exchanges) : t.transcript;
}
