import { describe, expect, test } from 'vitest';
import { staleDateLike, timestampOf } from './http-dates.ts';

describe('timestampOf', () => {
  const at = Date.UTC(1994, 10, 6, 8, 49, 37);
  test.each([
    'Sun, 06 Nov 1994 08:49:37 GMT',
    'Sunday, 06-Nov-94 08:49:37 GMT',
    'Sun Nov  6 08:49:37 1994',
    '1994-11-06T08:49:37Z',
    '1994-11-06T09:49:37+01:00',
    '784111777',
    ' Sun, 06 Nov 1994 08:49:37 GMT ',
  ])('%s names the time', (value) => {
    expect(timestampOf(value)).toBe(at);
  });

  test.each(['', 'yesterday', 'abc123', '06/11/1994', 'Sun, 06 Nov 1994', '1994-11-06'])(
    '%s names none',
    (value) => {
      expect(timestampOf(value)).toBeUndefined();
    },
  );

  test('each form staleDateLike writes reads back as a time', () => {
    for (const form of ['Sun, 06 Nov 1994 08:49:37 GMT', '1994-11-06T08:49:37+00:00', '784111777'])
      expect(timestampOf(staleDateLike(form))).toBeTypeOf('number');
  });
});
