import { describe, expect, test } from 'vitest';
import { DescriptionValueTracker } from './description-values.ts';

const read = (project: string, ...values: Array<[id: number, value: string]>) => ({
  operation: 'getProjectDescriptionFieldsValue',
  args: ['k', project],
  value: values.map(([id, value]) => ({ id, value })),
});
const set = (key: string, project: string, field: string, value: string) => ({
  operation: 'setProjectDescriptionFieldValue',
  args: [key, project, field, value],
  value: undefined,
});

describe('DescriptionValueTracker', () => {
  test('a value read before its first change is written back with the last session key', () => {
    const values = new DescriptionValueTracker();
    values.observe(read('101', [1, 'old']));
    values.observe(set('k1', '101', '1', 'new'));
    values.observe(read('101', [1, 'new']));
    values.observe(set('k2', '101', '1', 'newer'));
    expect(values.plan()).toEqual({
      undo: [
        {
          kind: 'description-value',
          what: 'description field 1 of project 101 back to its earlier value',
          call: {
            kind: 'soap',
            service: 'project',
            operation: 'setProjectDescriptionFieldValue',
            args: ['k2', 101, 1, 'old'],
          },
        },
      ],
      remaining: [],
    });
  });

  test('a value set back to what it was leaves nothing', () => {
    const values = new DescriptionValueTracker();
    values.observe(read('101', [1, 'old']));
    values.observe(set('k', '101', '1', 'new'));
    values.observe(set('k', '101', '1', 'old'));
    expect(values.plan()).toEqual({ undo: [], remaining: [] });
  });

  test('a field that had no value, or whose value was not read, is listed', () => {
    const values = new DescriptionValueTracker();
    values.observe(read('101', [1, 'old']));
    values.observe(set('k', '101', '2', 'x'));
    values.observe(set('k', '102', '1', 'x'));
    expect(values.plan().remaining).toEqual([
      {
        kind: 'description-value',
        project: '101',
        what: 'description field 2 of project 101 had no value; none of the interfaces removes one',
      },
      {
        kind: 'description-value',
        project: '102',
        what: 'description field 1 of project 102 changed; its earlier value was not read',
      },
    ]);
  });
});
