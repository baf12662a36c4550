/**
 * Creating and reading artifacts for the suites. `createArtifact` answers the new id; where the
 * creation is only the setup of another check, a failed creation is Unjudgeable (reported as an
 * error naming rest.artifacts.create), never a failure of the rule under test.
 */
import type { HttpResponse } from '../clients/http.ts';
import type { ConformanceContext } from '../conformance-test.ts';
import {
  creationJson,
  readValuesJson,
  type ModelValue,
  type ModelValues,
} from './artifact-values.ts';
import type { Auth } from './auth.ts';
import { get, is2xx, jsonOf, sendJson } from './requests.ts';
import type { TrackerModel } from './tracker-model.ts';
import { Unjudgeable } from './unjudgeable.ts';

/** The created artifact's id: the body's id, else the last segment of Location. */
export function createdId(answer: HttpResponse): number | undefined {
  const id = (jsonOf(answer) as { id?: unknown } | undefined)?.id;
  if (Number.isInteger(id)) return id as number;
  const fromLocation = /\/(\d+)\/?$/.exec(answer.headers['location'] ?? '')?.[1];
  return fromLocation === undefined ? undefined : Number(fromLocation);
}

/** Creates an artifact as the setup of another check. */
export async function givenArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  tracker: TrackerModel,
  values: ModelValues,
): Promise<number> {
  const answer = await sendJson(
    ctx,
    'POST',
    '/api/artifacts',
    auth,
    creationJson(tracker.id, values),
  );
  const id = is2xx(answer.status) ? createdId(answer) : undefined;
  if (id === undefined)
    throw new Unjudgeable(
      `setup: could not create an artifact in tracker ${tracker.id} (POST /api/artifacts answered ${answer.status}); see rest.artifacts.create`,
    );
  return id;
}

export interface ArtifactVersion {
  answer: HttpResponse;
  values: Map<number, ModelValue>;
  etag: string | undefined;
  lastModified: string | undefined;
}

/** GET /api/artifacts/<id> as JSON: values and version headers. */
export async function readArtifact(
  ctx: ConformanceContext,
  auth: Auth,
  id: number,
): Promise<ArtifactVersion> {
  const answer = await get(ctx, `/api/artifacts/${id}`, auth);
  if (answer.status !== 200)
    throw new Unjudgeable(
      `setup: GET /api/artifacts/${id} answered ${answer.status}; see rest.artifacts.get`,
    );
  return {
    answer,
    values: readValuesJson(jsonOf(answer)),
    etag: answer.headers['etag'],
    lastModified: answer.headers['last-modified'],
  };
}

/** A text unique to this test run and call, for values that must be told apart. */
let counter = 0;
export function uniqueText(runTag: string, label: string): string {
  counter += 1;
  return `${label} ${runTag}-${process.pid}-${counter}`;
}
