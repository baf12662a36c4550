/**
 * The artifacts of one tracker as the suites know them, for the pagination and query properties.
 * The tracker must be written by one suite file only (the shared private project's, by
 * suites/rest/collections.test.ts), so its size and content follow this model exactly. Artifacts
 * that were there before the run are read once, by id, from the query's pages.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import { readValuesJson, sorted, type ModelValue } from './artifact-values.ts';
import { givenArtifact, readArtifact } from './artifacts.ts';
import type { Auth } from './auth.ts';
import { is2xx, jsonOf, pageHeaders, sendJson } from './requests.ts';
import type { TrackerModel } from './tracker-model.ts';
import { Unjudgeable } from './unjudgeable.ts';

export class CollectionModel {
  readonly artifacts = new Map<number, Map<number, ModelValue>>();

  private constructor(
    readonly tracker: TrackerModel,
    readonly queryPath: string,
  ) {}

  static async load(
    ctx: ConformanceContext,
    auth: Auth,
    tracker: TrackerModel,
  ): Promise<CollectionModel> {
    const model = new CollectionModel(tracker, `/api/trackers/${tracker.id}/artifacts`);
    for (const item of await model.queryAll(ctx, auth, {}, 50)) {
      const values = readValuesOrNull(item);
      model.artifacts.set(item.id, values ?? (await readArtifact(ctx, auth, item.id)).values);
    }
    return model;
  }

  get size(): number {
    return this.artifacts.size;
  }

  async add(ctx: ConformanceContext, auth: Auth, values: Map<number, ModelValue>): Promise<number> {
    const id = await givenArtifact(ctx, auth, this.tracker, values);
    this.artifacts.set(
      id,
      new Map([...values].map(([f, v]) => [f, Array.isArray(v) ? sorted(v) : v])),
    );
    return id;
  }

  /** Ids of the artifacts whose list field holds the bound value id (§2.2 'contains'). */
  holding(valueId: number): number[] {
    const field = this.tracker.listField.id;
    return [...this.artifacts]
      .filter(([, values]) => {
        const ids = values.get(field);
        return Array.isArray(ids) && ids.includes(valueId);
      })
      .map(([id]) => id);
  }

  /** Every item of a query, paging forward with offset += limit (§8.3). */
  async queryAll(
    ctx: ConformanceContext,
    auth: Auth,
    query: object,
    limit: number,
  ): Promise<Array<{ id: number } & Record<string, unknown>>> {
    const items: Array<{ id: number } & Record<string, unknown>> = [];
    for (let offset = 0, pages = 0; pages < 1000; offset += limit, pages++) {
      const answer = await sendJson(
        ctx,
        'POST',
        `${this.queryPath}?limit=${limit}&offset=${offset}`,
        auth,
        query,
      );
      if (!is2xx(answer.status))
        throw new Unjudgeable(
          `setup: the artifact query answered ${answer.status}; see rest.query.route`,
        );
      const page = jsonOf(answer);
      if (!Array.isArray(page))
        throw new Unjudgeable(
          'setup: the artifact query did not answer an array; see rest.query.route',
        );
      items.push(...(page as Array<{ id: number }>));
      const { size } = pageHeaders(answer);
      if (page.length === 0 || !(offset + limit < (Number.isNaN(size) ? Infinity : size))) break;
    }
    return items;
  }
}

function readValuesOrNull(item: Record<string, unknown>): Map<number, ModelValue> | undefined {
  return Array.isArray(item['values']) ? readValuesJson(item) : undefined;
}
