/**
 * What the suites need to know of a tracker, found by following links (§1) and read from its
 * structure (§4.3: "gives the ids of fields and of their values"). The field representation is
 * 'not shown' in the spec; the suites read the real system's (field_id, name, type, values
 * [{id}]), and when a target's is not in that shape the checks that need it are Unjudgeable.
 */
import type { ConformanceContext } from '../conformance-test.ts';
import type { Auth } from './auth.ts';
import { apiPath } from './paths.ts';
import { Unjudgeable } from './unjudgeable.ts';

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

/** Follows project → resources[type=trackers] → the first tracker the suites can use. */
export async function discoverTracker(
  ctx: ConformanceContext,
  auth: Auth,
  projectId: number,
): Promise<TrackerModel> {
  const project = await ctx.http.send({
    path: `/api/projects/${projectId}`,
    headers: auth.headers,
  });
  const resources = (
    safeJson(project.text) as { resources?: Array<{ type?: unknown; uri?: unknown }> }
  )?.resources;
  const trackersUri =
    resources?.find((r) => r.type === 'trackers' && typeof r.uri === 'string')?.uri ??
    `projects/${projectId}/trackers`;
  const answer = await ctx.http.send({
    path: `${apiPath(String(trackersUri))}?limit=50`,
    headers: auth.headers,
  });
  const trackers = safeJson(answer.text);
  const model = Array.isArray(trackers) ? trackers.map(trackerModelOf).find(Boolean) : undefined;
  if (!model)
    throw new Unjudgeable(
      `project ${projectId} has no tracker the suites can use (GET ${apiPath(String(trackersUri))} answered ${answer.status}): ` +
        "needed a tracker with a string field and a list field (sb or msb) with at least two values, in the real system's field representation (rest.trackers.representation)",
    );
  return model;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
