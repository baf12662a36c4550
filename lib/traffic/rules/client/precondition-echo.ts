/**
 * §4.4.2: If-match carries the value of the Etag received, If-Unmodified-Since the value of the
 * Last-Modified received, for the artifact the PUT updates. Judged where the traffic holds an
 * answer that gave that artifact's versions (artifact-versions.ts); an If-Unmodified-Since that
 * writes the same instant in another HTTP-date form is the same value. An If-match of '*' names
 * no version.
 */
import { timestampOf } from '../../../kit/rest/http-dates.ts';
import type { FindingDetails, RuleFactory, Verdicts } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { ArtifactVersionLog, type ArtifactVersions } from './artifact-versions.ts';
import { isHidden, requestName } from './request-facts.ts';

const REQUIREMENT = 'client.rest.precondition-echo';

export const preconditionEchoRule: RuleFactory = () => {
  const versions = new ArtifactVersionLog();
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      if (view.method === 'PUT' && view.rest?.shape === '/artifacts/<id>') {
        const id = view.rest.ids[0]!;
        const known = versions.get(id);
        if (known !== undefined) judge(view, id, known, verdicts);
      }
      versions.learn(view);
    },
  };
};

function judge(view: ExchangeView, id: number, known: ArtifactVersions, verdicts: Verdicts): void {
  const ifMatch = view.requestHeader('if-match')?.trim();
  if (ifMatch !== undefined && !isHidden(ifMatch) && known.etags.length > 0) {
    const members = ifMatch.split(',').map((m) => m.trim());
    const given = ifMatch !== '*' && members.every((m) => known.etags.includes(m));
    const details = {
      message: `${requestName(view)} sends If-match ${ifMatch}, which is no Etag the server gave for artifact ${id}`,
      expected: `If-match: one of the Etags given for artifact ${id} (${known.etags.slice(-3).join(', ')})`,
      actual: `If-match: ${ifMatch}`,
      exchanges: [known.exchange, view.exchange],
    };
    verdict(verdicts, given, 'If-match', details, view);
  }
  const since = view.requestHeader('if-unmodified-since')?.trim();
  if (since !== undefined && known.lastModified.length > 0) {
    const instant = timestampOf(since);
    const given = known.lastModified.some(
      (value) => value === since || (instant !== undefined && timestampOf(value) === instant),
    );
    verdict(
      verdicts,
      given,
      'If-Unmodified-Since',
      {
        message: `${requestName(view)} sends If-Unmodified-Since ${since}, which is no Last-Modified the server gave for artifact ${id}`,
        expected: `If-Unmodified-Since: one of the Last-Modified given for artifact ${id} (${known.lastModified.slice(-3).join(', ')})`,
        actual: `If-Unmodified-Since: ${since}`,
        exchanges: [known.exchange, view.exchange],
      },
      view,
    );
  }
}

function verdict(
  verdicts: Verdicts,
  given: boolean,
  kind: string,
  details: FindingDetails,
  view: ExchangeView,
): void {
  if (given) verdicts.pass(REQUIREMENT, [view.exchange], kind);
  else verdicts.deviation(REQUIREMENT, kind, details);
}
