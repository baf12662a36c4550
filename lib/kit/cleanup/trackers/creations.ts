/**
 * Projects (addProject) and artifacts the test created: no interface deletes them, so they are
 * listed as remaining. The projects the run created (its own and the test's) decide, for the other
 * trackers, what may be undone inside them.
 */
import type { CleanupPart, Leftover } from '../types.ts';
import type { WireAction } from '../wire-actions.ts';
import { partsOf, type SoapCall } from './soap-call.ts';

export class CreationTracker {
  private readonly projects: Set<string>;
  private readonly remaining: Leftover[] = [];

  constructor(runProjects: ReadonlySet<string>) {
    this.projects = new Set(runProjects);
  }

  observe(call: SoapCall): void {
    if (call.operation !== 'addProject') return;
    const { shortName } = partsOf('addProject', call);
    const id = String(call.value);
    this.projects.add(id);
    this.remaining.push({
      kind: 'project',
      what: `project ${shortName} (id ${id}); no interface deletes a project`,
    });
  }

  observeArtifact(action: Extract<WireAction, { kind: 'artifact' }>): void {
    this.remaining.push({
      kind: 'artifact',
      what: `artifact ${action.id}${action.tracker === undefined ? '' : ` in tracker ${action.tracker}`}`,
    });
  }

  /** The ids of the projects this run created, the test's included. */
  get created(): ReadonlySet<string> {
    return this.projects;
  }

  plan(): CleanupPart {
    return { undo: [], remaining: [...this.remaining] };
  }
}
