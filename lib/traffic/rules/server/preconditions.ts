/**
 * §4.4 rules 2–4 on PUT /artifacts/<id>, judged only where the traffic proves the version:
 * - an If-match naming an Etag a later answer replaced, or an If-Unmodified-Since older than a
 *   Last-Modified already shown, is stale: a 2xx answer fails rest.concurrency.if-match-stale,
 *   -if-unmodified-since-stale, or -each-header-checked when both were sent; 412 passes them;
 * - preconditions that all name the version last shown, with no write since, are fresh: a 412
 *   fails rest.concurrency.if-match-fresh or -if-unmodified-since-fresh, unless a write to the
 *   artifact that began before the 412 ended may have won the race (pending.ts);
 * - a PUT without either header answered 412 or 428 fails rest.concurrency.no-header-overwrites;
 * - two overlapping PUTs with one If-match both applied, each answering an Etag other than it,
 *   fail rest.concurrency.one-winner: whichever was checked second met a version the other made.
 * A value the traffic does not prove (an Etag never shown, a «redacted» one, a date in a form other
 * than the server's) is not judged: the suites' own stale values are judged where they replace a
 * version the traffic saw. The If-match is compared as sent: the real system compares the raw
 * string (docs/real-system.md, "Etag, Last-Modified"), so a quoted copy of a bare Etag is not the
 * same value.
 */
import { REDACTED } from '../../../kit/clients/redact.ts';
import { timestampOf } from '../../../kit/rest/http-dates.ts';
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory, Verdicts } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { ArtifactVersions, dateForm } from './artifact-versions.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { PendingFindings } from './pending.ts';
import { evidence } from './evidence.ts';

const IF_MATCH_STALE = 'rest.concurrency.if-match-stale';
const SINCE_STALE = 'rest.concurrency.if-unmodified-since-stale';
const BOTH_CHECKED = 'rest.concurrency.each-header-checked';
const IF_MATCH_FRESH = 'rest.concurrency.if-match-fresh';
const SINCE_FRESH = 'rest.concurrency.if-unmodified-since-fresh';
const NO_HEADER = 'rest.concurrency.no-header-overwrites';
const ONE_WINNER = 'rest.concurrency.one-winner';

const ARTIFACTS_KEPT = 10_000;

type Judgement =
  | { state: 'stale'; proof: TrafficExchange; why: string }
  | { state: 'fresh' }
  | { state: 'unknown' };

export const preconditionsRule: RuleFactory = () => {
  const artifacts = new BoundedMap<number, ArtifactVersions>(ARTIFACTS_KEPT);
  /** `${artifact} ${If-match}` → the last PUT applied with it that made another version. */
  const applied = new BoundedMap<string, TrafficExchange>(ARTIFACTS_KEPT);
  const pending = new PendingFindings();
  const versionsOf = (id: number) => {
    let versions = artifacts.get(id);
    if (!versions) artifacts.set(id, (versions = new ArtifactVersions()));
    return versions;
  };
  return {
    requirements: [
      ONE_WINNER,
      IF_MATCH_STALE,
      SINCE_STALE,
      BOTH_CHECKED,
      IF_MATCH_FRESH,
      SINCE_FRESH,
      NO_HEADER,
    ],
    end: (verdicts) => pending.end(verdicts),
    observe(view, verdicts) {
      pending.settle(view, verdicts);
      const id = artifactOf(view);
      if (id === undefined) return;
      const versions = versionsOf(id);
      const status = view.exchange.status;
      const ok = status !== undefined && status >= 200 && status < 300;
      if (view.method === 'PUT') {
        judgePut(view, id, versions, verdicts, pending);
        judgeRace(view, id, applied, verdicts);
      }
      const kept = evidence(view.exchange);
      if (view.method !== 'GET' && (ok || status === undefined)) versions.wrote(kept);
      if (ok) {
        const etag = view.responseHeader('etag')?.trim();
        const lastModified = view.responseHeader('last-modified')?.trim();
        if (etag || lastModified)
          versions.show({
            ...(etag && !etag.includes(REDACTED) ? { etag } : {}),
            ...(lastModified ? { lastModified } : {}),
            exchange: kept,
          });
      }
    },
  };
};

/** The artifact a GET or PUT of /artifacts/<id>, or a 2xx POST /artifacts, is about. */
function artifactOf(view: ExchangeView): number | undefined {
  const route = view.rest;
  if (!route) return undefined;
  if (route.shape === '/artifacts/<id>' && (view.method === 'GET' || view.method === 'PUT'))
    return route.ids[0];
  if (route.shape !== '/artifacts' || view.method !== 'POST') return undefined;
  const status = view.exchange.status;
  if (status === undefined || status < 200 || status >= 300) return undefined;
  const json = view.responseJson();
  const id = 'value' in json ? (json.value as { id?: unknown } | null)?.id : undefined;
  if (typeof id === 'number' && Number.isInteger(id)) return id;
  const location = /\/artifacts\/(\d+)\/?$/.exec(view.responseHeader('location') ?? '');
  return location ? Number(location[1]) : undefined;
}

function judgePut(
  view: ExchangeView,
  id: number,
  versions: ArtifactVersions,
  verdicts: Verdicts,
  pending: PendingFindings,
): void {
  const status = view.exchange.status;
  if (status === undefined) return;
  const ok = status >= 200 && status < 300;
  const ifMatch = view.requestHeader('if-match')?.trim();
  const since = view.requestHeader('if-unmodified-since')?.trim();
  const line = `PUT ${view.url.pathname}`;
  if (ifMatch === undefined && since === undefined) {
    // 412 Precondition Failed, 428 Precondition Required: refused for want of a check.
    if (status === 412 || status === 428)
      verdicts.fail(NO_HEADER, {
        message: `${line} without If-match or If-Unmodified-Since answered ${status}: without them no check is made and the artifact is overwritten`,
        expected: 'the update applied (2xx)',
        actual: `HTTP ${status}`,
        exchanges: [view.exchange],
      });
    else if (ok) verdicts.pass(NO_HEADER, [view.exchange]);
    return;
  }
  const start = view.exchange.startedMs;
  const current = versions.currentAt(start);
  const judged: Array<[header: string, value: string, judgement: Judgement]> = [];
  if (ifMatch !== undefined)
    judged.push(['If-match', ifMatch, ifMatchState(ifMatch, versions, start, current?.etag)]);
  if (since !== undefined)
    judged.push([
      'If-Unmodified-Since',
      since,
      sinceState(since, versions, start, current?.lastModified),
    ]);
  const both = judged.length === 2;
  const stale = judged.find((j) => j[2].state === 'stale');
  if (stale) {
    const [header, value, judgement] = stale as [
      string,
      string,
      Extract<Judgement, { state: 'stale' }>,
    ];
    const requirement = both ? BOTH_CHECKED : header === 'If-match' ? IF_MATCH_STALE : SINCE_STALE;
    const exchanges = [judgement.proof, view.exchange];
    if (status === 412) verdicts.pass(requirement, exchanges);
    else if (ok)
      verdicts.fail(requirement, {
        message: `${line} with ${header} ${value}, ${judgement.why}, answered ${status}: a value that does not match the current version answers 412 and changes nothing`,
        expected: 'HTTP 412',
        actual: `HTTP ${status}`,
        exchanges,
      });
    return;
  }
  if (!current || judged.some((j) => j[2].state !== 'fresh')) return;
  const requirements = judged.map(([header]) =>
    header === 'If-match' ? IF_MATCH_FRESH : SINCE_FRESH,
  );
  const exchanges = [current.exchange, view.exchange];
  if (ok) for (const r of requirements) verdicts.pass(r, exchanges);
  else if (status === 412)
    for (const requirement of requirements)
      pending.add({
        requirement,
        judged: view.exchange,
        details: {
          message: `${line} with ${judged.map(([h, v]) => `${h} ${v}`).join(' and ')}, the version the artifact's last answer showed, answered 412: a value that matches the current version is applied`,
          expected: 'the update applied (2xx)',
          actual: 'HTTP 412',
          exchanges,
        },
        clearedBy: (other) =>
          other.exchange !== view.exchange &&
          other.method === 'PUT' &&
          other.rest?.shape === '/artifacts/<id>' &&
          other.rest.ids[0] === id &&
          (other.exchange.status === undefined || other.exchange.status < 300),
      });
}

function ifMatchState(
  value: string,
  versions: ArtifactVersions,
  start: number,
  current: string | undefined,
): Judgement {
  if (value.includes(REDACTED) || value === '*') return { state: 'unknown' };
  if (current !== undefined && value === current) return { state: 'fresh' };
  const proof = versions.replacedBefore(value, start);
  return proof
    ? { state: 'stale', proof, why: `an Etag a later version replaced` }
    : { state: 'unknown' };
}

function sinceState(
  value: string,
  versions: ArtifactVersions,
  start: number,
  current: string | undefined,
): Judgement {
  if (current !== undefined && value === current) return { state: 'fresh' };
  const ms = timestampOf(value);
  const newest = versions.newestDateBefore(start);
  if (ms === undefined || !newest || newest.shown.lastModified === undefined)
    return { state: 'unknown' };
  if (dateForm(value) !== dateForm(newest.shown.lastModified)) return { state: 'unknown' };
  return ms < newest.ms
    ? {
        state: 'stale',
        proof: newest.shown.exchange,
        why: `older than the Last-Modified ${newest.shown.lastModified} an answer had shown`,
      }
    : { state: 'unknown' };
}

/** Two overlapping PUTs applied with one If-match, each making a version other than it. */
function judgeRace(
  view: ExchangeView,
  id: number,
  applied: BoundedMap<string, TrafficExchange>,
  verdicts: Verdicts,
): void {
  const status = view.exchange.status;
  const ifMatch = view.requestHeader('if-match')?.trim();
  const etag = view.responseHeader('etag')?.trim();
  if (status === undefined || status < 200 || status >= 300) return;
  if (ifMatch === undefined || ifMatch.includes(REDACTED) || ifMatch === '*') return;
  if (etag === undefined || etag === ifMatch || etag.includes(REDACTED)) return;
  const key = `${id} ${ifMatch}`;
  const other = applied.get(key);
  applied.set(key, evidence(view.exchange));
  if (!other || other.endedMs <= view.exchange.startedMs) return;
  verdicts.fail(ONE_WINNER, {
    message: `two PUT ${view.url.pathname} sent together with If-match ${ifMatch} were both applied (HTTP ${other.status} and ${status}), each making a new version: of concurrent PUTs sending the same Etag exactly one is applied`,
    expected: 'one applied, the others 412',
    actual: `HTTP ${other.status} and HTTP ${status}`,
    exchanges: [other, view.exchange],
  });
}
