/**
 * The user's documentation stays true to the code: docs/reference-server.md lists every planted
 * fault and every variant (made by `npm run generate`: tests/generated-files.test.ts), each once,
 * and every relative link of README.md, CONTRIBUTING.md and docs/ leads to a file, and to a
 * heading of it when it names one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Markers } from '../bench/doc-block.ts';
import { PLANTED_FAULTS } from '../reference-server/faults/index.ts';
import { VARIANTS } from '../reference-server/variants.ts';
import { ROOT } from './support/cli.ts';
import { FAULT_MARKERS, slug, VARIANT_MARKERS } from './support/generated-files.ts';

const REFERENCE_SERVER = join(ROOT, 'docs/reference-server.md');

/** The items of a generated list: the name each line lists. */
function listedNames(page: string, { begin, end }: Markers): string[] {
  const block = page.slice(page.indexOf(begin), page.indexOf(end));
  return [...block.matchAll(/^- `([^`]+)`:/gm)].map((m) => m[1]!);
}

describe('docs/reference-server.md', () => {
  test('names each fault and each variant exactly once, in its own list', () => {
    const page = readFileSync(REFERENCE_SERVER, 'utf8');
    expect(listedNames(page, FAULT_MARKERS)).toEqual(PLANTED_FAULTS.map((f) => f.name));
    expect(listedNames(page, VARIANT_MARKERS)).toEqual(VARIANTS.map((v) => v.name));
  });
});

/** The anchors of a Markdown page's headings (a repeated one gets -1, -2, … as on GitHub). */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The page without fenced code blocks, where nothing is a heading. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** And without inline code, where nothing is a link. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '``');
}

/** The relative link targets of a page: `[text](target)`, web links and mail left out. */
export function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('links of README.md, CONTRIBUTING.md and docs/', () => {
  test('slug and anchors follow GitHub', () => {
    expect(slug('Sharding and merging (`--shard I/N`, `merge`)')).toBe(
      'sharding-and-merging---shard-in-merge',
    );
    expect(slug('Shared projects (`lib/kit/fixtures/`)')).toBe('shared-projects-libkitfixtures');
    expect([...anchors('# A\n\n## A\n\n```\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
    expect(relativeLinks('[a](x.md#y) [b](https://e.org) `[c](z.md)`')).toEqual(['x.md#y']);
  });

  test.each(PAGES)('every relative link of %s leads to a file and heading that exist', (page) => {
    const from = join(ROOT, page);
    const broken = relativeLinks(readFileSync(from, 'utf8')).filter((link) => {
      const [path = '', anchor] = link.split('#');
      const file = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
      if (!existsSync(file)) return true;
      if (anchor === undefined || !file.endsWith('.md')) return false;
      return !anchors(readFileSync(file, 'utf8')).has(anchor);
    });
    expect(broken, `broken links in ${relative(ROOT, from)}`).toEqual([]);
  });

  test('the README links every page of docs/', () => {
    const links = new Set(relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')));
    const linked = [...links].map((l) => l.split('#')[0]);
    expect(PAGES.filter((p) => p.startsWith('docs/') && !linked.includes(p))).toEqual([]);
  });
});
