/**
 * The REST representations. Projects exactly as §2.2; trackers and artifacts as the real system
 * (docs/real-system.md, "Tracker and artifact representations") for the members this server has.
 * Every uri is relative to /api/ and
 * resolves (§1: the interface is self-discoverable).
 */
import type { Artifact } from '../domain/artifacts.ts';
import type { Project, UserGroup } from '../domain/projects.ts';
import type { Tracker, TrackerField } from '../domain/trackers.ts';
import type { User } from '../domain/users.ts';
import type { Serialized } from './context.ts';
import { encodeXml } from './xml-codec.ts';

export function projectRepresentation(project: Project) {
  const uri = `projects/${project.id}`;
  return {
    id: project.id,
    uri,
    label: project.publicName,
    shortname: project.shortName,
    resources: ['trackers', 'user_groups'].map((type) => ({ type, uri: `${uri}/${type}` })),
    additional_informations: {},
  };
}

function projectReference(project: Project) {
  return { id: project.id, uri: `projects/${project.id}`, label: project.publicName };
}

function trackerReference(tracker: Tracker) {
  return { id: tracker.id, uri: `trackers/${tracker.id}`, label: tracker.label };
}

export function trackerRepresentation(tracker: Tracker, project: Project) {
  return {
    ...trackerReference(tracker),
    description: tracker.description,
    item_name: tracker.itemName,
    project: projectReference(project),
    fields: tracker.fields.map(fieldRepresentation),
    resources: [{ type: 'artifacts', uri: `trackers/${tracker.id}/artifacts` }],
  };
}

function fieldRepresentation(field: TrackerField) {
  const values = field.values?.map(({ id, label }) => ({ id, label })) ?? null;
  return {
    field_id: field.id,
    name: field.name,
    label: field.label,
    type: field.type,
    values,
    bindings: values === null ? null : { type: 'static', list: values },
    required: false,
  };
}

export function artifactReference(artifact: Artifact, tracker: Tracker) {
  return { id: artifact.id, uri: `artifacts/${artifact.id}`, tracker: trackerReference(tracker) };
}

/**
 * An artifact's representation changes only with its version (trackers and projects are fixed
 * here), so it is built once per version, and so is its text in each format, when first asked
 * for: the measured cost of the artifact routes was mostly rebuilding and serializing the same
 * representations (bench/, docs/performance.md). Callers never mutate it.
 */
interface BuiltArtifact {
  version: number;
  representation: ReturnType<typeof buildArtifactRepresentation>;
  /** JSON.stringify of the representation, as UTF-8: sent as it is, its length known. */
  json?: Buffer;
  /** The XML answer (the whole document) by its root element's name. */
  xml?: Map<string, string>;
}

const builtArtifacts = new WeakMap<Artifact, BuiltArtifact>();

function built(artifact: Artifact, tracker: Tracker, project: Project): BuiltArtifact {
  const known = builtArtifacts.get(artifact);
  if (known?.version === artifact.version) return known;
  const fresh = {
    version: artifact.version,
    representation: buildArtifactRepresentation(artifact, tracker, project),
  };
  builtArtifacts.set(artifact, fresh);
  return fresh;
}

export function artifactRepresentation(artifact: Artifact, tracker: Tracker, project: Project) {
  return built(artifact, tracker, project).representation;
}

/** JSON.stringify of the representation in UTF-8, kept with it. */
export function artifactJson(artifact: Artifact, tracker: Tracker, project: Project): Buffer {
  const entry = built(artifact, tracker, project);
  return (entry.json ??= Buffer.from(JSON.stringify(entry.representation)));
}

/** An artifact's answer texts, kept per version (a class: no closure made per answer). */
export class ArtifactTexts implements Serialized {
  constructor(
    private readonly artifact: Artifact,
    private readonly tracker: Tracker,
    private readonly project: Project,
  ) {}

  json(): Buffer {
    return artifactJson(this.artifact, this.tracker, this.project);
  }

  xml(root: string): string {
    return artifactXml(this.artifact, this.tracker, this.project, root);
  }
}

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/**
 * A page of artifacts as JSON: JSON.stringify of an array is its items' texts, joined by commas
 * in brackets. Copied from the kept bytes into one buffer: joining strings, then measuring and
 * encoding the 7 KB page for each answer cost more (profile of the artifact query under wrk).
 */
export class ArtifactPageTexts implements Serialized {
  constructor(
    private readonly artifacts: readonly Artifact[],
    private readonly tracker: Tracker,
    private readonly project: Project,
  ) {}

  json(): Buffer {
    const items = this.artifacts.map((a) => artifactJson(a, this.tracker, this.project));
    let size = items.length === 0 ? 2 : items.length + 1;
    for (const item of items) size += item.length;
    const page = Buffer.allocUnsafe(size);
    let at = 0;
    page[at++] = OPEN;
    for (let i = 0; i < items.length; i++) {
      if (i > 0) page[at++] = COMMA;
      page.set(items[i]!, at);
      at += items[i]!.length;
    }
    page[at] = CLOSE;
    return page;
  }
}

/** The representation as an XML answer with this root, kept with it. */
export function artifactXml(
  artifact: Artifact,
  tracker: Tracker,
  project: Project,
  root: string,
): string {
  const entry = built(artifact, tracker, project);
  const xml = (entry.xml ??= new Map<string, string>());
  let text = xml.get(root);
  if (text === undefined) {
    text = encodeXml(entry.representation, { root });
    xml.set(root, text);
  }
  return text;
}

function buildArtifactRepresentation(artifact: Artifact, tracker: Tracker, project: Project) {
  return {
    ...artifactReference(artifact, tracker),
    project: projectReference(project),
    submitted_by: artifact.submittedBy,
    submitted_on: isoDate(artifact.submittedOn),
    last_modified_date: isoDate(artifact.lastModified),
    values: tracker.fields.flatMap((field) => {
      const value = artifact.values.get(field.id);
      return value === undefined ? [] : [valueRepresentation(field, value)];
    }),
  };
}

function valueRepresentation(field: TrackerField, value: string | number | number[]) {
  const common = { field_id: field.id, type: field.type, label: field.label };
  if (Array.isArray(value)) {
    const chosen = (field.values ?? []).filter((v) => value.includes(v.id));
    return {
      ...common,
      values: chosen.map(({ id, label }) => ({ id, label, color: null })),
      bind_value_ids: chosen.map((v) => v.id),
    };
  }
  return field.type === 'text' ? { ...common, value, format: 'text' } : { ...common, value };
}

export function userGroupRepresentation(id: string, label: string, shortName: string) {
  return {
    id,
    uri: `user_groups/${id}`,
    label,
    short_name: shortName,
    users_uri: `user_groups/${id}/users`,
  };
}

export function staticUserGroupRepresentation(group: UserGroup) {
  return userGroupRepresentation(String(group.id), group.name, group.name);
}

export function userRepresentation(user: User) {
  return {
    id: user.id,
    uri: `users/${user.id}`,
    username: user.username,
    real_name: user.realName,
    display_name: `${user.realName} (${user.username})`,
  };
}

/** ISO 8601 with the offset written out, as PHP's date('c'). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
