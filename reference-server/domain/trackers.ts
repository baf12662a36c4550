/**
 * Trackers and their fields (§4.3: "gives the ids of fields and of their values"). Template 100
 * has one; a project created from a template gets a copy with new ids (§4.2 #3: created
 * projects inherit the template's trackers). Artifacts are the REST side's concern.
 */
export type FieldType = 'string' | 'text' | 'int' | 'sb' | 'msb';

export interface TrackerField {
  id: number;
  /** The field shortname used by the §2.2 query body. */
  name: string;
  label: string;
  type: FieldType;
  /** Bound values of list fields (sb, msb). */
  values?: Array<{ id: number; label: string }>;
}

export interface Tracker {
  id: number;
  projectId: number;
  label: string;
  itemName: string;
  description: string;
  fields: TrackerField[];
}

/** The shape of a tracker, without ids: what templates hold and copies are made from. */
export interface TrackerBlueprint {
  label: string;
  itemName: string;
  description: string;
  fields: Array<Omit<TrackerField, 'id' | 'values'> & { values?: string[] }>;
}

export class Trackers {
  private readonly byId = new Map<number, Tracker>();
  private nextTrackerId = 1;
  private nextFieldId = 1001;
  /** Bound value ids; 100 is the real system's "None" and is never used for a value. */
  private nextValueId = 5001;

  get(id: number): Tracker | undefined {
    return this.byId.get(id);
  }

  ofProject(projectId: number): Tracker[] {
    return [...this.byId.values()]
      .filter((t) => t.projectId === projectId)
      .sort((a, b) => a.id - b.id);
  }

  create(projectId: number, blueprint: TrackerBlueprint): Tracker {
    const tracker: Tracker = {
      id: this.nextTrackerId++,
      projectId,
      label: blueprint.label,
      itemName: blueprint.itemName,
      description: blueprint.description,
      fields: blueprint.fields.map(({ values, ...field }) => ({
        ...field,
        id: this.nextFieldId++,
        ...(values === undefined
          ? {}
          : { values: values.map((label) => ({ id: this.nextValueId++, label })) }),
      })),
    };
    this.byId.set(tracker.id, tracker);
    return tracker;
  }

  /** Copies every tracker of one project into another, with new ids. */
  copy(fromProjectId: number, toProjectId: number): Tracker[] {
    return this.ofProject(fromProjectId).map((t) => this.create(toProjectId, blueprintOf(t)));
  }
}

export function blueprintOf(tracker: Tracker): TrackerBlueprint {
  return {
    label: tracker.label,
    itemName: tracker.itemName,
    description: tracker.description,
    fields: tracker.fields.map(({ id: _id, values, ...field }) => ({
      ...field,
      ...(values === undefined ? {} : { values: values.map((v) => v.label) }),
    })),
  };
}
