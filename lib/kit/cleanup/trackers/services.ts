/**
 * Services (activateService, deactivateService). A service whose usage the test read
 * (getProjectServicesUsage) before changing it is set back; one whose earlier state it did not
 * read is listed.
 */
import type { CleanupPart } from '../types.ts';
import { partsOf, projectCall, type SoapCall } from './soap-call.ts';

interface ServiceChange {
  project: string;
  service: string;
  /** Whether the service was used before the test's first change, when the test had read it. */
  before?: boolean;
  last: boolean;
  /** The session key of the last change. */
  key: string;
}

export class ServiceTracker {
  /** By project, then service id: is_used as first read. */
  private readonly reads = new Map<string, Map<string, boolean>>();
  private readonly changes = new Map<string, ServiceChange>();

  observe(call: SoapCall): void {
    if (call.operation === 'getProjectServicesUsage') {
      const { group_id } = partsOf(call.operation, call);
      this.reads.set(group_id, firstReads(call.value, this.reads.get(group_id)));
    } else if (call.operation === 'activateService' || call.operation === 'deactivateService') {
      const { session_key, group_id, service_id } = partsOf(call.operation, call);
      const id = `${group_id}|${service_id}`;
      const last = call.operation === 'activateService';
      const earlier = this.changes.get(id);
      const before = earlier ? earlier.before : this.reads.get(group_id)?.get(service_id);
      this.changes.set(id, {
        project: group_id,
        service: service_id,
        ...(before === undefined ? {} : { before }),
        last,
        key: session_key,
      });
    }
  }

  plan(): CleanupPart {
    const part: CleanupPart = { undo: [], remaining: [] };
    for (const { project, service, before, last, key } of this.changes.values()) {
      if (before === undefined)
        part.remaining.push({
          kind: 'service',
          project,
          what: `service ${service} of project ${project} left ${last ? 'active' : 'inactive'}; its earlier state was not read`,
        });
      else if (before !== last)
        part.undo.push({
          kind: 'service',
          what: `service ${service} of project ${project} ${before ? 'active' : 'inactive'} again`,
          call: projectCall(before ? 'activateService' : 'deactivateService', [
            key,
            Number(project),
            Number(service),
          ]),
        });
    }
    return part;
  }
}

/** Adds the services of a usage answer not read before (an earlier read is the earlier state). */
function firstReads(value: unknown, known = new Map<string, boolean>()): Map<string, boolean> {
  const next = new Map(known);
  if (!Array.isArray(value)) return next;
  for (const s of value as Array<{ id?: unknown; is_used?: unknown }>)
    if (!next.has(String(s.id))) next.set(String(s.id), Number(s.is_used) === 1);
  return next;
}
