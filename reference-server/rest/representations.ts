/**
 * The REST representations. Projects exactly as §2.2; trackers and artifacts as the real system
 * (tuleap-facts B.3, B.5) for the members this server has. Every uri is relative to /api/ and
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
 * representations (bench/, README "Performance"). Callers never mutate it.
 */
interface BuiltArtifact {
  version: number;
  representation: ReturnType<typeof buildArtifactRepresentation>;
  json?: string;
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

/** JSON.stringify of the representation, kept with it. */
export function artifactJson(artifact: Artifact, tracker: Tracker, project: Project): string {
  const entry = built(artifact, tracker, project);
  return (entry.json ??= JSON.stringify(entry.representation));
}

/** An artifact's answer texts, kept per version (a class: no closure made per answer). */
export class ArtifactTexts implements Serialized {
  constructor(
    private readonly artifact: Artifact,
    private readonly tracker: Tracker,
    private readonly project: Project,
  ) {}

  json(): string {
    return artifactJson(this.artifact, this.tracker, this.project);
  }

  xml(root: string): string {
    return artifactXml(this.artifact, this.tracker, this.project, root);
  }
}

/** A page of artifacts as JSON: JSON.stringify of an array is its items' texts, joined. */
export class ArtifactPageTexts implements Serialized {
  constructor(
    private readonly artifacts: readonly Artifact[],
    private readonly tracker: Tracker,
    private readonly project: Project,
  ) {}

  json(): string {
    return `[${this.artifacts.map((a) => artifactJson(a, this.tracker, this.project)).join(',')}]`;
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
