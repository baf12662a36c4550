/**
 * `conformance compare SUMMARY... [--out DIR] [--label NAME]...`: compare.html and compare.json
 * (docs/running-against-a-target.md, "Comparing implementations"). Exit 0 once written; 2 on
 * bad input.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareRuns } from '../results/compare.ts';
import { renderCompareHtml } from '../report/compare-html.ts';
import { UsageError } from './args.ts';
import { readSummary } from './summary-file.ts';

export async function compare(argv: string[]): Promise<0 | 2> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, label: { type: 'string', multiple: true } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`compare: ${(error as Error).message}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0)
    throw new UsageError('compare: give the summary.json files (or report directories) to compare');
  const labels = values.label ?? [];
  if (labels.length > 0 && labels.length !== positionals.length)
    throw new UsageError(
      `compare: ${labels.length} --label for ${positionals.length} summaries: give one per summary, in order`,
    );
  const out = resolve(values.out ?? 'reports/compare');
  const inputs = positionals.map(readSummary);
  const comparison = compareRuns(
    inputs.map((input, i) => ({
      source: input.path,
      ...(labels[i] === undefined ? {} : { label: labels[i] }),
      run: input.run,
    })),
  );
  const links = inputs.map((input) =>
    existsSync(join(input.dir, 'index.html'))
      ? relative(out, join(resolve(input.dir), 'index.html'))
          .split('\\')
          .join('/')
      : undefined,
  );
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'compare.json'), `${JSON.stringify(comparison, null, 2)}\n`);
  await writeFile(join(out, 'compare.html'), renderCompareHtml(comparison, links));
  for (const impl of comparison.implementations.filter((i) => i.labelFrom === 'url'))
    process.stdout.write(
      `compare: '${impl.label}' is named by its URL: give it a name with --label, or "label" in its profile\n`,
    );
  const shown = relative(process.cwd(), out) || '.';
  process.stdout.write(
    `compare: ${comparison.implementations.length} implementations, ${comparison.differing} of ` +
      `${comparison.requirements.length} requirements differ\n` +
      `reports: ${shown}/compare.html, ${shown}/compare.json\n`,
  );
  return 0;
}
