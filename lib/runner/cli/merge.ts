/**
 * `conformance merge RUN... [--out DIR] [--expectations FILE]`: one report directory from several
 * runs (docs/running-against-a-target.md, "Sharding and merging"). Returns the exit code of the
 * merged result.
 */
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CATALOGUE } from '../../requirements/index.ts';
import { loadExpectations, updateExpectations } from '../results/expectations.ts';
import { mergeRuns } from '../results/merge.ts';
import { renderTrafficClosing } from '../traffic/closing.ts';
import { writeTrafficReports } from '../traffic/write.ts';
import { stagingDir, swapIn } from '../report/atomic-dir.ts';
import { writeReports } from '../report/write.ts';
import { UsageError } from './args.ts';
import { readSummary } from './summary-file.ts';
import { renderClosing } from './summary-table.ts';

export async function merge(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        expectations: { type: 'string' },
        'update-expectations': { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`merge: ${(error as Error).message}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0)
    throw new UsageError('merge: give the report directories (or summary.json files) to join');
  const out = resolve(values.out ?? 'reports/merged');
  const inputs = positionals.map(readSummary);
  for (const input of inputs) {
    if (resolve(input.dir) === out)
      throw new UsageError(`merge: --out ${out} is one of the inputs; choose another directory`);
  }
  const update = values['update-expectations'];
  if (update && values.expectations === undefined)
    throw new UsageError(
      'merge: --update-expectations needs --expectations FILE (the file to write)',
    );
  const known =
    values.expectations === undefined ? undefined : loadExpectations(values.expectations, update);
  const runs = inputs.map((i) => ({ source: i.dir, run: i.run }));
  if (values.expectations !== undefined && runs.some((r) => r.run.kind === 'traffic'))
    throw new UsageError(
      'merge: --expectations applies to runs of the suites, not to traffic reports',
    );
  let result = mergeRuns(
    runs,
    CATALOGUE,
    known && { file: known.path, entries: known.entries.map((e) => e.id) },
  );
  if (known && update) {
    // The merged tests, failures listed or not, decide; then the run is judged with the new file.
    const updated = updateExpectations(known, result.tests);
    writeFileSync(known.path, updated.text);
    process.stdout.write(
      `expectations: wrote ${known.path} (${updated.entries.length} entries; ` +
        `${updated.added.length} added, ${updated.removed.length} removed)\n`,
    );
    result = mergeRuns(runs, CATALOGUE, { file: known.path, entries: updated.entries });
  }
  if (result.kind === 'traffic') {
    // Reports of monitor and analyze: no Allure (they have none).
    process.stdout.write(
      `merge: ${runs.length} traffic reports, ${result.traffic.exchanges} exchanges\n`,
    );
    const written = await writeTrafficReports(out, result);
    process.stdout.write(renderTrafficClosing(written, out));
    return written.exitCode;
  }

  // Written beside --out and swapped in at the end, as a run's reports (report/atomic-dir.ts).
  const staging = await stagingDir(resolve(out));
  try {
    await mkdir(join(staging, 'allure-results'), { recursive: true });
    await copyAllureResults(inputs, staging);
    process.stdout.write(
      `merge: ${inputs.length} runs, ${result.tests.length} tests, target ${result.target}\n`,
    );
    result = await writeReports(staging, result);
    await swapIn(staging, resolve(out));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  process.stdout.write(renderClosing(result, out));
  return result.exitCode;
}

async function copyAllureResults(
  inputs: ReadonlyArray<{ dir: string }>,
  staging: string,
): Promise<void> {
  for (const input of inputs) {
    const results = join(input.dir, 'allure-results');
    if (!existsSync(results)) {
      process.stdout.write(`merge: ${input.dir} has no allure-results/: Allure lacks its tests\n`);
      continue;
    }
    // Allure file names are UUIDs: the shares' files never collide.
    for (const name of await readdir(results))
      await cp(join(results, name), join(staging, 'allure-results', name), { recursive: true });
  }
}
