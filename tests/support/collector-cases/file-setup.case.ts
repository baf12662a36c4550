/** A file whose top-level setup fails: its tests are errors, the file a harness error. */
import { beforeAll, test } from 'vitest';

beforeAll(() => {
  throw new Error('the file setup broke');
});

test('error: under a failed file setup', () => {});
