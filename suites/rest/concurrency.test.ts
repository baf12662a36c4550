/** §4.4, §7.2: Etag and Last-Modified, If-match and If-Unmodified-Since, 412, overwrite, one winner. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import type { ModelValue } from '../../lib/kit/rest/artifact-values.ts';
import type { RequirementId } from '../../lib/requirements/index.ts';
import {
  givenArtifact,
  readArtifact,
  uniqueText,
  updateValues,
} from '../../lib/kit/rest/artifacts.ts';
import { tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { BrokenFeature, excerpt } from '../../lib/kit/rest/broken.ts';
import { staleDateLike } from '../../lib/kit/rest/http-dates.ts';
import { expect2xx, is2xx } from '../../lib/kit/rest/requests.ts';
import { discoverTracker, type TrackerModel } from '../../lib/kit/rest/tracker-model.ts';
import { sendTogether } from '../../lib/kit/rest/together.ts';

const WRITERS = 25;

interface Subject {
  auth: Auth;
  tracker: TrackerModel;
  id: number;
}

async function subject(ctx: ConformanceContext): Promise<Subject> {
  const auth = await tokenFor(ctx, 'projectAdmin');
  const tracker = await discoverTracker(ctx, auth, inject('fixtures').publicProject.id);
  const id = await givenArtifact(ctx, auth, tracker, summary(tracker, 'v1'));
  return { auth, tracker, id };
}

function summary(tracker: TrackerModel, label: string): Map<number, ModelValue> {
  return new Map([[tracker.stringField.id, uniqueText(inject('runTag'), label)]]);
}

/** A PUT of the string field, with the concurrency headers given (§4.4.2). */
function put(
  ctx: ConformanceContext,
  s: Subject,
  text: string,
  headers: Record<string, string> = {},
) {
  return updateValues(ctx, s.auth, s.id, new Map([[s.tracker.stringField.id, text]]), headers);
}

/**
 * A PUT without headers as the setup of a check: it must overwrite (§4.4.4). A refusal breaks
 * that rule, which the check relies on (updates with a header may work all the same).
 */
async function overwrite(ctx: ConformanceContext, s: Subject, label: string): Promise<void> {
  const answer = await put(ctx, s, uniqueText(inject('runTag'), label));
  if (!is2xx(answer.status))
    throw new BrokenFeature(
      `PUT /artifacts/${s.id} without concurrency headers answered ${answer.status}: it must overwrite (§4.4.4; rest.concurrency.no-header-overwrites); ${excerpt(answer)}`,
      'rest.concurrency.no-header-overwrites',
    );
}

/**
 * A PUT whose value does not match the current version: refused with 412 (§4.4.3, §7.2). Applied
 * (2xx), the check was not made: `rule` fails alone. Refused with another status: `rule` ("answers
 * 412") and rest.errors.412 both fail. Soft: the test goes on, judging `rule` again.
 */
function expectStaleRefused(
  ctx: ConformanceContext,
  status: number,
  what: string,
  rule: RequirementId,
  reliesOn: readonly RequirementId[] = [],
): void {
  // Applied: the version may never have changed, when updates are not applied at all (§4.3).
  ctx.judging(rule, { reliesOn: is2xx(status) ? [...reliesOn, ...UPDATE] : reliesOn });
  ctx.expect.soft(status, `${what}: refused with 412, not applied (§4.4.3)`).toBe(412);
  if (!is2xx(status)) {
    ctx.judging('rest.errors.412');
    ctx.expect.soft(status, `${what}: the status of the refusal (§7.2)`).toBe(412);
  }
  ctx.judging(rule, { reliesOn });
}

/** The current version: its headers, and the string field's text when a check reads it. */
async function current(ctx: ConformanceContext, s: Subject) {
  const read = await readArtifact(ctx, s.auth, s.id);
  return {
    etag: read.etag,
    lastModified: read.lastModified,
    get text() {
      return read.values.get(s.tracker.stringField.id);
    },
  };
}

/**
 * §4.4.1: every GET carries both headers. Without the one a check needs, the client cannot use
 * §4.4 at all: the feature is broken, a failure (not 'could not judge').
 */
function versionOf(
  read: { etag: string | undefined; lastModified: string | undefined },
  header: 'etag' | 'lastModified',
): string {
  const value = read[header];
  if (value === undefined)
    throw new BrokenFeature(
      `the artifact GET carries no ${header === 'etag' ? 'Etag' : 'Last-Modified'} (§4.4.1; rest.concurrency.${header === 'etag' ? 'etag' : 'last-modified'}), so no ${header === 'etag' ? 'If-match' : 'If-Unmodified-Since'} can be sent`,
      header === 'etag' ? 'rest.concurrency.etag' : 'rest.concurrency.last-modified',
    );
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Last-Modified has one-second resolution: a version made 1.1 s later falls in a later second. */
const NEXT_SECOND_MS = 1100;

/** The tests whose oracle needs updates applied at all (§4.3): their versions come from one. */
const UPDATE: RequirementId[] = ['rest.artifacts.update'];

/** Rounds of the contention check: each sends the PUTs again, until all of them overlapped. */
const ROUNDS = 3;

/**
 * One round of §4.4.3 under contention: WRITERS PUTs with the current Etag, each on its own
 * connection, sent together (lib/kit/rest/together.ts). Exactly one must win, the others answer
 * 412, and the winner's value is stored. Judged on every round, whatever the overlap: two
 * winners prove the race however the requests arrived.
 */
async function contend(ctx: ConformanceContext, s: Subject, round: number) {
  ctx.judging('rest.concurrency.one-winner');
  const etag = versionOf(await current(ctx, s), 'etag');
  const texts = Array.from({ length: WRITERS }, (_, i) =>
    uniqueText(inject('runTag'), `round ${round} writer ${i}`),
  );
  // A refused update body (Unjudgeable) or a 5xx (BrokenFeature) ends the check at once.
  const { answers, overlap } = await sendTogether(
    ctx,
    WRITERS,
    (on) => readArtifact(on, s.auth, s.id),
    (on, i) => put(on, s, texts[i]!, { 'If-match': etag }),
    (method, path) => method === 'PUT' && path.endsWith(`/artifacts/${s.id}`),
  );
  const statuses = answers.map((a) => a.status);
  const winners = statuses.flatMap((status, i) => (is2xx(status) ? [i] : []));
  const what = `round ${round} (${overlap} of ${WRITERS} on the wire before the first answer)`;
  // None applied, or all: the current Etag refused, or a stale one accepted, is the rule of
  // a single PUT, judged apart (§4.4.3).
  const oneWinner = {
    reliesOn: ['rest.concurrency.if-match-fresh', 'rest.concurrency.if-match-stale'],
  } as const;
  ctx.judging('rest.concurrency.one-winner', oneWinner);
  expect(winners, `${what}: successful PUTs (statuses: ${statuses.join(' ')})`).toHaveLength(1);
  const losers = statuses.filter((status) => !is2xx(status));
  ctx.expect.soft(losers, `${what}: the others answer 412 (§4.4.3)`).toEqual(losers.map(() => 412));
  ctx.judging('rest.errors.412');
  ctx.expect
    .soft(losers, `${what}: the status of the refusals (§7.2)`)
    .toEqual(losers.map(() => 412));
  ctx.judging('rest.concurrency.one-winner', oneWinner);
  expect((await current(ctx, s)).text, `${what}: the winner's value is stored`).toBe(
    texts[winners[0]!],
  );
  return { overlap };
}

describe.concurrent('concurrency (§4.4)', () => {
  conformanceTest(
    ['rest.concurrency.etag', 'rest.concurrency.last-modified'],
    'every GET of an artifact must carry Etag and Last-Modified, before and after an update',
    async (ctx) => {
      ctx.judging('rest.concurrency.etag');
      const s = await subject(ctx);
      for (const moment of ['after creation', 'after an update']) {
        const read = await current(ctx, s);
        ctx.judging('rest.concurrency.etag');
        ctx.expect.soft(read.etag, `Etag ${moment}`).toBeTruthy();
        ctx.judging('rest.concurrency.last-modified');
        ctx.expect.soft(read.lastModified, `Last-Modified ${moment}`).toBeTruthy();
        if (moment === 'after creation') await overwrite(ctx, s, 'v2');
      }
    },
  );

  conformanceTest(
    ['rest.concurrency.last-modified-version'],
    'Last-Modified must change with the version: an update made more than a second later gives another Last-Modified',
    async (ctx) => {
      ctx.judging('rest.concurrency.last-modified-version', { reliesOn: UPDATE });
      const s = await subject(ctx);
      const before = versionOf(await current(ctx, s), 'lastModified');
      await sleep(NEXT_SECOND_MS);
      await overwrite(ctx, s, 'a second later');
      const after = await current(ctx, s);
      expect(
        versionOf(after, 'lastModified'),
        `Last-Modified after an update ${NEXT_SECOND_MS} ms later (before: ${before}); §4.4.1: the timestamp of the last modification`,
      ).not.toBe(before);
    },
  );

  conformanceTest(
    ['rest.concurrency.if-match-fresh'],
    'a PUT whose If-match is the current Etag must be applied, and the Etag must change',
    async (ctx) => {
      ctx.judging('rest.concurrency.if-match-fresh', { reliesOn: UPDATE });
      const s = await subject(ctx);
      const before = await current(ctx, s);
      const text = uniqueText(inject('runTag'), 'if-match');
      const answer = await put(ctx, s, text, { 'If-match': versionOf(before, 'etag') });
      expect2xx(answer.status, 'PUT with the current Etag');
      const after = await current(ctx, s);
      ctx.expect.soft(after.text, 'the update is applied').toBe(text);
      ctx.expect.soft(after.etag, 'the Etag of the new version differs').not.toBe(before.etag);
    },
  );

  conformanceTest(
    ['rest.concurrency.if-unmodified-since-fresh'],
    'a PUT whose If-Unmodified-Since is the current Last-Modified must be applied',
    async (ctx) => {
      ctx.judging('rest.concurrency.if-unmodified-since-fresh', { reliesOn: UPDATE });
      const s = await subject(ctx);
      const before = await current(ctx, s);
      const text = uniqueText(inject('runTag'), 'since');
      const answer = await put(ctx, s, text, {
        'If-Unmodified-Since': versionOf(before, 'lastModified'),
      });
      expect(
        is2xx(answer.status),
        `PUT with the current Last-Modified answered ${answer.status}`,
      ).toBe(true);
      expect((await current(ctx, s)).text, 'the update is applied').toBe(text);
    },
  );

  conformanceTest(
    ['rest.concurrency.if-match-stale', 'rest.errors.412'],
    'a PUT whose If-match is an older Etag must answer 412 and change nothing',
    async (ctx) => {
      // The setup's overwrite makes the first Etag stale: an update that applies (§4.3).
      ctx.judging('rest.concurrency.if-match-stale', { reliesOn: UPDATE });
      const s = await subject(ctx);
      const stale = versionOf(await current(ctx, s), 'etag');
      await overwrite(ctx, s, 'v2');
      const now = await current(ctx, s);
      for (const etag of [stale, '"not-an-etag-of-this-artifact"']) {
        const answer = await put(ctx, s, 'must not be stored', { 'If-match': etag });
        expectStaleRefused(
          ctx,
          answer.status,
          `PUT with If-match ${etag}`,
          'rest.concurrency.if-match-stale',
        );
      }
      const after = await current(ctx, s);
      expect(after.text, 'the artifact is unchanged').toBe(now.text);
      expect(after.etag, 'its Etag is unchanged').toBe(now.etag);
    },
  );

  conformanceTest(
    ['rest.concurrency.if-unmodified-since-stale', 'rest.errors.412'],
    'a PUT whose If-Unmodified-Since is an older Last-Modified must answer 412 and change nothing',
    async (ctx) => {
      ctx.judging('rest.concurrency.if-unmodified-since-stale', { reliesOn: UPDATE });
      const s = await subject(ctx);
      const stale = versionOf(await current(ctx, s), 'lastModified');
      await sleep(NEXT_SECOND_MS);
      await overwrite(ctx, s, 'v2');
      const now = await current(ctx, s);
      // A Last-Modified that did not move fails rest.concurrency.last-modified-version; here the
      // rule is still judged with a date long before the artifact existed, in the target's format.
      const dates = [...(now.lastModified === stale ? [] : [stale]), staleDateLike(stale)];
      for (const date of dates) {
        const answer = await put(ctx, s, 'must not be stored', { 'If-Unmodified-Since': date });
        expectStaleRefused(
          ctx,
          answer.status,
          `PUT with If-Unmodified-Since ${date}`,
          'rest.concurrency.if-unmodified-since-stale',
        );
      }
      expect((await current(ctx, s)).text, 'the artifact is unchanged').toBe(now.text);
    },
  );

  conformanceTest(
    ['rest.concurrency.each-header-checked', 'rest.errors.412'],
    'a PUT sending both If-match and If-Unmodified-Since, one current and one stale (each way), must answer 412 and change nothing',
    async (ctx) => {
      ctx.judging('rest.concurrency.each-header-checked');
      const s = await subject(ctx);
      const v1 = await current(ctx, s);
      await sleep(NEXT_SECOND_MS);
      await overwrite(ctx, s, 'v2');
      const now = await current(ctx, s);
      const etag = { stale: versionOf(v1, 'etag'), current: versionOf(now, 'etag') };
      const since = versionOf(now, 'lastModified');
      // The older Last-Modified when it moved (else rest.concurrency.last-modified-version fails
      // apart), or a date long before the artifact existed.
      const staleSince =
        versionOf(v1, 'lastModified') === since
          ? staleDateLike(since)
          : versionOf(v1, 'lastModified');
      // Each case relies on the rule of its stale header alone: a server that ignores that header
      // altogether breaks that rule, not this one.
      const cases = [
        {
          headers: { 'If-match': etag.stale, 'If-Unmodified-Since': since },
          stale: 'rest.concurrency.if-match-stale',
        },
        {
          headers: { 'If-match': etag.current, 'If-Unmodified-Since': staleSince },
          stale: 'rest.concurrency.if-unmodified-since-stale',
        },
      ] as const;
      for (const { headers, stale } of cases) {
        const answer = await put(ctx, s, 'must not be stored', headers);
        expectStaleRefused(
          ctx,
          answer.status,
          `PUT with If-match ${headers['If-match']} (${headers['If-match'] === etag.current ? 'current' : 'stale'}) and If-Unmodified-Since ${headers['If-Unmodified-Since']} (${headers['If-Unmodified-Since'] === since ? 'current' : 'stale'})`,
          'rest.concurrency.each-header-checked',
          [stale],
        );
      }
      ctx.judging('rest.concurrency.each-header-checked', {
        reliesOn: cases.map((c) => c.stale),
      });
      const after = await current(ctx, s);
      expect(after.text, 'the artifact is unchanged').toBe(now.text);
      expect(after.etag, 'its Etag is unchanged').toBe(now.etag);
    },
  );

  conformanceTest(
    ['rest.concurrency.no-header-overwrites'],
    'a PUT without If-match or If-Unmodified-Since must not be checked: it overwrites a newer version',
    async (ctx) => {
      ctx.judging('rest.concurrency.no-header-overwrites', { reliesOn: UPDATE });
      const s = await subject(ctx);
      await current(ctx, s);
      await overwrite(ctx, s, 'other writer');
      const text = uniqueText(inject('runTag'), 'overwrite');
      const answer = await put(ctx, s, text);
      expect2xx(answer.status, 'PUT without header');
      expect((await current(ctx, s)).text, 'the artifact is overwritten').toBe(text);
    },
  );

  conformanceTest(
    ['rest.concurrency.one-winner', 'rest.errors.412'],
    `of ${WRITERS} concurrent PUTs sending the same Etag exactly one must be applied, the others must answer 412`,
    async (ctx) => {
      ctx.judging('rest.concurrency.one-winner');
      const s = await subject(ctx);
      let best = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const { overlap } = await contend(ctx, s, round);
        best = Math.max(best, overlap);
        if (overlap === WRITERS) {
          ctx.observe(
            `all ${WRITERS} PUTs were on the wire before the first answer (round ${round})`,
          );
          return;
        }
      }
      // Each round had one winner, but its PUTs did not overlap: a check and a write that are
      // not one step would have passed too (a rate limit, a proxy that serialises, a slow client).
      ctx.skip(
        `the ${WRITERS} PUTs never overlapped: in ${ROUNDS} rounds at most ${best} of them were on the wire before the first answer, so one winner proves nothing of §4.4.3's check under contention`,
      );
    },
  );

  conformanceTest(
    ['rest.concurrency.tracker-artifacts-only'],
    'concurrency headers on other resources are observed (only artifacts are updatable here)',
    async (ctx) => {
      const answer = await ctx.http.send({
        path: `/api/projects/${inject('fixtures').publicProject.id}`,
      });
      ctx.observe(
        `GET of a project: Etag ${answer.headers['etag'] ?? 'absent'}, Last-Modified ${answer.headers['last-modified'] ?? 'absent'}`,
      );
      expect(answer.status).toBe(200);
    },
  );
});
