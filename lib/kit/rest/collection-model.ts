/**
 * The artifacts of one tracker as the suites know them, for the pagination and query checks. The
 * tracker must be written by one suite file only (the shared private project's, by
 * suites/rest/collections.test.ts), so its size and content follow this model exactly. Artifacts
 * that were there before the run are read once, by id, from the query's pages.
 */
import type { HttpResponse } from '../clients/http.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import { readValuesJson, sorted, type ModelValue } from './artifact-values.ts';
import { givenArtifact, readArtifact } from './artifacts.ts';
import type { Auth } from './auth.ts';
import { fetchPage, itemsOf, readCollection, type CollectionRequest } from './pages.ts';
import { pageHeaders } from './requests.ts';
import type { TrackerModel } from './tracker-model.ts';
import { Unjudgeable } from './unjudgeable.ts';

export type Item = { id: number } & Record<string, unknown>;

/** The query route is stated (§4.3), its body too (§2.2): a refusal is the route's fault. */
const QUERY_RULE = 'rest.query.route';

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
    const { items } = await readCollection<Item>(
      ctx.http,
      model.request(auth, {}),
      { what: `POST ${model.queryPath} {}`, rule: QUERY_RULE },
      false,
    );
    for (const item of items) {
      const id = idOf(item);
      const values = readValuesOrNull(item);
      model.artifacts.set(id, values ?? (await readArtifact(ctx, auth, id)).values);
    }
    return model;
  }

  get size(): number {
    return this.artifacts.size;
  }

  /** The query as a collection request (§4.3: POST with the §2.2 body). */
  request(auth: Auth, query: object): CollectionRequest {
    return { method: 'POST', path: this.queryPath, headers: auth.headers, json: query };
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

  /** One page of a query: the answer and its items (a refusal or a non-JSON body fails). */
  async page(
    ctx: ConformanceContext,
    auth: Auth,
    query: object,
    params: { limit?: number; offset?: number },
  ): Promise<{ answer: HttpResponse; items: Item[] }> {
    const answer = await fetchPage(ctx.http, this.request(auth, query), params);
    const shown = Object.entries(params).map(([k, v]) => `${k}=${v}`);
    const what = `POST ${this.queryPath}${shown.length > 0 ? `?${shown.join('&')}` : ''} ${JSON.stringify(query)}`;
    return { answer, items: itemsOf<Item>(answer, { what, rule: QUERY_RULE }, false) };
  }

  /** Every item of a query, paging forward with offset += limit (§8.3), and every page. */
  async queryAll(
    ctx: ConformanceContext,
    auth: Auth,
    query: object,
    limit: number,
  ): Promise<Item[]> {
    return (await this.queryPages(ctx, auth, query, limit)).items;
  }

  async queryPages(
    ctx: ConformanceContext,
    auth: Auth,
    query: object,
    limit: number,
  ): Promise<{ items: Item[]; pages: HttpResponse[] }> {
    const items: Item[] = [];
    const pages: HttpResponse[] = [];
    for (let offset = 0; pages.length < 1000; offset += limit) {
      const page = await this.page(ctx, auth, query, { limit, offset });
      pages.push(page.answer);
      items.push(...page.items);
      // The end: an empty page, or a short one where X-PAGINATION-SIZE says the walk is over. A
      // full page goes on whatever SIZE says: the walk judges paging, not SIZE (§8.2, apart).
      const { size } = pageHeaders(page.answer);
      if (page.items.length === 0 || (page.items.length < limit && !(offset + limit < size))) break;
    }
    return { items, pages };
  }
}

function idOf(item: Item): number {
  if (!Number.isInteger(item?.id))
    throw new Unjudgeable(
      `could not judge: an item of the artifact query has no integer id (the artifact representation is 'not shown'; see rest.artifacts.representation): ${JSON.stringify(item).slice(0, 160)}`,
    );
  return item.id;
}

function readValuesOrNull(item: Record<string, unknown>): Map<number, ModelValue> | undefined {
  return Array.isArray(item['values']) ? readValuesJson(item) : undefined;
}
