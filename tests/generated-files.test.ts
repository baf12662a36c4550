/**
 * The generated files (tests/support/generated-files.ts) are what the declarations make: a planted
 * fault, a variant or a requirement changed without `npm run generate` fails here, naming the file.
 * `npm run generate` (UPDATE_GENERATED=1) writes them instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './support/cli.ts';
import { GENERATED, generatedText } from './support/generated-files.ts';

/** The first line that differs, to say what changed without printing the whole file. */
function firstDifference(current: string, made: string): string {
  const now = current.split('\n');
  const then = made.split('\n');
  const line = now.findIndex((text, i) => text !== then[i]);
  const at = line < 0 ? now.length : line;
  return `line ${at + 1} is «${(now[at] ?? '(end of file)').trim()}»; the declarations make «${(then[at] ?? '(end of file)').trim()}»`;
}

describe('the generated files', () => {
  test.each(GENERATED.map((file) => [file.path, file] as const))(
    '%s is what the declarations make',
    async (path, file) => {
      const made = await generatedText(file);
      const current = readFileSync(join(ROOT, path), 'utf8');
      if (process.env['UPDATE_GENERATED']) {
        if (current !== made) writeFileSync(join(ROOT, path), made);
        return;
      }
      expect(
        current === made ? [] : [firstDifference(current, made)],
        `${path} (${file.holds}) is stale: run npm run generate`,
      ).toEqual([]);
    },
  );
});
