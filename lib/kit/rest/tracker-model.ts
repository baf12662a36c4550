/**
 * What the suites need to know of a tracker, found by following links (§1) and read from its
 * structure (§4.3: "gives the ids of fields and of their values"). The field representation is
 * 'not shown' in the spec; the suites read the real system's (field_id, name, type, values
 * [{id}]), and when a target's is not in that shape the checks that need it are Unjudgeable.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import type { Auth } from './auth.ts';
import type { HttpResponse } from '../clients/http.ts';
import { BrokenFeature } from './broken.ts';
import { readCollection } from './pages.ts';
import { apiPath } from './paths.ts';
import { pageHeaders } from './requests.ts';
import { Unjudgeable } from './unjudgeable.ts';
import { jsonObject } from '../clients/json-object.ts';

export interface ListField {
  id: number;
  name: string;
  /** 'sb' allows one bound value, 'msb' several. */
  multiple: boolean;
  valueIds: number[];
}

export interface TrackerModel {
  id: number;
  uri: string;
  stringField: { id: number; name: string };
  listField: ListField;
  /** An int field, when the tracker has one. */
  intField?: { id: number; name: string };
}

interface RawField {
  field_id?: unknown;
  name?: unknown;
  type?: unknown;
  values?: unknown;
  required?: unknown;
}

/** Reads a tracker representation; undefined when it lacks a string field or a list field. */
export function trackerModelOf(tracker: unknown): TrackerModel | undefined {
  const raw = tracker as { id?: unknown; uri?: unknown; fields?: unknown };
  if (!Number.isInteger(raw?.id) || !Array.isArray(raw.fields)) return undefined;
  const fields = raw.fields as RawField[];
  const named = (f: RawField) =>
    Number.isInteger(f.field_id) && typeof f.name === 'string'
      ? { id: f.field_id as number, name: f.name }
      : undefined;
  const stringField = fields
    .filter((f) => f.type === 'string')
    .map(named)
    .find(Boolean);
  const intField = fields
    .filter((f) => f.type === 'int')
    .map(named)
    .find(Boolean);
  const listField = fields
    .filter((f) => (f.type === 'sb' || f.type === 'msb') && Array.isArray(f.values))
    .map((f) => ({
      ...named(f)!,
      multiple: f.type === 'msb',
      valueIds: (f.values as Array<{ id?: unknown }>)
        .map((v) => v.id)
        .filter(Number.isInteger) as number[],
    }))
    .filter((f) => f.id !== undefined && f.valueIds.length >= 2)
    .sort((a, b) => Number(b.multiple) - Number(a.multiple))[0];
  const required = fields.some((f) => f.required === true && f.type !== 'string');
  if (!stringField || !listField || required) return undefined;
  return {
    id: raw.id as number,
    uri: typeof raw.uri === 'string' ? raw.uri : `trackers/${String(raw.id)}`,
    stringField,
    listField,
    ...(intField ? { intField } : {}),
  };
}

const LIST_TYPES = new Set(['sb', 'msb', 'rb', 'cb']);

/**
 * Why a tracker representation is not in the real system's shape (an object with an integer id
 * and fields [{field_id: integer, type: string}], list fields carrying values or bindings), or
 * undefined when the suites can read it. The shape is 'not shown': unreadable is Unjudgeable.
 */
export function unreadableTracker(tracker: unknown): string | undefined {
  const raw = tracker as { id?: unknown; fields?: unknown } | null;
  if (typeof raw !== 'object' || raw === null || !Number.isInteger(raw.id))
    return 'a tracker is not an object with an integer id';
  if (!Array.isArray(raw.fields)) return `tracker ${String(raw.id)} has no fields array`;
  for (const field of raw.fields as Array<RawField & { bindings?: unknown }>) {
    if (!Number.isInteger(field?.field_id) || typeof field.type !== 'string')
      return `a field of tracker ${String(raw.id)} has no integer field_id and string type`;
    if (LIST_TYPES.has(field.type) && !('values' in field) && !('bindings' in field))
      return `list field ${String(field.field_id)} of tracker ${String(raw.id)} has neither values nor bindings`;
  }
  return undefined;
}

/** The list fields of a readable tracker that give no bound value ids (§4.3: it must give them). */
export function listFieldsWithoutValueIds(tracker: unknown): number[] {
  const fields = (tracker as { fields: Array<RawField & { bindings?: unknown }> }).fields;
  const ids = (list: unknown) =>
    Array.isArray(list) && list.some((v) => Number.isInteger((v as { id?: unknown })?.id));
  return fields
    .filter((f) => LIST_TYPES.has(f.type as string))
    .filter((f) => !ids(f.values) && !ids((f.bindings as { list?: unknown } | null)?.list))
    .map((f) => f.field_id as number);
}

/** Follows project → resources[type=trackers] → the first tracker the suites can use. */
export async function discoverTracker(
  ctx: ConformanceContext,
  auth: Auth,
  projectId: number,
): Promise<TrackerModel> {
  const path = await trackersPath(ctx, auth, projectId);
  const { items, pages } = await readCollection<unknown>(
    ctx.http,
    { path, headers: auth.headers },
    { what: `GET ${path}`, rule: 'rest.projects.trackers' },
    false,
  );
  const model = items.map(trackerModelOf).find(Boolean);
  if (!model) brokenTrackerList(path, items, pages.at(-1));
  if (!model)
    throw new Unjudgeable(
      `could not judge: project ${projectId} has no tracker the suites can use (GET ${path}): ` +
        "needed a tracker with a string field and a list field (sb or msb) with at least two values, in the real system's field representation (rest.trackers.representation)" +
        (items.map(unreadableTracker).find(Boolean)
          ? `; ${items.map(unreadableTracker).find(Boolean)}`
          : ''),
    );
  return model;
}

/**
 * No usable tracker because the target broke a stated rule, not because the project has none:
 * the walk read fewer trackers than X-PAGINATION-SIZE announced (§8.3: paging forward visits
 * every item), or a list field gives no values at all (§4.3: the collection "gives the ids of
 * fields and of their values"). Then a BrokenFeature of that rule; else nothing (Unjudgeable).
 */
function brokenTrackerList(path: string, items: unknown[], last: HttpResponse | undefined): void {
  const { size } = last ? pageHeaders(last) : { size: Number.NaN };
  if (Number.isInteger(size) && items.length < size)
    throw new BrokenFeature(
      `GET ${path}, paged forward, gave ${items.length} of the ${size} trackers its X-PAGINATION-SIZE announces, and none the suites can use (rest.pagination.paging-forward)`,
      'rest.pagination.paging-forward',
    );
  for (const tracker of items) {
    if (unreadableTracker(tracker) !== undefined) continue;
    const withoutValues = listFieldsGivingNoValues(tracker);
    if (withoutValues.length > 0)
      throw new BrokenFeature(
        `GET ${path}: tracker ${String((tracker as { id: unknown }).id)} gives no values for its list fields ${withoutValues.join(', ')} (neither values nor bindings: §4.3, the collection gives the ids of fields and of their values; rest.projects.trackers)`,
        'rest.projects.trackers',
      );
  }
}

/** List fields whose values and bindings are both absent or null (an empty list is a list). */
function listFieldsGivingNoValues(tracker: unknown): number[] {
  const fields = (tracker as { fields: Array<RawField & { bindings?: unknown }> }).fields;
  const given = (f: RawField & { bindings?: unknown }) =>
    Array.isArray(f.values) ||
    Array.isArray((f.bindings as { list?: unknown } | null | undefined)?.list);
  return fields
    .filter((f) => LIST_TYPES.has(f.type as string) && !given(f))
    .map((f) => f.field_id as number);
}

/** The trackers route, from the project's resources (§1, §2.2), else its §2.2 form. */
async function trackersPath(
  ctx: ConformanceContext,
  auth: Auth,
  projectId: number,
): Promise<string> {
  const project = await ctx.http.send({
    path: `/api/projects/${projectId}`,
    headers: auth.headers,
  });
  const resources = jsonObject(project.text)?.resources as
    Array<{ type?: unknown; uri?: unknown }> | undefined;
  const uri = Array.isArray(resources)
    ? resources.find((r) => r.type === 'trackers' && typeof r.uri === 'string')?.uri
    : undefined;
  return apiPath(typeof uri === 'string' ? uri : `projects/${projectId}/trackers`);
}
