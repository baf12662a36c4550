import { describe, expect, test } from 'vitest';
import { validateValues } from './artifact-values.ts';
import { Trackers } from './trackers.ts';
import { ISSUES_TRACKER } from './seed.ts';

const tracker = new Trackers().create(101, structuredClone(ISSUES_TRACKER));
const id = (name: string) => tracker.fields.find((f) => f.name === name)!.id;
const valueIds = (name: string) =>
  tracker.fields.find((f) => f.name === name)!.values!.map((v) => v.id);

describe('validateValues (§2.2 creation body)', () => {
  test('accepts each field type and normalises int strings', () => {
    const changes = validateValues(tracker, [
      { field_id: id('summary'), value: 'a <b> & "c"' },
      { field_id: id('details'), value: 'multi\nline' },
      { field_id: id('effort'), value: '42' },
      { field_id: id('status'), bind_value_ids: [valueIds('status')[1]] },
      { field_id: id('labels'), bind_value_ids: valueIds('labels').slice(0, 2) },
    ]);
    expect(changes.get(id('effort'))).toBe(42);
    expect(changes.get(id('labels'))).toEqual(valueIds('labels').slice(0, 2));
  });

  test.each([
    [{}, 'values must be an array'],
    [[1], 'must be an object'],
    [[{ value: 'x' }], 'field ids must be integers'],
    [[{ field_id: '1001', value: 'x' }], 'field ids must be integers'],
    [[{ field_id: 99999, value: 'x' }], 'Unknown field 99999'],
    [[{ field_id: 'S', value: 'x' }], 'integers'],
  ])('refuses %j (%s)', (values, message) => {
    expect(() => validateValues(tracker, values)).toThrow(message);
  });

  test.each([
    ['summary', { value: 5 }, 'must be a string'],
    ['summary', { bind_value_ids: [1] }, 'send value'],
    ['summary', {}, 'value is missing'],
    ['summary', { value: 'x', other: 1 }, 'unknown key other'],
    ['summary', { value: 'bell\u0007' }, 'XML cannot carry'],
    ['summary', { value: '\ud800' }, 'XML cannot carry'],
    ['effort', { value: 'seven' }, 'integer'],
    ['effort', { value: 2 ** 31 }, 'integer'],
    ['effort', { value: 1.5 }, 'integer'],
    ['status', { value: 'New' }, 'send bind_value_ids'],
    ['status', { bind_value_ids: [1, 2] }, 'at most one'],
    ['status', { bind_value_ids: [100] }, 'not one of its bind value ids'],
    ['labels', { bind_value_ids: 'x' }, 'array of integers'],
  ])('refuses %s with %j (%s)', (name, entry, message) => {
    expect(() => validateValues(tracker, [{ field_id: id(name), ...entry }])).toThrow(message);
  });

  test('refuses a field given twice', () => {
    const entry = { field_id: id('summary'), value: 'x' };
    expect(() => validateValues(tracker, [entry, entry])).toThrow('given twice');
  });
});
