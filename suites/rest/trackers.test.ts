/** §4.3: a project's trackers and a tracker's structure, with field and value ids. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { tokenFor, type Auth } from '../../lib/kit/rest/auth.ts';
import { requireSuccess } from '../../lib/kit/rest/broken.ts';
import { readCollection } from '../../lib/kit/rest/pages.ts';
import { get, jsonOf } from '../../lib/kit/rest/requests.ts';
import { schemaProblems } from '../../lib/kit/rest/schemas.ts';
import { listFieldsWithoutValueIds, unreadableTracker } from '../../lib/kit/rest/tracker-model.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';

/** Every tracker of the shared public project (§4.3), paged with the route's own maximum. */
async function trackersOf(ctx: ConformanceContext, auth: Auth): Promise<unknown[]> {
  const path = `/api/projects/${inject('fixtures').publicProject.id}/trackers`;
  return (
    await readCollection<unknown>(
      ctx.http,
      { path, headers: auth.headers },
      { what: `GET ${path}`, rule: 'rest.projects.trackers' },
      false,
    )
  ).items;
}

/**
 * §4.3: the tracker gives field ids and bound value ids. The representation is 'not shown': one
 * not in the real system's shape is Unjudgeable; one in it whose list fields give no value ids
 * breaks the rule.
 */
function expectFieldAndValueIds(tracker: unknown, what: string): void {
  const unreadable = unreadableTracker(tracker);
  if (unreadable)
    throw new Unjudgeable(
      `could not judge ${what}: ${unreadable} (the tracker representation is 'not shown'; the suites read the real system's, rest.trackers.representation)`,
    );
  expect(
    listFieldsWithoutValueIds(tracker),
    `${what}: list fields that give no bound value ids`,
  ).toEqual([]);
}

describe.concurrent('trackers (§4.3)', () => {
  conformanceTest(
    ['rest.projects.trackers'],
    'GET /api/projects/<id>/trackers must answer the collection of trackers with field and value ids',
    async (ctx) => {
      const trackers = await trackersOf(ctx, await tokenFor(ctx, 'projectAdmin'));
      expect(
        trackers.length,
        'the project created from the template lists trackers',
      ).toBeGreaterThan(0);
      for (const [i, tracker] of trackers.entries())
        expectFieldAndValueIds(tracker, `tracker ${i + 1} of the collection`);
    },
  );

  conformanceTest(
    ['rest.trackers.get'],
    'GET /api/trackers/<id> must answer the tracker structure with field and value ids',
    async (ctx) => {
      const auth = await tokenFor(ctx, 'projectAdmin');
      const listed = (await trackersOf(ctx, auth))[0] as { id?: unknown } | undefined;
      if (!Number.isInteger(listed?.id))
        throw new Unjudgeable(
          "could not judge: the project's tracker collection gives no integer tracker id (rest.trackers.representation)",
        );
      const path = `/api/trackers/${String(listed!.id)}`;
      const answer = await get(ctx, path, auth);
      requireSuccess(answer, { what: `GET ${path}`, rule: 'rest.trackers.get' });
      expect(answer.status, `GET ${path}`).toBe(200);
      const tracker = jsonOf(answer);
      expectFieldAndValueIds(tracker, `GET ${path}`);
      expect((tracker as { id: unknown }).id, 'the tracker answered is the one asked').toBe(
        listed!.id,
      );
    },
  );

  conformanceTest(
    ['rest.trackers.representation', 'rest.routes.shapes'],
    "the tracker representation is observed against the real system's shape (schemas/rest/tracker.schema.json)",
    async (ctx) => {
      const id = inject('fixtures').publicProject.id;
      const answer = await get(
        ctx,
        `/api/projects/${id}/trackers`,
        await tokenFor(ctx, 'projectAdmin'),
      );
      expect(schemaProblems('tracker-collection', jsonOf(answer))).toEqual([]);
    },
  );
});
