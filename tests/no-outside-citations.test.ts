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

/** This file: it holds the forms it looks for. */
const SELF = 'tests/no-outside-citations.test.ts';

/** The lines of every tracked text file but this one, with where they are. */
function trackedLines(): Array<{ path: string; n: number; line: string }> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && path !== SELF && existsSync(join(ROOT, path)));
  const lines: Array<{ path: string; n: number; line: string }> = [];
  for (const path of files) {
    const bytes = readFileSync(join(ROOT, path));
    if (bytes.includes(0)) continue; // binary
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => lines.push({ path, n: i + 1, line }));
  }
  return lines;
}

const where = ({ path, n, line }: { path: string; n: number; line: string }) =>
  `${path}:${n}: ${line.trim().slice(0, 120)}`;

/** A citation of a page of the repository: `docs/real-system.md, "The addProject quota"`. */
const PAGE_CITATION = /((?:docs\/[\w-]+|CONTRIBUTING|README)\.md)(?:,\s*["']([^"'\n]+)["'])?/g;

/** What a Markdown page can be cited by: its headings and its paragraphs' bold leads, as written. */
function headings(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [
    ...[...text.matchAll(/^#{1,6}\s+(.*?)\s*$/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/^\*\*([^*\n]+)\*\*/gm)].map((m) => m[1]!),
  ].map((h) => h.replace(/`/g, ''));
}

/** Each citation of a page or a heading the repository does not have. */
function unresolvedCitations(lines: ReturnType<typeof trackedLines>): string[] {
  const found: string[] = [];
  for (const at of lines) {
    for (const [, page, heading] of at.line.matchAll(PAGE_CITATION)) {
      if (!existsSync(join(ROOT, page!))) found.push(`${where(at)} (no page ${page})`);
      else if (heading !== undefined && !headings(page!).some((h) => h.startsWith(heading)))
        found.push(`${where(at)} (no heading "${heading}" in ${page})`);
    }
  }
  return found;
}

const inGit = existsSync(join(ROOT, '.git'));

describe('citations', () => {
  test.skipIf(!inGit)(
    'no tracked file cites a file the repository does not hold (cite docs/ instead)',
    () => {
      expect(
        trackedLines()
          .filter(({ line }) => CITATION.test(line))
          .map(where),
      ).toEqual([]);
    },
  );

  test.skipIf(!inGit)(
    'each page and heading a tracked file cites (docs/…, README.md, CONTRIBUTING.md) exists',
    () => {
      expect(unresolvedCitations(trackedLines())).toEqual([]);
    },
  );

  test("the pattern finds each outside file and leaves the repository's own pages alone", () => {
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
