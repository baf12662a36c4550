/** §2.2, §4.3: artifact creation (read back), read, update (read back), the route forms. */
import { describe, expect, inject } from 'vitest';
import { conformanceTest, type ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { creationJson, normalised, type ModelValue } from '../../lib/kit/rest/artifact-values.ts';
import {
  createdId,
  creationRule,
  getArtifact,
  givenArtifact,
  postArtifact,
  readArtifact,
  uniqueText,
  updateValues,
} from '../../lib/kit/rest/artifacts.ts';
import { tokenFor } from '../../lib/kit/rest/auth.ts';
import { excerpt } from '../../lib/kit/rest/broken.ts';
import { get, expect2xx, jsonOf } from '../../lib/kit/rest/requests.ts';
import { Unjudgeable } from '../../lib/kit/rest/unjudgeable.ts';
import { schemaProblems } from '../../lib/kit/rest/schemas.ts';
import { discoverTracker, type TrackerModel } from '../../lib/kit/rest/tracker-model.ts';

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

describe.concurrent('artifacts (§2.2, §4.3)', () => {
  conformanceTest(
    ['rest.artifacts.create', 'rest.artifacts.creation-body'],
    'POST /artifacts with tracker {id} and values [{field_id, value | bind_value_ids}] must create the artifact, read back by GET',
    async (ctx) => {
      ctx.judging('rest.artifacts.create');
      const { auth, tracker } = await setup(ctx);
      const values = someValues(tracker, 'created');
      const answer = await postArtifact(ctx, auth, { json: creationJson(tracker.id, values) });
      ctx.judging(creationRule(answer.status));
      expect2xx(answer.status, 'POST /artifacts');
      ctx.judging('rest.artifacts.create');
      const id = createdId(answer);
      // The shape of the created artifact is 'not shown': without an id or Location, no verdict.
      if (id === undefined)
        throw new Unjudgeable(
          `could not judge: POST /artifacts answered neither an id member nor a Location ending in the id (rest.routes.shapes); ${excerpt(answer)}`,
        );
      const read = await readArtifact(ctx, auth, id);
      for (const [field, value] of normalised(values))
        ctx.expect.soft(read.values.get(field), `field ${field} read back`).toEqual(value);
    },
  );

  conformanceTest(
    ['rest.artifacts.get'],
    'GET /api/artifacts/<id> must answer that one artifact',
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'read'));
      const answer = await getArtifact(ctx, auth, id);
      expect(answer.status, `GET /api/artifacts/${id}`).toBe(200);
      const body = jsonOf(answer) as { id?: unknown } | undefined;
      // The representation is 'not shown': an id member is the real system's way to say which.
      if (typeof body !== 'object' || body === null || !('id' in body))
        throw new Unjudgeable(
          `could not judge which artifact GET /api/artifacts/${id} answered: no id member (the artifact representation is 'not shown'; rest.artifacts.representation); ${excerpt(answer)}`,
        );
      expect(body.id, 'the artifact answered is the one asked').toBe(id);
    },
  );

  conformanceTest(
    ['rest.artifacts.update', 'rest.artifacts.update-body'],
    'PUT /artifacts/<id> with {"values": [...]} must update the artifact, read back by GET',
    async (ctx) => {
      ctx.judging('rest.artifacts.update');
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'before'));
      const text = uniqueText(inject('runTag'), 'after');
      const list = tracker.listField;
      const update = new Map<number, ModelValue>([
        [tracker.stringField.id, text],
        [list.id, [list.valueIds[1]!]],
      ]);
      const answer = await updateValues(ctx, auth, id, update);
      ctx.judging('rest.artifacts.update');
      expect2xx(answer.status, `PUT /artifacts/${id}`);
      const read = await readArtifact(ctx, auth, id);
      ctx.expect.soft(read.values.get(tracker.stringField.id), 'the string field').toBe(text);
      ctx.expect.soft(read.values.get(list.id), 'the list field').toEqual([list.valueIds[1]]);
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
      expect(bare.status, 'the un-prefixed form (reference: the same route)').toBe(prefixed.status);
      expect(jsonOf(bare), 'the same artifact').toEqual(jsonOf(prefixed));
    },
  );

  conformanceTest(
    ['rest.artifacts.representation', 'rest.routes.shapes'],
    "the artifact representation is observed against the real system's shape (schemas/rest/artifact.schema.json)",
    async (ctx) => {
      const { auth, tracker } = await setup(ctx);
      const id = await givenArtifact(ctx, auth, tracker, someValues(tracker, 'shape'));
      const answer = await getArtifact(ctx, auth, id);
      expect(schemaProblems('artifact', jsonOf(answer))).toEqual([]);
    },
  );
});
