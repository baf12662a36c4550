/**
 * Description field values (setProjectDescriptionFieldValue). A value the test read
 * (getProjectDescriptionFieldsValue) before changing it is written back; one that had no value
 * (no interface removes one) or whose earlier value the test did not read is listed.
 */
import type { CleanupPart } from '../types.ts';
import { partsOf, projectCall, type SoapCall } from './soap-call.ts';
import { scalarText } from '../../scalar-text.ts';

interface ValueChange {
  project: string;
  field: string;
  /** The value before the test's first change: null when it had none; absent when not read. */
  before?: string | null;
  last: string;
  /** The session key of the last change. */
  key: string;
}

export class DescriptionValueTracker {
  /** By project, then field id: the value as first read. */
  private readonly reads = new Map<string, Map<string, string>>();
  private readonly changes = new Map<string, ValueChange>();

  observe(call: SoapCall): void {
    if (call.operation === 'getProjectDescriptionFieldsValue') {
      const { group_id } = partsOf(call.operation, call);
      this.reads.set(group_id, firstReads(call.value, this.reads.get(group_id)));
    } else if (call.operation === 'setProjectDescriptionFieldValue') {
      const { session_key, group_id, field_id_to_update, field_value } = partsOf(
        call.operation,
        call,
      );
      const id = `${group_id}|${field_id_to_update}`;
      const earlier = this.changes.get(id);
      // The value before the test: from the first change's time, when the test had read it.
      const read = this.reads.get(group_id);
      const before = earlier ? earlier.before : read && (read.get(field_id_to_update) ?? null);
      this.changes.set(id, {
        project: group_id,
        field: field_id_to_update,
        ...(before === undefined ? {} : { before }),
        last: field_value,
        key: session_key,
      });
    }
  }

  plan(): CleanupPart {
    const part: CleanupPart = { undo: [], remaining: [] };
    for (const { project, field, before, last, key } of this.changes.values()) {
      if (typeof before === 'string') {
        if (before !== last)
          part.undo.push({
            kind: 'description-value',
            what: `description field ${field} of project ${project} back to its earlier value`,
            call: projectCall('setProjectDescriptionFieldValue', [
              key,
              Number(project),
              Number(field),
              before,
            ]),
          });
      } else
        part.remaining.push({
          kind: 'description-value',
          project,
          what: `description field ${field} of project ${project} ${before === null ? 'had no value; none of the interfaces removes one' : 'changed; its earlier value was not read'}`,
        });
    }
    return part;
  }
}

/** Adds the values of an answer not read before (an earlier read is the earlier state). */
function firstReads(value: unknown, known = new Map<string, string>()): Map<string, string> {
  const next = new Map(known);
  if (!Array.isArray(value)) return next;
  for (const v of value as Array<{ id?: unknown; value?: unknown }>)
    if (!next.has(String(v.id))) next.set(String(v.id), scalarText(v.value) ?? '');
  return next;
}
