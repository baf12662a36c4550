/** §2.2, §4.3: artifact creation (read back), read, update (read back), the route forms. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/conformance-test.ts';
import {
  creationJson,
  normalised,
  readValuesJson,
  type ModelValue,
} from '../../lib/rest/artifact-values.ts';
import { createdId, givenArtifact, readArtifact, uniqueText } from '../../lib/rest/artifacts.ts';
import { tokenFor } from '../../lib/rest/auth.ts';
import { get, is2xx, jsonOf, sendJson } from '../../lib/rest/requests.ts';
import { schemaProblems } from '../../lib/rest/schemas.ts';
import { discoverTracker, type TrackerModel } from '../../lib/rest/tracker-model.ts';

async function setup(ctx: ConformanceContext) {
  const auth = await tokenFor(ctx, 'projectAdmin');
  const tracker = await discoverTracker(ctx, auth, inject('fixtures').publicProject.id);
  return { auth, tracker };
}

function someValues(tracker: TrackerModel, label: string): Map<number, ModelValue> {
  const list = tracker.listField;
  return new Map<number, ModelValue>([
    [tracker.stringField.id, uniqueText(inject('runTag'), label)],
    [list.id, list.multiple ? list.valueIds.slice(0, 2) : list.valueIds.slice(0, 1)],
  ]);
}

describe('artifacts (§2.2, §4.3)', () => {
  conformanceTest(
    ['rest.artifacts.create', 'rest.artifacts.creation-body'],
    'POST /artifacts with tracker {id} and values [{field_id, value | bind_value_ids}] must create the artifact, read back by GET',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const values = someValues(tracker, 'created');
      const answer = await sendJson(
        ctx,
        'POST',
        '/api/artifacts',
        auth,
        creationJson(tracker.id, values),
      );
      expect(is2xx(answer.status), `POST /api/artifacts answered ${answer.status}`).toBe(true);
      const id = createdId(answer);
      expect(id, 'the created artifact id (body id or Location)').toBeTypeOf('number');
      const read = await readArtifact(ctx, auth, id!);
      for (const [field, value] of normalised(values))
        expect.soft(read.values.get(field), `field ${field} read back`).toEqual(value);
    },
  );

  conformanceTest(
    ['rest.artifacts.get'],
    'GET /api/artifacts/<id> must answer that one artifact',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'read'));
      const answer = await get(ctx, `/api/artifacts/${id}`, auth);
      expect(answer.status).toBe(200);
      expect(
        (jsonOf(answer) as { id?: unknown })?.id,
        'the artifact answered is the one asked',
      ).toBe(id);
    },
  );

  conformanceTest(
    ['rest.artifacts.update', 'rest.artifacts.update-body'],
    'PUT /artifacts/<id> with {"values": [...]} must update the artifact, read back by GET',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'before'));
      const text = uniqueText(inject('runTag'), 'after');
      const list = tracker.listField;
      const update = new Map<number, ModelValue>([
        [tracker.stringField.id, text],
        [list.id, [list.valueIds[1]!]],
      ]);
      const answer = await sendJson(ctx, 'PUT', `/api/artifacts/${id}`, auth, {
        values: creationJson(tracker.id, update).values,
      });
      expect(is2xx(answer.status), `PUT /api/artifacts/${id} answered ${answer.status}`).toBe(true);
      const read = await readArtifact(ctx, auth, id);
      expect.soft(read.values.get(tracker.stringField.id), 'the string field').toBe(text);
      expect.soft(read.values.get(list.id), 'the list field').toEqual([list.valueIds[1]]);
    },
  );

  conformanceTest(
    ['rest.routes.prefix'],
    'whether /artifacts and /api/artifacts are the same routes is observed',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'prefix'));
      const [bare, prefixed] = [
        await get(ctx, `/artifacts/${id}`, auth),
        await get(ctx, `/api/artifacts/${id}`, auth),
      ];
      ctx.observe(
        `GET /artifacts/${id} → ${bare.status}; GET /api/artifacts/${id} → ${prefixed.status}`,
      );
      expect(bare.status, 'the un-prefixed form').toBe(prefixed.status);
      expect(readValuesJson(jsonOf(bare)), 'the same artifact').toEqual(
        readValuesJson(jsonOf(prefixed)),
      );
    },
  );

  conformanceTest(
    ['rest.artifacts.representation', 'rest.routes.shapes'],
    "the artifact representation is observed against the real system's shape (schemas/rest/artifact.schema.json)",
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'shape'));
      const answer = await get(ctx, `/api/artifacts/${id}`, auth);
      expect(schemaProblems('artifact', jsonOf(answer))).toEqual([]);
    },
  );
});
