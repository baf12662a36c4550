import { describe, expect, test } from 'vitest';
import { CreationTracker } from './creations.ts';

describe('CreationTracker', () => {
  test('projects and artifacts are listed in the order made; created projects are known', () => {
    const creations = new CreationTracker(new Set(['105']));
    creations.observe({
      operation: 'addProject',
      args: ['k', 'admin', 'cf-x', 'X', 'public', '100'],
      value: 120,
    });
    creations.observeArtifact({ kind: 'artifact', id: '44', tracker: '9' });
    creations.observeArtifact({ kind: 'artifact', id: '45' });
    creations.observe({ operation: 'addProjectMember', args: ['k', '101', 'x'], value: true });
    expect(creations.plan()).toEqual({
      undo: [],
      remaining: [
        { kind: 'project', what: 'project cf-x (id 120); no interface deletes a project' },
        { kind: 'artifact', what: 'artifact 44 in tracker 9' },
        // A tracker neither the request nor the answer names: no 'in tracker ?'.
        { kind: 'artifact', what: 'artifact 45' },
      ],
    });
    expect([...creations.created]).toEqual(['105', '120']);
  });
});
