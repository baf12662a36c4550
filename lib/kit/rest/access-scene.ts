/**
 * What a test of the access matrix works on, for one project privacy: the run's shared project
 * (lib/fixtures), a tracker of it and an artifact the project member created there, the admin's
 * token that reads back what a cell may have changed, and what a refusal must not tell of the
 * project (§5.2.1).
 */
import { inject } from 'vitest';
import type { ConformanceContext } from '../conformance-test.ts';
import type { FixtureProject } from '../fixtures/projects.ts';
import type { Privacy } from '../../../spec/matrix/access.ts';
import type { ModelValue } from './artifact-values.ts';
import { givenArtifact, uniqueText } from './artifacts.ts';
import { tokenFor, type Auth } from './auth.ts';
import { get, jsonOf } from './requests.ts';
import { discoverTracker, type TrackerModel } from './tracker-model.ts';
import { memberOf } from '../fixtures/membership.ts';

export interface Scene {
  privacy: Privacy;
  project: FixtureProject;
  /** The project admin's token, obtained on first use: reads back what a cell may have changed. */
  reader(): Promise<Auth>;
  /** The shortname, the label and the artifact's text: a refusal must tell none of them. */
  secrets: string[];
}

export interface TrackerScene extends Scene {
  tracker: TrackerModel;
  /** The bound value every artifact of the scene holds in the list field. */
  listValue: number;
}

export interface ArtifactScene extends TrackerScene {
  artifact: { id: number; text: string };
}

/**
 * What the tests of one file learn once and share: ids and texts only (a token is the test's own,
 * registered as a secret of its transcript). Kept as it is being learned, so that the tests
 * running side by side wait for the first one's requests instead of sending their own. A failure
 * is not kept: the next test tries again.
 */
const learned = new Map<string, Promise<unknown>>();

function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  const known = learned.get(key) as Promise<T> | undefined;
  if (known) return known.catch(() => once(key, make));
  const making = make();
  learned.set(key, making);
  making.catch(() => {
    if (learned.get(key) === making) learned.delete(key);
  });
  return making;
}

export async function sceneOf(ctx: ConformanceContext, privacy: Privacy): Promise<Scene> {
  const fixtures = inject('fixtures');
  const project = privacy === 'public' ? fixtures.publicProject : fixtures.privateProject;
  let token: Promise<Auth> | undefined;
  const reader = () => (token ??= tokenFor(ctx, 'projectAdmin'));
  const label = await once(`label ${privacy}`, async () => {
    const answer = await get(ctx, `/api/projects/${project.id}`, await reader());
    return (jsonOf(answer) as { label?: unknown } | null)?.label;
  });
  const secrets = [project.shortName, ...(typeof label === 'string' ? [label] : [])];
  return { privacy, project, reader, secrets };
}

export async function trackerSceneOf(
  ctx: ConformanceContext,
  privacy: Privacy,
): Promise<TrackerScene> {
  const scene = await sceneOf(ctx, privacy);
  const tracker = await once(`tracker ${privacy}`, async () =>
    discoverTracker(ctx, await scene.reader(), scene.project.id),
  );
  return { ...scene, tracker, listValue: tracker.listField.valueIds[0]! };
}

/**
 * An artifact the member created (§2.2 creation body), as a member of a project may (§4.3): one
 * per privacy for the tests that only read it, a new one for a test that changes it (`own`).
 */
export async function artifactSceneOf(
  ctx: ConformanceContext,
  privacy: Privacy,
  own = false,
): Promise<ArtifactScene> {
  const scene = await trackerSceneOf(ctx, privacy);
  // The artifact is the projectMember's: a member who is none blocks the test on the SOAP rule.
  await memberOf(ctx, privacy === 'public' ? 'publicProject' : 'privateProject');
  const create = async () => {
    const text = uniqueText(inject('runTag'), `access ${privacy}`);
    const member = await tokenFor(ctx, 'projectMember');
    return { id: await givenArtifact(ctx, member, scene.tracker, valuesOf(scene, text)), text };
  };
  const artifact = own ? await create() : await once(`artifact ${privacy}`, create);
  return { ...scene, secrets: [...scene.secrets, artifact.text], artifact };
}

/** The values an artifact of the scene is created with: the text, and the scene's bound value. */
export function valuesOf(scene: TrackerScene, text: string): Map<number, ModelValue> {
  return new Map<number, ModelValue>([
    [scene.tracker.stringField.id, text],
    [scene.tracker.listField.id, [scene.listValue]],
  ]);
}

/** The artifact query (§2.2) that selects the artifacts of the scene: 'contains' its bound value. */
export function sceneQuery(scene: TrackerScene): Record<string, unknown> {
  return {
    [scene.tracker.listField.name]: { operator: 'contains', value: String(scene.listValue) },
  };
}
