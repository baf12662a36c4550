import { describe, expect, test } from 'vitest';
import { ConformanceFailure } from '../conformance-failure.ts';
import { describeChange, failFrame, frameChanges, readFrame } from './frame.ts';

describe('frame conditions: the changes between two readings', () => {
  test('entries lost and gained, place by place; an unchanged place is no change', async () => {
    const before = await readFrame([
      { place: 'a', read: () => Promise.resolve(['3', '1']) },
      { place: 'b', read: () => Promise.resolve(['x']) },
    ]);
    const after = new Map([
      ['a', ['1', '4']],
      ['b', ['x']],
    ]);
    expect(frameChanges(before, after)).toEqual([{ place: 'a', gone: ['3'], came: ['4'] }]);
  });

  test('a place readable before and not after is a change; one never readable is not judged', () => {
    const before = new Map<string, string[] | undefined>([
      ['a', ['1']],
      ['b', undefined],
    ]);
    const after = new Map<string, string[] | undefined>([
      ['a', undefined],
      ['b', ['2']],
    ]);
    expect(frameChanges(before, after)).toEqual([
      { place: 'a', gone: [], came: [], unreadable: true },
    ]);
  });

  test('the failure names each change, the users by their login, and the rule', () => {
    const change = { place: 'project 7, user group 7_3, its users', gone: ['103'], came: [] };
    expect(describeChange(change, new Map([['103', 'bob']]))).toBe(
      'project 7, user group 7_3, its users: lost 103 (bob)',
    );
    let thrown: unknown;
    try {
      failFrame([change], 'soap.removeProjectMember.effect', 'removeProjectMember(carol)', 'x');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConformanceFailure);
    expect((thrown as ConformanceFailure).requirement).toBe('soap.removeProjectMember.effect');
  });
});
