/**
 * §4.4 rule 1: every GET of an artifact carries an Etag (rest.concurrency.etag) and a Last-Modified
 * that names a time (rest.concurrency.last-modified): GET /api/artifacts/<id> and /artifacts/<id>,
 * JSON or XML alike. Judged as the suites judge it: a non-empty Etag, a Last-Modified written as
 * an HTTP-date, ISO 8601 (the real system until 2016) or a Unix time.
 */
import { timestampOf } from '../../../kit/rest/http-dates.ts';
import type { RuleFactory } from '../../rule.ts';
import { requestLine } from './page-answer.ts';

const ETAG = 'rest.concurrency.etag';
const LAST_MODIFIED = 'rest.concurrency.last-modified';

/** What is wrong with a version header's value, or undefined. */
export function versionHeaderProblem(
  header: 'Etag' | 'Last-Modified',
  value: string | undefined,
): string | undefined {
  if (value === undefined) return 'no such header';
  if (value.trim() === '') return 'an empty value';
  if (header === 'Last-Modified' && timestampOf(value) === undefined)
    return `'${value}', which names no time (an HTTP-date, ISO 8601 or a Unix time)`;
  return undefined;
}

export const artifactVersionHeadersRule: RuleFactory = () => ({
  requirements: [ETAG, LAST_MODIFIED],
  observe(view, verdicts) {
    const status = view.exchange.status;
    if (view.method !== 'GET' || view.rest?.shape !== '/artifacts/<id>') return;
    if (status === undefined || status < 200 || status >= 300) return;
    for (const [header, requirement] of [
      ['Etag', ETAG],
      ['Last-Modified', LAST_MODIFIED],
    ] as const) {
      const problem = versionHeaderProblem(header, view.responseHeader(header));
      if (problem === undefined) verdicts.pass(requirement, [view.exchange]);
      else
        verdicts.fail(requirement, {
          message: `${requestLine(view)} (Accept: ${view.requestHeader('accept') ?? 'none'}) answered ${status} with ${header}: ${problem}`,
          expected: `a ${header} header on every GET of an artifact`,
          actual: problem,
          exchanges: [view.exchange],
        });
    }
  },
});
