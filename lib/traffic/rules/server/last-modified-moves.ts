/**
 * §4.4 rule 1, Last-Modified "timestamp of the last modification": an update made a second or
 * more after the version shown before changes it (rest.concurrency.last-modified-version). From
 * traffic: a PUT applied, answering a new Etag, that began a second or more after an answer had
 * shown the earlier version, answers a Last-Modified other than that version's. (The earlier
 * version was made before that answer ended; the new one after the PUT began.) An update that
 * keeps the Etag changed nothing and is not judged.
 */
import { timestampOf } from '../../../kit/rest/http-dates.ts';
import { REDACTED } from '../../../kit/clients/redact.ts';
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory } from '../../rule.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { evidence } from './evidence.ts';

const REQUIREMENT = 'rest.concurrency.last-modified-version';
const ARTIFACTS_KEPT = 10_000;
const SECOND = 1000;

interface Version {
  etag: string;
  lastModified: string;
  ms: number;
  exchange: TrafficExchange;
}

export const lastModifiedMovesRule: RuleFactory = () => {
  const shown = new BoundedMap<number, Version>(ARTIFACTS_KEPT);
  return {
    requirements: [REQUIREMENT],
    observe(view, verdicts) {
      const route = view.rest;
      const status = view.exchange.status;
      if (
        route?.shape !== '/artifacts/<id>' ||
        status === undefined ||
        status < 200 ||
        status >= 300
      )
        return;
      if (view.method !== 'GET' && view.method !== 'PUT') return;
      const etag = view.responseHeader('etag')?.trim();
      const lastModified = view.responseHeader('last-modified')?.trim();
      const ms = lastModified === undefined ? undefined : timestampOf(lastModified);
      if (!etag || etag.includes(REDACTED) || lastModified === undefined || ms === undefined)
        return;
      const id = route.ids[0]!;
      const before = shown.get(id);
      const now: Version = { etag, lastModified, ms, exchange: evidence(view.exchange) };
      if (!before || view.exchange.startedMs >= before.exchange.startedMs) shown.set(id, now);
      if (view.method !== 'PUT' || !before || before.etag === etag) return;
      if (view.exchange.startedMs < before.exchange.endedMs + SECOND) return;
      const exchanges = [before.exchange, view.exchange];
      if (ms !== before.ms) verdicts.pass(REQUIREMENT, exchanges);
      else
        verdicts.fail(REQUIREMENT, {
          message: `PUT ${view.url.pathname}, begun ${((view.exchange.startedMs - before.exchange.endedMs) / SECOND).toFixed(1)} s after an answer showed the version of Etag ${before.etag}, made the version ${etag} with the same Last-Modified ${lastModified}: the timestamp of the last modification changes`,
          expected: `a Last-Modified after ${before.lastModified}`,
          actual: lastModified,
          exchanges,
        });
    },
  };
};
