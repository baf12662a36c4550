/** The artifact answer texts kept per version are exactly the serialization of the current one. */
import { describe, expect, test } from 'vitest';
import { systemClock } from '../domain/clock.ts';
import { createState } from '../domain/state.ts';
import {
  ArtifactPageTexts,
  artifactJson,
  artifactRepresentation,
  artifactXml,
} from './representations.ts';
import { encodeXml } from './xml-codec.ts';

describe('artifact answers kept per version', () => {
  test('JSON and XML texts follow each new version, and only a new version', () => {
    const state = createState(systemClock());
    const project = state.projects.get(101)!;
    const tracker = state.trackers.ofProject(101)[0]!;
    const summary = tracker.fields.find((f) => f.type === 'string')!;
    const artifact = state.artifacts.create(tracker.id, 102, new Map([[summary.id, 'first']]));
    const texts = () => {
      const value = artifactRepresentation(artifact, tracker, project);
      expect(artifactJson(artifact, tracker, project).toString()).toBe(JSON.stringify(value));
      for (const root of ['response', 'result'])
        expect(artifactXml(artifact, tracker, project, root)).toBe(encodeXml(value, { root }));
      return artifactJson(artifact, tracker, project).toString();
    };
    const first = texts();
    expect(first).toContain('"first"');
    state.artifacts.update(artifact, new Map([[summary.id, 'first']]), {});
    expect(texts(), 'an unchanged update keeps the version').toBe(first);
    state.artifacts.update(artifact, new Map([[summary.id, 'second']]), {});
    const second = texts();
    expect(second).toContain('"second"');
    expect(second).not.toContain('"first"');
  });

  test('a page is JSON.stringify of its representations, empty or not', () => {
    const state = createState(systemClock());
    const project = state.projects.get(101)!;
    const tracker = state.trackers.ofProject(101)[0]!;
    const summary = tracker.fields.find((f) => f.type === 'string')!;
    // Past ASCII: the page is measured and copied in bytes, not in characters.
    const artifacts = ['a', 'é 日本 😀', 'c'].map((text) =>
      state.artifacts.create(tracker.id, 102, new Map([[summary.id, text]])),
    );
    for (const page of [[], artifacts.slice(0, 1), artifacts]) {
      const expected = JSON.stringify(page.map((a) => artifactRepresentation(a, tracker, project)));
      expect(new ArtifactPageTexts(page, tracker, project).json().toString()).toBe(expected);
    }
  });
});
