/**
 * §4.3: GET /api/trackers/<id> (structure with field and value ids) and the artifact query:
 * POST /api/trackers/<id>/artifacts with the §2.2 body, and the real system's
 * GET /api/trackers/<id>/artifacts?query=<JSON> (an extension; without query, every artifact).
 * Both are paginated and ordered by artifact id.
 */
import { compileQuery, InvalidQuery } from '../domain/artifact-query.ts';
import type { Artifact } from '../domain/artifacts.ts';
import { idParam, readRequestBody, reply, type RestContext } from './context.ts';
import { findTracker } from './lookups.ts';
import {
  ArtifactPageTexts,
  artifactRepresentation,
  trackerRepresentation,
} from './representations.ts';
import { RestError } from './rest-error.ts';

export function getTracker(ctx: RestContext): void {
  const { tracker, project } = findTracker(ctx, idParam(ctx, 'id'));
  reply(ctx, 200, trackerRepresentation(tracker, project));
}

export async function queryArtifacts(ctx: RestContext): Promise<void> {
  const found = findTracker(ctx, idParam(ctx, 'id'));
  const body = await readRequestBody(ctx, { emptyAs: {} });
  answerQuery(ctx, found, body);
}

export function listArtifacts(ctx: RestContext): void {
  const found = findTracker(ctx, idParam(ctx, 'id'));
  const raw = ctx.query.get('query');
  let query: unknown = {};
  if (raw !== null && raw.trim() !== '') {
    try {
      query = JSON.parse(raw);
    } catch {
      throw new RestError(400, 'Criteria syntax error, invalid JSON in the query parameter');
    }
  }
  answerQuery(ctx, found, query);
}

function answerQuery(
  ctx: RestContext,
  { tracker, project }: ReturnType<typeof findTracker>,
  query: unknown,
): void {
  let filter;
  try {
    filter = compileQuery(tracker, query, ctx.state.hooks);
  } catch (error) {
    if (error instanceof InvalidQuery) throw new RestError(400, error.message);
    throw error;
  }
  const matching = ctx.state.artifacts.ofTracker(tracker.id).filter(filter);
  // Already in id order (Artifacts.ofTracker): sorting it again cost a copy per answer.
  if (!inIdOrder(matching)) matching.sort((a, b) => a.id - b.id);
  const page = ctx.page(matching, 'artifacts');
  reply(
    ctx,
    200,
    page.items.map((artifact) => artifactRepresentation(artifact, tracker, project)),
    page.headers,
    new ArtifactPageTexts(page.items, tracker, project),
  );
}

function inIdOrder(artifacts: readonly Artifact[]): boolean {
  for (let i = 1; i < artifacts.length; i++)
    if (artifacts[i - 1]!.id > artifacts[i]!.id) return false;
  return true;
}
