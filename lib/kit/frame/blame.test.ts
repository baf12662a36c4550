import { describe, expect, test } from 'vitest';
import { blameWrites, type Write } from './blame.ts';

const add = (user: string, effective = true): Write => ({
  rule: 'soap.addProjectMember.effect',
  user,
  direction: 'add',
  effective,
});
const drop = (user: string, effective = true): Write => ({
  rule: 'soap.removeUserFromUGroup.effect',
  user,
  direction: 'remove',
  effective,
});
const lost = (user: string) => ({ place: 'p', gone: [user], came: [] });

describe('blameWrites: the writes of a run that account for a change', () => {
  test('a user who left a group: the run’s removals of that user, not its additions', () => {
    expect(blameWrites([lost('103')], [add('103'), drop('103'), drop('104')])).toEqual([
      'soap.removeUserFromUGroup.effect',
    ]);
  });

  test('another user who left: every removal of the run (none of theirs)', () => {
    const other: Write = { ...drop('101'), rule: 'soap.removeProjectMember.effect' };
    expect(blameWrites([lost('103')], [add('103'), other])).toEqual([
      'soap.removeProjectMember.effect',
    ]);
  });

  test('a change only a refused write can account for fails "a fault changes nothing"', () => {
    expect(blameWrites([lost('103')], [drop('103', false)])).toEqual([
      'soap.fault.nothing-changed',
    ]);
  });

  test('a change of no direction the run wrote: its writes all the same; none when it wrote nothing', () => {
    expect(blameWrites([lost('103')], [add('103')])).toEqual(['soap.addProjectMember.effect']);
    expect(blameWrites([lost('103')], [])).toEqual([]);
  });
});
