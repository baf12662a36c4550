/** §4.3: a project's trackers and a tracker's structure, with field and value ids. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest } from '../../lib/conformance-test.ts';
import { tokenFor } from '../../lib/rest/auth.ts';
import { get, jsonOf } from '../../lib/rest/requests.ts';
import { schemaProblems } from '../../lib/rest/schemas.ts';
import { trackerModelOf } from '../../lib/rest/tracker-model.ts';

describe('trackers (§4.3)', () => {
  conformanceTest(
    ['rest.projects.trackers'],
    'GET /api/projects/<id>/trackers must answer the collection of trackers with field and value ids',
    async (ctx) => {
      const id = inject('fixtures').publicProject.id;
      const answer = await get(
        ctx,
        `/api/projects/${id}/trackers`,
        await tokenFor(ctx, 'projectAdmin'),
      );
      expect(answer.status, `GET /api/projects/${id}/trackers`).toBe(200);
      const trackers = jsonOf(answer);
      expect(Array.isArray(trackers), 'the answer is an array').toBe(true);
      const models = (trackers as unknown[]).map(trackerModelOf);
      expect(models.some(Boolean), 'a tracker gives field ids and bound value ids').toBe(true);
    },
  );

  conformanceTest(
    ['rest.trackers.get'],
    'GET /api/trackers/<id> must answer the tracker structure with field and value ids',
    async (ctx) => {
      const auth = await tokenFor(ctx, 'projectAdmin');
      const id = inject('fixtures').publicProject.id;
      const listed = jsonOf(await get(ctx, `/api/projects/${id}/trackers`, auth)) as Array<{
        id: number;
      }>;
      expect(listed?.[0]?.id, 'a tracker id from the project').toBeTypeOf('number');
      const answer = await get(ctx, `/api/trackers/${listed[0]!.id}`, auth);
      expect(answer.status).toBe(200);
      const tracker = jsonOf(answer) as { id: number };
      expect(tracker.id, 'the tracker answered is the one asked').toBe(listed[0]!.id);
      expect(
        trackerModelOf(tracker),
        'its fields give field ids and bound value ids',
      ).toBeDefined();
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
