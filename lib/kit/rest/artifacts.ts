/**
 * Creating, reading and updating artifacts for the suites, through the artifact routes as the
 * spec writes them (artifact-routes.ts). A route that answers what its rule cannot accept is a
 * broken feature (BrokenFeature: the test fails, even where the call is only its setup); what the
 * spec leaves open and the target shapes otherwise (the representation, the update body) is
 * Unjudgeable (error, naming what was expected), never a failure.
 */
import type { HttpResponse } from '../clients/http.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import { viaArtifactRoute } from './artifact-routes.ts';
import {
  creationJson,
  readValuesJson,
  valuesJson,
  type ModelValue,
  type ModelValues,
} from './artifact-values.ts';
import type { Auth } from './auth.ts';
import { BrokenFeature, excerpt, requireSuccess } from './broken.ts';
import { is2xx, jsonOf } from './requests.ts';
import type { TrackerModel } from './tracker-model.ts';
import { Unjudgeable } from './unjudgeable.ts';

/** The created artifact's id: the body's id, else the last segment of Location. */
export function createdId(answer: HttpResponse): number | undefined {
  const id = (jsonOf(answer) as { id?: unknown } | undefined)?.id;
  if (Number.isInteger(id)) return id as number;
  const fromLocation = /\/(\d+)\/?$/.exec(answer.headers['location'] ?? '')?.[1];
  return fromLocation === undefined ? undefined : Number(fromLocation);
}

/** POST /artifacts (§4.3) with a body and its headers; /api/artifacts when only that is served. */
export function postArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  body: { json: unknown } | { text: string },
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  return viaArtifactRoute('POST', '/artifacts', (path) =>
    ctx.http.send({
      method: 'POST',
      path,
      headers: { ...auth.headers, ...headers },
      ...('json' in body ? { json: body.json } : { body: body.text }),
    }),
  );
}

/** PUT /artifacts/<id> (§4.3, §4.4) with a body and its headers. */
export function putArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
  body: { json: unknown } | { text: string },
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  return viaArtifactRoute('PUT', `/artifacts/${id}`, (path) =>
    ctx.http.send({
      method: 'PUT',
      path,
      headers: { ...auth.headers, ...headers },
      ...('json' in body ? { json: body.json } : { body: body.text }),
    }),
  );
}

/** GET of one artifact: /api/artifacts/<id> as §4.3's table writes it, or /artifacts/<id> (§4.5). */
export function getArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
  headers: Record<string, string> = {},
  written = `/api/artifacts/${id}`,
): Promise<HttpResponse> {
  return viaArtifactRoute('GET', written, (path) =>
    ctx.http.send({ path, headers: { ...auth.headers, ...headers } }),
  );
}

/** Creates an artifact as the setup of another check (§2.2 creation body, stated). */
export async function givenArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  tracker: TrackerModel,
  values: ModelValues,
): Promise<number> {
  const answer = await postArtifact(ctx, auth, { json: creationJson(tracker.id, values) });
  requireSuccess(answer, { what: 'POST /artifacts', rule: creationRule(answer.status) });
  const id = createdId(answer);
  if (id === undefined)
    throw new Unjudgeable(
      `could not judge: POST /artifacts answered ${answer.status} with neither an id member nor a Location ending in the id, so the created artifact cannot be found (the shape of the created artifact is 'not shown'; see rest.routes.shapes); ${excerpt(answer)}`,
    );
  return id;
}

export interface ArtifactVersion {
  answer: HttpResponse;
  /** Read from the representation on first use ('not shown': Unjudgeable when unreadable). */
  readonly values: Map<number, ModelValue>;
  etag: string | undefined;
  lastModified: string | undefined;
}

/** GET of one artifact as JSON: values and version headers. */
export async function readArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
): Promise<ArtifactVersion> {
  const answer = await getArtifact(ctx, auth, id);
  if (!is2xx(answer.status))
    throw new BrokenFeature(
      `GET /api/artifacts/${id} of an artifact the test created answered ${answer.status}: the feature is broken (rest.artifacts.get); ${excerpt(answer)}`,
      'rest.artifacts.get',
    );
  let values: Map<number, ModelValue> | undefined;
  return {
    answer,
    get values() {
      values ??= readValuesJson(jsonOf(answer));
      return values;
    },
    etag: answer.headers['etag'],
    lastModified: answer.headers['last-modified'],
  };
}

/**
 * PUT of values with the real system's update body {"values": [...]} (the update body is 'not
 * shown', §4.3). Answers the response; 400, 415 or 422 is Unjudgeable (the target may want
 * another body), 5xx and other refusals are a broken route.
 */
export async function updateValues(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
  values: ModelValues,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  const answer = await putArtifact(
    ctx,
    auth,
    id,
    { json: { values: valuesJson(values) } },
    headers,
  );
  requireUpdateUnderstood(answer, `PUT /artifacts/${id}`);
  return answer;
}

/** Statuses that say the body was not understood: the update body is not shown, so no verdict. */
export const BODY_REFUSED = new Set([400, 415, 422]);

/**
 * The rule a failed creation breaks: §2.2's creation body when the answer says the body was not
 * understood, else the creation itself.
 */
export function creationRule(
  status: number,
): 'rest.artifacts.creation-body' | 'rest.artifacts.create' {
  return BODY_REFUSED.has(status) ? 'rest.artifacts.creation-body' : 'rest.artifacts.create';
}

/** Unjudgeable when the target did not understand the (unstated) update body. */
export function requireUpdateUnderstood(answer: HttpResponse, what: string): void {
  if (BODY_REFUSED.has(answer.status))
    throw new Unjudgeable(
      `could not judge: ${what} with the real system's update body {"values": [{field_id, value | bind_value_ids}]} answered ${answer.status}; the update body is 'not shown' (§4.3, rest.artifacts.update-body); ${excerpt(answer)}`,
    );
  if (answer.status >= 500)
    throw new BrokenFeature(
      `${what} answered ${answer.status}: the feature is broken (rest.artifacts.update); ${excerpt(answer)}`,
      'rest.artifacts.update',
    );
}

/**
 * What an XML creation refused as a body not understood relies on: §2.2's creation body when the
 * same values sent as JSON (the body it mirrors, §4.5.3) are refused too; nothing when they are
 * created, and the XML request is what is broken.
 */
export async function xmlCreationReliesOn(
  ctx: ConformanceContext,
  auth: Auth,
  trackerId: number,
  values: ModelValues,
  status: number,
): Promise<'rest.artifacts.creation-body'[]> {
  if (!BODY_REFUSED.has(status)) return [];
  const mirror = await postArtifact(ctx, auth, { json: creationJson(trackerId, values) });
  return is2xx(mirror.status) ? [] : ['rest.artifacts.creation-body'];
}

/**
 * An XML update refused as a body not understood: when the same values sent as JSON (the body it
 * mirrors, §4.5.3) are applied, the XML update is what is broken (`rule`); else the update body
 * itself is not understood, and it is 'not shown' (requireUpdateUnderstood).
 */
export async function requireXmlUpdateUnderstood(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
  values: ModelValues,
  answer: HttpResponse,
  what: string,
  rule: 'rest.xml.put',
): Promise<void> {
  if (BODY_REFUSED.has(answer.status)) {
    const mirror = await updateValues(ctx, auth, id, values);
    if (is2xx(mirror.status))
      throw new BrokenFeature(
        `${what} answered ${answer.status}, where the same values sent as JSON were applied (${mirror.status}): the XML mirror of the update body (§4.5.3) is refused (${rule}); ${excerpt(answer)}`,
        rule,
      );
  }
  requireUpdateUnderstood(answer, what);
}

/** Applies an update as the setup of another check: it must succeed. */
export async function givenUpdate(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
  values: ModelValues,
): Promise<void> {
  const answer = await updateValues(ctx, auth, id, values);
  if (!is2xx(answer.status))
    throw new BrokenFeature(
      `PUT /artifacts/${id} without concurrency headers answered ${answer.status}: it must overwrite (§4.4.4; rest.artifacts.update); ${excerpt(answer)}`,
      'rest.artifacts.update',
    );
}

/** A text unique to this test run and call, for values that must be told apart. */
let counter = 0;
export function uniqueText(runTag: string, label: string): string {
  counter += 1;
  return `${label} ${runTag}-${process.pid}-${counter}`;
}
