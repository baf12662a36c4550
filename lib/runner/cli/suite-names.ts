/**
 * The suite names `--suite` matches (a suite file's path under suites/ without `.test.ts`, e.g.
 * rest/tokens), and the check that each --suite selects at least one of them: a run that would
 * select nothing stops before touching the target or the previous report (exit 2).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from './args.ts';
import { didYouMean } from '../../did-you-mean.ts';
import { MODULE_EXT } from '../../layout.ts';

export function suiteNames(root: string): string[] {
  const dir = join(root, 'suites');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`.test${MODULE_EXT}`))
    .map((file) =>
      relative(dir, join(dir, file)).split('\\').join('/').slice(0, -`.test${MODULE_EXT}`.length),
    )
    .sort();
}

/** vitest matches a filter anywhere in the file's path: so does this. */
export function checkSuiteSelection(root: string, suites: readonly string[]): void {
  const names = suiteNames(root);
  for (const suite of suites) {
    if (names.some((name) => `suites/${name}.test.ts`.includes(suite))) continue;
    // A suite is often named by its file alone (concurrency for rest/concurrency).
    const byFile = new Map(names.map((name) => [name.split('/').at(-1) ?? name, name]));
    const nearFile = didYouMean(suite, [...byFile.keys()]);
    const near = didYouMean(suite, names) ?? (nearFile ? byFile.get(nearFile) : undefined);
    throw new UsageError(
      `--suite ${suite} selects no suite file${near ? ` (did you mean ${near}?)` : ''}; ` +
        `the suites: ${names.join(', ')}`,
    );
  }
}
