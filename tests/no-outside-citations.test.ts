/**
 * The repository stands alone: no tracked file points a reader at a file it does not hold. The
 * engineers' notes (the design, the style notes, the notes on the real system and on the tool
 * stack) are not in it: what a reader needs of them is in docs/ (the real system's facts in
 * docs/real-system.md), and that is what code, docs and tests cite. The specification is cited by
 * section (§N.N); the tests that read its text say where they look (CONTRIBUTING.md).
 * Only tracked files are read (`git ls-files`): node_modules/ and reports/ are not the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './support/cli.ts';

/** The names of the files outside the repository, built so that this file does not cite them. */
const OUTSIDE = [
  ['design', 'md'],
  ['style', 'md'],
  ['stack', 'md'],
].map(([name, ext]) => `${name!}\\.${ext!}`);
const CITATION = new RegExp(
  `\\b(?:${OUTSIDE.join('|')})\\b|tuleap-facts|shared/notes/|/work/${'shared'}\\b`,
  'i',
);

/** Each line of a tracked text file that cites a file outside the repository, as `path:line: text`. */
function outsideCitations(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(ROOT, path)));
  const found: string[] = [];
  for (const path of files) {
    const bytes = readFileSync(join(ROOT, path));
    if (bytes.includes(0)) continue; // binary
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}

const inGit = existsSync(join(ROOT, '.git'));

describe('citations', () => {
  test.skipIf(!inGit)(
    'no tracked file cites a file the repository does not hold (cite docs/ instead)',
    () => {
      expect(outsideCitations()).toEqual([]);
    },
  );

  test('the pattern finds each outside file and leaves the repository own pages alone', () => {
    const cites = (line: string) => CITATION.test(line);
    for (const line of [
      '// (design.md, "Reports")',
      ' * (style.md 18)',
      '(tuleap-facts B.5)',
      'shared/notes/stack.md §3',
      '(stack.md §2)',
      'see /work/shared/spec',
    ]) {
      expect(cites(line), line).toBe(true);
    }
    for (const line of [
      '(docs/real-system.md, "Artifacts: Etag and Last-Modified")',
      '[what the suites assume](docs/what-the-suites-assume.md)',
      'CONTRIBUTING.md, "Style"',
      "join(ROOT, '../shared/spec/interfaces.md')",
    ]) {
      expect(cites(line), line).toBe(false);
    }
  });
});
