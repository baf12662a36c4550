/**
 * `--help`, `merge`, `compare` and `replay` start without vitest or the reference server ("the
 * CLI is the composition root"): main.ts loads each command when asked. Checked on the static
 * imports; a dynamic `import()` is where the CLI defers. (npm run bench measures the time.)
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from './support/cli.ts';

/** Every module reachable from `entry` by static imports: project files and package names. */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    // `import … from '…'` and `export … from '…'`, not `import type` (erased) nor `import('…')`.
    for (const m of source.matchAll(
      /^(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm,
    )) {
      const spec = m[1] ?? m[2]!;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else
        packages.add(
          spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!,
        );
    }
  };
  visit(entry);
  return { files: [...files].map((f) => relative(ROOT, f)).sort(), packages: [...packages].sort() };
}

test('run.ts loads the reference server only for a run without --target', () => {
  const { files } = staticGraph(join(ROOT, 'lib/runner/cli/run.ts'));
  expect(files.filter((f) => f.startsWith('reference-server/'))).toEqual([]);
});

test('main.ts reaches neither vitest nor the reference server by static imports', () => {
  const { files, packages } = staticGraph(join(ROOT, 'lib/runner/cli/main.ts'));
  expect(files.filter((f) => f.startsWith('reference-server/'))).toEqual([]);
  expect(packages.filter((p) => ['vitest', 'allure', 'soap', 'fast-check'].includes(p))).toEqual(
    [],
  );
  expect(files).toContain('lib/runner/cli/args.ts');
});

test.each(['merge', 'compare', 'replay'])(
  '%s reaches neither vitest nor the reference server by static imports',
  (command) => {
    const { files, packages } = staticGraph(join(ROOT, `lib/runner/cli/${command}.ts`));
    expect(files.filter((f) => f.startsWith('reference-server/'))).toEqual([]);
    expect(packages).not.toContain('vitest');
    expect(packages).not.toContain('@vitest/runner');
  },
);
