import { describe, expect, test } from 'vitest';
import { Artifacts, etagOf, lastModifiedOf } from './artifacts.ts';
import { systemClock } from './clock.ts';

function fresh() {
  const clock = systemClock();
  const artifacts = new Artifacts(clock);
  const artifact = artifacts.create(1, 102, new Map([[1001, 'first']]));
  return { clock, artifacts, artifact };
}

describe('Artifacts (§4.4 versions)', () => {
  test('each applied change makes a new Etag and a strictly later Last-Modified, even within one second', () => {
    const { artifacts, artifact } = fresh();
    const seen = new Set([etagOf(artifact)]);
    let lastModified = artifact.lastModified;
    for (const value of ['a', 'b', 'c']) {
      const outcome = artifacts.update(artifact, new Map([[1001, value]]), {});
      expect(outcome.status).toBe('updated');
      expect(seen.has(etagOf(artifact))).toBe(false);
      seen.add(etagOf(artifact));
      expect(artifact.lastModified).toBeGreaterThan(lastModified);
      lastModified = artifact.lastModified;
    }
  });

  test('a change that changes nothing keeps the version (the real system: same Etag)', () => {
    const { artifacts, artifact } = fresh();
    const before = etagOf(artifact);
    expect(artifacts.update(artifact, new Map([[1001, 'first']]), {}).status).toBe('unchanged');
    expect(etagOf(artifact)).toBe(before);
  });

  test('If-match: the current Etag (quoted or bare, or in a list, or *) passes; another is stale and changes nothing', () => {
    const { artifacts, artifact } = fresh();
    const etag = etagOf(artifact);
    expect(
      artifacts.update(artifact, new Map([[1001, 'x']]), { ifMatch: '"other"' }),
    ).toMatchObject({ status: 'stale' });
    expect(artifact.values.get(1001)).toBe('first');
    expect(
      artifacts.update(artifact, new Map([[1001, 'x']]), { ifMatch: etag.slice(1, -1) }).status,
    ).toBe('updated');
    expect(artifacts.update(artifact, new Map([[1001, 'y']]), { ifMatch: etag }).status).toBe(
      'stale',
    );
    expect(
      artifacts.update(artifact, new Map([[1001, 'y']]), { ifMatch: `"a", ${etagOf(artifact)}` })
        .status,
    ).toBe('updated');
    expect(artifacts.update(artifact, new Map([[1001, 'z']]), { ifMatch: '*' }).status).toBe(
      'updated',
    );
  });

  test('If-Unmodified-Since: the current Last-Modified passes; an earlier one, or garbage, is stale', () => {
    const { artifacts, artifact } = fresh();
    const first = lastModifiedOf(artifact);
    expect(
      artifacts.update(artifact, new Map([[1001, 'x']]), { ifUnmodifiedSince: first }).status,
    ).toBe('updated');
    expect(
      artifacts.update(artifact, new Map([[1001, 'y']]), { ifUnmodifiedSince: first }),
    ).toMatchObject({
      status: 'stale',
      reason: expect.stringContaining('Last-Modified'),
    });
    expect(
      artifacts.update(artifact, new Map([[1001, 'y']]), { ifUnmodifiedSince: 'yesterday' }).status,
    ).toBe('stale');
    expect(artifact.values.get(1001)).toBe('x');
  });

  test('both headers: both must match', () => {
    const { artifacts, artifact } = fresh();
    const since = lastModifiedOf(artifact);
    expect(
      artifacts.update(artifact, new Map([[1001, 'x']]), {
        ifMatch: '"nope"',
        ifUnmodifiedSince: since,
      }).status,
    ).toBe('stale');
    expect(
      artifacts.update(artifact, new Map([[1001, 'x']]), {
        ifMatch: etagOf(artifact),
        ifUnmodifiedSince: since,
      }).status,
    ).toBe('updated');
  });
});
