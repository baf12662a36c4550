/**
 * §4.4.2: to make an update apply only to the latest version, a PUT /artifacts/<id> sends If-match
 * or If-Unmodified-Since. A PUT that sends some other precondition (If-None-Match,
 * If-Modified-Since, If-Range) and neither of those two meant a check, and gets none (§4.4.4: the
 * artifact is overwritten). A PUT with no precondition at all is an unchecked update by choice,
 * which §4.4.4 allows: not judged here.
 */
import type { RuleFactory } from '../../rule.ts';
import { requestName } from './request-facts.ts';

const REQUIREMENT = 'client.rest.precondition-header';
const KIND = 'PUT /artifacts/<id> with a precondition';
const CHECKED = ['if-match', 'if-unmodified-since'] as const;
const UNCHECKED = ['if-none-match', 'if-modified-since', 'if-range'] as const;

export const preconditionHeaderRule: RuleFactory = () => ({
  requirements: [REQUIREMENT],
  observe(view, verdicts) {
    if (view.method !== 'PUT' || view.rest?.shape !== '/artifacts/<id>') return;
    if (CHECKED.some((name) => view.requestHeader(name) !== undefined)) {
      verdicts.pass(REQUIREMENT, [view.exchange], KIND);
      return;
    }
    const others = UNCHECKED.filter((name) => view.requestHeader(name) !== undefined);
    if (others.length === 0) return;
    const sent = others.map((name) => `${name}: ${view.requestHeader(name)}`).join(', ');
    verdicts.deviation(REQUIREMENT, KIND, {
      message: `${requestName(view)} sends ${sent} and neither If-match nor If-Unmodified-Since: the update is not checked against the version`,
      expected: 'If-match (the Etag received) or If-Unmodified-Since (the Last-Modified received)',
      actual: sent,
      exchanges: [view.exchange],
    });
  },
});
