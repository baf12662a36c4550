import { describe, expect, test } from 'vitest';
import { partsOf } from './soap-call.ts';

describe('partsOf', () => {
  test('names the texts of the parts as §4.2 does, in order; a part not sent is empty', () => {
    const call = { operation: 'addUserToUGroup', args: ['k', '101', '4'], value: true };
    expect(partsOf('addUserToUGroup', call)).toEqual({
      sessionKey: 'k',
      groupId: '101',
      ugroupId: '4',
      userId: '',
    });
  });
});
