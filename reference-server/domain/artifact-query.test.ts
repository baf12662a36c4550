import { describe, expect, test } from 'vitest';
import { compileQuery } from './artifact-query.ts';
import { Artifacts } from './artifacts.ts';
import { systemClock } from './clock.ts';
import { Trackers } from './trackers.ts';
import { ISSUES_TRACKER } from './seed.ts';

const tracker = new Trackers().create(101, structuredClone(ISSUES_TRACKER));
const field = (name: string) => tracker.fields.find((f) => f.name === name)!;
const [bug, feature] = field('labels').values!.map((v) => v.id);
const artifacts = new Artifacts(systemClock());
const a = artifacts.create(
  tracker.id,
  102,
  new Map<number, string | number[]>([
    [field('labels').id, [bug!]],
    [field('summary').id, 'Crash on save'],
  ]),
);
const b = artifacts.create(
  tracker.id,
  102,
  new Map<number, string | number[]>([[field('labels').id, [bug!, feature!]]]),
);
const c = artifacts.create(tracker.id, 102, new Map());
const run = (query: unknown) => [a, b, c].filter(compileQuery(tracker, query)).map((x) => x.id);

describe('compileQuery (§2.2 query body)', () => {
  test("'contains' on a list field selects the artifacts holding the bound value id", () => {
    expect(run({ labels: { operator: 'contains', value: String(bug) } })).toEqual([a.id, b.id]);
    expect(run({ labels: { operator: 'contains', value: String(feature) } })).toEqual([b.id]);
  });

  test('criteria combine with AND; the empty query selects everything', () => {
    expect(run({ labels: { operator: 'contains', value: String(bug) }, summary: 'crash' })).toEqual(
      [a.id],
    );
    expect(run({})).toEqual([a.id, b.id, c.id]);
  });

  test('field ids are accepted as keys, as the real system', () => {
    expect(
      run({ [String(field('labels').id)]: { operator: 'contains', value: String(feature) } }),
    ).toEqual([b.id]);
  });

  test.each([
    [[], 'JSON object'],
    [{ nope: { operator: 'contains', value: '1' } }, 'Unknown field nope'],
    [{ labels: { operator: '=', value: String(bug) } }, 'Invalid operator'],
    [{ labels: { operator: 'contains', value: '1' } }, 'not one of its bind value ids'],
    [{ labels: 5 }, 'malformed'],
    [{ labels: { operator: 'contains', value: [1] } }, 'malformed'],
  ])('refuses %j (%s)', (query, message) => {
    expect(() => compileQuery(tracker, query)).toThrow(message);
  });
});

describe('the criterionHolds hook (domain/hooks.ts)', () => {
  test("is given each criterion's value, the stored value and the rule's answer, and decides", () => {
    const seen: unknown[] = [];
    const filter = compileQuery(
      tracker,
      { summary: 'crash' },
      {
        criterionHolds: (value, stored, holds) => {
          seen.push([value, stored, holds]);
          return !holds;
        },
      },
    );
    expect([a, b, c].filter(filter).map((x) => x.id)).toEqual([b.id, c.id]);
    expect(seen[0]).toEqual(['crash', 'Crash on save', true]);
  });
});
