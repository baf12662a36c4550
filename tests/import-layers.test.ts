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
 */
import { readdirSync, readFileSync } from 'node:fs';
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
    edges.push({
      from: file,
      to: relative(ROOT, resolve(ROOT, dirname(file), target)),
      loadsNothing: m[2] !== undefined || m[4] !== undefined,
    });
  }
  return edges;
}

const FILES = ['spec', 'lib', 'reference-server', 'suites'].flatMap(sourceFiles);
const EDGES = FILES.flatMap((f) => importsOf(f, readFileSync(join(ROOT, f), 'utf8')));

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
      { from: 'lib/runner/cli/x.ts', to: 'lib/y.ts', loadsNothing: false },
      { from: 'lib/runner/cli/x.ts', to: 'spec/z.ts', loadsNothing: true },
      { from: 'lib/runner/cli/x.ts', to: 'lib/runner/cli/w.ts', loadsNothing: false },
      { from: 'lib/runner/cli/x.ts', to: 'reference-server/listen.ts', loadsNothing: true },
      { from: 'lib/runner/cli/x.ts', to: 'lib/runner/cli/side-effect.ts', loadsNothing: false },
    ]);
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
