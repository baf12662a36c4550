/**
 * The layers point one way. Production code only: the suites' *.test.ts files are the product
 * (black box: they may not reach the reference server); other colocated *.test.ts files, tests/
 * and bench/ may read any layer.
 *
 *   lib/runner (cli, results, report) ─▶ lib/traffic, lib/kit, lib, spec, and reference-server through
 *                                        `import type` or a lazy `import()` only
 *   suites ─▶ lib/kit, lib, spec
 *   lib/traffic (monitor's and analyze's judge and rules) ─▶ lib/kit, lib, spec: it reads the
 *                                                        wire with the kit's pure readers
 *   lib/kit (what the suites import) ─▶ lib, spec      never the runner: a suite author reads
 *                                                        the kit alone
 *   lib (requirements, profile, layout) ─▶ spec
 *   reference-server ─▶ spec
 *   spec ─▶ nothing
 *
 * Within and across the folders, no import circle: every file of lib/, reference-server/, spec/,
 * suites/, bench/ and scripts/, tests included; every import counts (type-only, re-export, lazy).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './support/cli.ts';

type Layer =
  'spec' | 'lib' | 'lib/kit' | 'lib/traffic' | 'lib/runner' | 'reference-server' | 'suites';

const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  spec: [],
  lib: ['spec'],
  'lib/kit': ['lib', 'spec'],
  'lib/traffic': ['lib/kit', 'lib', 'spec'],
  'lib/runner': ['lib/traffic', 'lib/kit', 'lib', 'spec', 'reference-server'],
  'reference-server': ['spec'],
  suites: ['lib/kit', 'lib', 'spec'],
};

interface Edge {
  from: string;
  to: string;
  /** `import type …` or a lazy `import(…)`: loads nothing when the module loads. */
  loadsNothing: boolean;
  /** The import's line in `from` (1-based). */
  line: number;
}

function layerOf(file: string): Layer | undefined {
  if (file.startsWith('lib/kit/')) return 'lib/kit';
  if (file.startsWith('lib/traffic/')) return 'lib/traffic';
  if (file.startsWith('lib/runner/')) return 'lib/runner';
  const top = file.split('/')[0]!;
  return (['spec', 'lib', 'reference-server', 'suites'] as const).find((l) => l === top);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && (dir === 'suites' || !f.endsWith('.test.ts')))
    .map((f) => `${dir}/${f}`);
}

const IMPORT =
  /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s+['"](\.[^'"]+)['"]/gm;

export function importsOf(file: string, text: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = m[3] ?? m[4] ?? m[5]!;
    // The line of the specifier, not of the `import` keyword a multi-line import starts with.
    const at = m.index + m[0].lastIndexOf(target);
    edges.push({
      from: file,
      to: relative(ROOT, resolve(ROOT, dirname(file), target)),
      loadsNothing: m[2] !== undefined || m[4] !== undefined,
      line: text.slice(0, at).split('\n').length,
    });
  }
  return edges;
}

/**
 * The import circles among `files`: each strongly connected group of files (Tarjan's algorithm),
 * in file order, as its files, one loop through its first file (the shortest), and the import
 * that closes that loop (the loop's last edge, back to its first file).
 */
export function circlesOf(
  files: readonly string[],
  edges: readonly Edge[],
): Array<{ files: string[]; loop: string[]; closing: Edge }> {
  const known = new Set(files);
  const next = new Map<string, Edge[]>(files.map((f) => [f, []]));
  for (const e of edges) if (known.has(e.from) && known.has(e.to)) next.get(e.from)!.push(e);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const { to } of next.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next.get(file)!.some((e) => e.to === file)) groups.push(group.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return groups
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((group) => {
      // Breadth first from the group's first file, inside the group, until an edge comes back.
      const start = group[0]!;
      const inGroup = new Set(group);
      const via = new Map<string, Edge>();
      const queue = [start];
      let closing: Edge | undefined;
      for (let i = 0; i < queue.length && !closing; i++) {
        for (const e of next.get(queue[i]!)!) {
          if (!inGroup.has(e.to)) continue;
          if (e.to === start) {
            closing = e;
            break;
          }
          if (!via.has(e.to)) {
            via.set(e.to, e);
            queue.push(e.to);
          }
        }
      }
      const loop = [closing!.from];
      while (loop[0] !== start) loop.unshift(via.get(loop[0]!)!.from);
      return { files: group, loop: [...loop, start], closing: closing! };
    });
}

const FILES = ['spec', 'lib', 'reference-server', 'suites'].flatMap(sourceFiles);
const EDGES = FILES.flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));

/** Every file of the folders that may hold no circle, tests included. */
const CIRCLE_FILES = ['lib', 'reference-server', 'spec', 'suites', 'bench', 'scripts']
  .filter((dir) => existsSync(join(ROOT, dir)))
  .flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|js)$/.test(f))
      .map((f) => `${dir}/${f}`),
  );

describe('import layers', () => {
  test('the reader sees every kind of import (static, type-only, re-export, lazy)', () => {
    const edges = importsOf(
      'lib/runner/cli/x.ts',
      [
        "import { a } from '../../y.ts';",
        "import type { B } from '../../../spec/z.ts';",
        "export { c } from './w.ts';",
        "const m = await import('../../../reference-server/listen.ts');",
        "import './side-effect.ts';",
      ].join('\n'),
    );
    expect(edges).toEqual([
      { from: 'lib/runner/cli/x.ts', to: 'lib/y.ts', loadsNothing: false, line: 1 },
      { from: 'lib/runner/cli/x.ts', to: 'spec/z.ts', loadsNothing: true, line: 2 },
      { from: 'lib/runner/cli/x.ts', to: 'lib/runner/cli/w.ts', loadsNothing: false, line: 3 },
      {
        from: 'lib/runner/cli/x.ts',
        to: 'reference-server/listen.ts',
        loadsNothing: true,
        line: 4,
      },
      {
        from: 'lib/runner/cli/x.ts',
        to: 'lib/runner/cli/side-effect.ts',
        loadsNothing: false,
        line: 5,
      },
    ]);
    expect(importsOf('a.ts', "import {\n  b,\n} from './b.ts';")[0]?.line).toBe(3);
  });

  test('the circle finder names each circle, a loop of it, and the import that closes it', () => {
    const edge = (from: string, to: string, line = 1): Edge => ({
      from,
      to,
      loadsNothing: false,
      line,
    });
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'];
    const edges = [
      edge('a.ts', 'b.ts'),
      edge('b.ts', 'c.ts'),
      edge('c.ts', 'a.ts', 7),
      edge('c.ts', 'd.ts'),
      edge('e.ts', 'e.ts', 3),
      edge('f.ts', 'a.ts'),
      edge('a.ts', 'node_modules/x.ts'),
    ];
    expect(circlesOf(files, edges)).toEqual([
      {
        files: ['a.ts', 'b.ts', 'c.ts'],
        loop: ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
        closing: edge('c.ts', 'a.ts', 7),
      },
      { files: ['e.ts'], loop: ['e.ts', 'e.ts'], closing: edge('e.ts', 'e.ts', 3) },
    ]);
    expect(circlesOf(files, edges.slice(0, 2))).toEqual([]);
  });

  test('no import circle in lib/, reference-server/, spec/, suites/, bench/, scripts/', () => {
    expect(CIRCLE_FILES.length).toBeGreaterThan(300);
    const edges = CIRCLE_FILES.flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));
    const circles = circlesOf(CIRCLE_FILES, edges).map(
      ({ files, loop, closing }) =>
        `${files.length} files in a circle: ${files.join(', ')}\n` +
        `  one loop: ${loop.join(' → ')}\n` +
        `  closed by ${closing.from}:${closing.line} importing ${closing.to}` +
        (closing.loadsNothing ? ' (a type-only or lazy import: it still ties the files)' : ''),
    );
    expect(circles.join('\n'), 'import circles: make the imports run one way').toBe('');
  });

  test('no layer imports one it may not', () => {
    expect(FILES.length).toBeGreaterThan(100);
    const wrong = EDGES.filter((e) => {
      const from = layerOf(e.from)!;
      const to = layerOf(e.to);
      if (to === undefined) return !e.to.startsWith('node_modules') && !e.to.startsWith('schemas/');
      return from !== to && !MAY_IMPORT[from].includes(to);
    }).map((e) => `${e.from} → ${e.to}`);
    expect(wrong).toEqual([]);
  });

  test('the CLI loads the reference server only when a run needs it (type or lazy import)', () => {
    const eager = EDGES.filter(
      (e) => layerOf(e.to) === 'reference-server' && layerOf(e.from) !== 'reference-server',
    )
      .filter((e) => !e.loadsNothing)
      .map((e) => `${e.from} → ${e.to}`);
    expect(eager).toEqual([]);
  });

  test('no loop between top-level folders', () => {
    const top = (file: string) => file.split('/')[0]!;
    const next = new Map<string, Set<string>>();
    for (const e of EDGES)
      if (top(e.from) !== top(e.to))
        next.set(top(e.from), (next.get(top(e.from)) ?? new Set()).add(top(e.to)));
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(next.get(from) ?? [])].some(
        (n) => n === to || (!seen.has(n) && reaches(n, to, seen.add(n))),
      );
    expect([...next.keys()].filter((folder) => reaches(folder, folder))).toEqual([]);
  });
});
