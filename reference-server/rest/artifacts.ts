/**
 * Artifacts (§4.3, §4.4, §4.5): GET /artifacts/<id> with Etag and Last-Modified; POST /artifacts
 * with the §2.2 creation body; PUT /artifacts/<id> with {"values": [...]} (the real system's update
 * body), checked against If-match and If-Unmodified-Since when sent (§4.4.2–4), answering the
 * updated artifact (§4.3 table). JSON or XML both ways.
 */
import { sendTyped } from '../http-io.ts';
import { InvalidArtifact, validateValues, type FieldValue } from '../domain/artifact-values.ts';
import type { Tracker } from '../domain/trackers.ts';
import { idParam, readRequestBody, reply, type RestContext } from './context.ts';
import { findArtifact, findTracker, requireUser } from './lookups.ts';
import { ArtifactTexts, artifactReference, artifactRepresentation } from './representations.ts';
import { RestError } from './rest-error.ts';
import { preconditionOf, versionHeaders } from './version-headers.ts';

export function getArtifact(ctx: RestContext): void {
  const { artifact, tracker, project } = findArtifact(ctx, idParam(ctx, 'id'));
  reply(
    ctx,
    200,
    artifactRepresentation(artifact, tracker, project),
    versionHeaders(ctx, artifact),
    new ArtifactTexts(artifact, tracker, project),
  );
}

export async function createArtifact(ctx: RestContext): Promise<void> {
  const user = requireUser(ctx);
  const body = objectBody(await readRequestBody(ctx), ['tracker', 'values']);
  const trackerId = (body['tracker'] as Record<string, unknown> | undefined)?.['id'];
  if (typeof body['tracker'] !== 'object' || !Number.isSafeInteger(trackerId))
    throw new RestError(400, 'tracker must be an object with an integer id');
  if (!ctx.state.trackers.get(trackerId as number))
    throw new RestError(400, `tracker ${String(trackerId)} does not exist`);
  const { tracker } = findTracker(ctx, trackerId as number, 'write');
  const values = changesOf(tracker, body['values'] ?? []);
  const artifact = ctx.state.artifacts.create(tracker.id, user.id, values);
  reply(ctx, 201, artifactReference(artifact, tracker), {
    ...versionHeaders(ctx, artifact),
    Location: `${ctx.baseUrl}/api/artifacts/${artifact.id}`,
  });
}

export async function updateArtifact(ctx: RestContext): Promise<void> {
  requireUser(ctx);
  const { artifact, tracker, project } = findArtifact(ctx, idParam(ctx, 'id'), 'write');
  const body = objectBody(await readRequestBody(ctx), ['values', 'comment']);
  if (!('values' in body)) throw new RestError(400, 'values is missing (send {"values": [...]})');
  const changes = changesOf(tracker, body['values']);
  // From here to the write nothing awaits: the check and the write are one step (§4.4).
  const outcome = ctx.state.artifacts.update(artifact, changes, preconditionOf(ctx, artifact));
  if (outcome.status === 'stale')
    throw new RestError(
      412,
      `${outcome.reason}: the artifact has been modified since you last requested it; get the latest version`,
    );
  if (ctx.state.variants.on('put-answer-empty'))
    return sendTyped(
      ctx.res,
      200,
      '',
      ctx.format === 'xml' ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8',
      versionHeaders(ctx, outcome.artifact),
    );
  reply(
    ctx,
    200,
    artifactRepresentation(outcome.artifact, tracker, project),
    versionHeaders(ctx, outcome.artifact),
    new ArtifactTexts(outcome.artifact, tracker, project),
  );
}

function objectBody(value: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RestError(400, 'the body must be an object');
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined)
    throw new RestError(
      400,
      `unknown member '${unknown.slice(0, 40)}' (expected ${allowed.join(', ')})`,
    );
  return value as Record<string, unknown>;
}

function changesOf(tracker: Tracker, values: unknown): Map<number, FieldValue> {
  try {
    return validateValues(tracker, values);
  } catch (error) {
    if (error instanceof InvalidArtifact) throw new RestError(400, error.message);
    throw error;
  }
}
