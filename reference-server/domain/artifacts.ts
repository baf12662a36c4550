/**
 * Tracker artifacts and their versions (§4.4). Every applied change makes a new version: a new
 * Etag (a hash of the artifact id and version number) and a Last-Modified strictly later than the
 * previous one (whole seconds, bumped by one when two changes fall in the same second), so that
 * either header identifies exactly one version. Checks and writes happen in one synchronous step:
 * of concurrent updates sending the same version, exactly one is applied.
 */
import { createHash } from 'node:crypto';
import { sameValue, type FieldValue } from './artifact-values.ts';
import type { Clock } from './clock.ts';

export interface Artifact {
  id: number;
  trackerId: number;
  submittedBy: number;
  submittedOn: number;
  /** Milliseconds, whole seconds. */
  lastModified: number;
  version: number;
  values: Map<number, FieldValue>;
}

/** What the client asserts about the version it updates (§4.4.2); absent → no check (§4.4.4). */
export interface Precondition {
  ifMatch?: string;
  ifUnmodifiedSince?: string;
}

export type UpdateOutcome =
  { status: 'updated' | 'unchanged'; artifact: Artifact } | { status: 'stale'; reason: string };

export class Artifacts {
  private readonly byId = new Map<number, Artifact>();
  private nextId = 1;

  constructor(private readonly clock: Clock) {}

  get(id: number): Artifact | undefined {
    return this.byId.get(id);
  }

  /** In id order (ids grow with creation, and a Map keeps insertion order). */
  ofTracker(trackerId: number): Artifact[] {
    const found: Artifact[] = [];
    for (const artifact of this.byId.values())
      if (artifact.trackerId === trackerId) found.push(artifact);
    return found;
  }

  create(trackerId: number, submittedBy: number, values: Map<number, FieldValue>): Artifact {
    const now = wholeSeconds(this.clock.now());
    const artifact: Artifact = {
      id: this.nextId++,
      trackerId,
      submittedBy,
      submittedOn: now,
      lastModified: now,
      version: 1,
      values: new Map(values),
    };
    this.byId.set(artifact.id, artifact);
    return artifact;
  }

  /**
   * Applies the changes when the precondition holds. A change that leaves every value as it is
   * makes no new version (the real system answers the same Etag, docs/real-system.md, "Updating an
   * artifact").
   */
  update(
    artifact: Artifact,
    changes: Map<number, FieldValue>,
    precondition: Precondition,
  ): UpdateOutcome {
    const stale = staleness(artifact, precondition);
    if (stale) return { status: 'stale', reason: stale };
    const changed = [...changes].filter(
      ([field, value]) => !sameValue(artifact.values.get(field), value),
    );
    if (changed.length === 0) return { status: 'unchanged', artifact };
    for (const [field, value] of changed) artifact.values.set(field, value);
    artifact.version += 1;
    artifact.lastModified = Math.max(wholeSeconds(this.clock.now()), artifact.lastModified + 1000);
    return { status: 'updated', artifact };
  }
}

/** "hash of the current artifact version" (§4.4.1), as a quoted entity tag. */
export function etagOf(artifact: Artifact): string {
  return shownVersion(artifact).etag;
}

export function lastModifiedOf(artifact: Artifact): string {
  return shownVersion(artifact).lastModified;
}

interface ShownVersion {
  id: number;
  version: number;
  lastModifiedMs: number;
  etag: string;
  lastModified: string;
}

/** The two headers of a version, computed once per version (a hash and a date format each). */
const shownVersions = new WeakMap<Artifact, ShownVersion>();

function shownVersion(artifact: Artifact): ShownVersion {
  const { id, version, lastModified: lastModifiedMs } = artifact;
  const known = shownVersions.get(artifact);
  if (known?.id === id && known.version === version && known.lastModifiedMs === lastModifiedMs)
    return known;
  const hash = createHash('sha256').update(`${id}:${version}`).digest('hex');
  const shown = {
    id,
    version,
    lastModifiedMs,
    etag: `"${hash.slice(0, 20)}"`,
    lastModified: new Date(lastModifiedMs).toUTCString(),
  };
  shownVersions.set(artifact, shown);
  return shown;
}

/** Why the precondition fails (§4.4.3), or undefined when every supplied header matches. */
export function staleness(
  artifact: Artifact,
  { ifMatch, ifUnmodifiedSince }: Precondition,
): string | undefined {
  if (ifMatch !== undefined && !etagMatches(ifMatch, etagOf(artifact)))
    return 'If-match does not match the current Etag';
  if (ifUnmodifiedSince !== undefined) {
    const time = Date.parse(ifUnmodifiedSince);
    if (Number.isNaN(time)) return 'If-Unmodified-Since is not a date';
    if (wholeSeconds(time) !== artifact.lastModified)
      return 'If-Unmodified-Since does not match the current Last-Modified';
  }
  return undefined;
}

/** The Etag as sent, with or without its quotes; a list of tags; or '*' (RFC 9110 §13.1.1). */
function etagMatches(header: string, etag: string): boolean {
  const bare = etag.slice(1, -1);
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || tag === bare);
}

function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}
