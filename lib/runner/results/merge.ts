/**
 * `merge`: several results of one kind joined into one (lib/run-result.ts, RunKind), judged again
 * over every test, so that a requirement checked in two inputs takes the worst of both.
 *
 * - Runs of the suites: the shares of a --shard run, or runs of different --suite, of one target
 *   and one catalogue. A missing share, a test in two runs, another target or another catalogue is
 *   refused (a merge must not report as conforming what no share checked).
 * - Traffic reports (monitor, analyze): one per CI job or per front server. The sources may differ
 *   (that is the point); each must have been judged with the catalogue of its sides. Tests keep
 *   their report in their id and the traffic figures add up (traffic/merge-traffic.ts).
 *
 * A mix of the two kinds is refused: a run of the suites and a recording say different things.
 */
import { basename } from 'node:path';
import { OneLineError } from '../../errors/one-line-error.ts';
import { collapseHarnessErrors, type HarnessErrorEntry } from './harness-errors.ts';
import { FULL_CATALOGUE, sideOf, type Requirement } from '../../requirements/index.ts';
import { assembleRun, type KnownFailures } from './assemble.ts';
import { isRootCause } from '../../kit/blocked.ts';
import type {
  JudgedRun,
  MergedRun,
  RunResult,
  SuitesRun,
  TestResult,
  TrafficRun,
} from '../../run-result.ts';
import { mergeTrafficSummaries } from '../traffic/merge-traffic.ts';
import { NOT_EXERCISED } from '../traffic/run-of-traffic.ts';

export class MergeError extends OneLineError {}

export interface MergeInput<Run extends RunResult = RunResult> {
  /** Where the run came from (its report directory), for messages and the report. */
  source: string;
  run: Run;
}

/**
 * `catalogue`: the suites' (a traffic report is judged again with the catalogue of its sides).
 * `knownFile`: the known failures of runs of the suites (--expectations); none for traffic.
 */
export function mergeRuns(
  inputs: readonly MergeInput[],
  catalogue: readonly Requirement[],
  knownFile?: { file: string; entries: readonly string[] },
): JudgedRun {
  if (inputs.length === 0)
    throw new MergeError('nothing to merge: give at least one report directory');
  const traffic = inputs.filter((i): i is MergeInput<TrafficRun> => i.run.kind === 'traffic');
  const suites = inputs.filter((i): i is MergeInput<SuitesRun> => i.run.kind === 'suites');
  if (traffic.length > 0 && suites.length > 0)
    throw new MergeError(
      `${suites.map((i) => i.source).join(', ')} ${suites.length === 1 ? 'is a run' : 'are runs'} ` +
        `of the suites, ${traffic.map((i) => i.source).join(', ')} ` +
        `${traffic.length === 1 ? 'a traffic report' : 'traffic reports'} (monitor, analyze): merge one kind`,
    );
  if (traffic.length > 0) {
    if (knownFile)
      throw new MergeError('--expectations applies to runs of the suites, not to traffic reports');
    return mergeTraffic(traffic);
  }
  return mergeSuites(suites, catalogue, knownFile);
}

function mergeSuites(
  inputs: ReadonlyArray<MergeInput<SuitesRun>>,
  catalogue: readonly Requirement[],
  knownFile?: { file: string; entries: readonly string[] },
): JudgedRun {
  const first = inputs[0]!;
  checkSameTarget(inputs);
  checkShares(inputs);
  checkCatalogue(inputs, catalogue);

  const tests: TestResult[] = [];
  const origin = new Map<string, string>();
  for (const { source, run } of inputs) {
    for (const test of run.tests) {
      const seen = origin.get(test.id);
      // Each share read the same setup back: one failure of its requirement (results/blocked.ts).
      if (seen !== undefined && isRootCause(test)) continue;
      if (seen !== undefined)
        throw new MergeError(`test '${test.id}' is in both ${seen} and ${source}: runs overlap`);
      origin.set(test.id, source);
      tests.push(test);
    }
  }
  const harnessErrors = collapseHarnessErrors(
    inputs.flatMap(({ source, run }) =>
      collapseHarnessErrors(run.harnessErrors).map((e) => ({
        ...e,
        message: `[${run.shard ? `shard ${run.shard}` : source}] ${e.message}`,
      })),
    ),
  );
  const capabilities: Record<string, boolean> = {};
  for (const { run } of inputs) {
    for (const [name, value] of Object.entries(run.capabilities))
      capabilities[name] = (capabilities[name] ?? true) && value;
  }
  const withExpectations = inputs.filter((i) => i.run.expectations);
  let known: KnownFailures | undefined;
  if (knownFile) known = { ...knownFile, judged: 'here' };
  else if (withExpectations.length > 0) {
    known = {
      file: withExpectations[0]!.run.expectations!.file,
      entries: [...new Set(withExpectations.flatMap((i) => i.run.expectations!.entries))],
      judged: 'here',
    };
  }
  return assembleRun(
    {
      kind: 'suites',
      target: first.run.target,
      ...(first.run.label === undefined ? {} : { label: first.run.label }),
      targetKind: first.run.targetKind,
      ...timeSpan(inputs),
      seed: first.run.seed,
      runs: first.run.runs,
      capabilities,
      command: first.run.command.replace(/ --shard[ =]\d+\/\d+/, ''),
      ...(first.run.leftovers ? { sharedProjects: first.run.leftovers.sharedProjects } : {}),
      mergedFrom: mergedFrom(inputs),
    },
    catalogue,
    tests,
    harnessErrors,
    known,
    hadTests(inputs),
  );
}

function mergeTraffic(inputs: ReadonlyArray<MergeInput<TrafficRun>>): JudgedRun {
  const traffic = mergeTrafficSummaries(inputs.map((i) => i.run.traffic));
  const catalogue = FULL_CATALOGUE.filter((r) => traffic.sides.includes(sideOf(r)));
  for (const { source, run } of inputs) {
    const expected = FULL_CATALOGUE.filter((r) => run.traffic.sides.includes(sideOf(r)));
    const theirs = new Set(run.requirements.map((r) => r.id));
    if (expected.length !== theirs.size || expected.some((r) => !theirs.has(r.id)))
      throw new MergeError(
        `${source} was judged with another requirement catalogue: merge reports of the same version`,
      );
  }
  const tests = inputs.flatMap(({ source, run }) =>
    run.tests.map((t) => ({
      ...t,
      id: `${t.id} [${basename(source)}]`,
      name: `${t.name} [${basename(source)}]`,
    })),
  );
  return assembleRun(
    {
      kind: 'traffic',
      target: traffic.source,
      label: `traffic of ${inputs.length} reports`,
      targetKind: 'external',
      ...timeSpan(inputs),
      command: inputs[0]!.run.command,
      requests: traffic.exchanges,
      notRunReason: NOT_EXERCISED,
      mergedFrom: mergedFrom(inputs),
      traffic,
    },
    catalogue,
    tests,
    collapseHarnessErrors(
      inputs.flatMap(({ source, run }): HarnessErrorEntry[] =>
        run.harnessErrors.map((e) => ({ ...e, message: `[${source}] ${e.message}` })),
      ),
    ),
    undefined,
    hadTests(inputs),
  );
}

/** From the first start to the last end. */
function timeSpan(inputs: readonly MergeInput[]): { startedAt: string; durationMs: number } {
  const start = Math.min(...inputs.map((i) => Date.parse(i.run.startedAt)));
  const end = Math.max(...inputs.map((i) => Date.parse(i.run.startedAt) + i.run.durationMs));
  return { startedAt: new Date(start).toISOString(), durationMs: end - start };
}

function mergedFrom(inputs: readonly MergeInput[]): MergedRun[] {
  return inputs.map(({ source, run }) => ({
    source,
    ...(run.shard ? { shard: run.shard } : {}),
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    ...(run.seed === undefined ? {} : { seed: run.seed }),
    tests: run.tests.length,
  }));
}

/**
 * An input that judged a requirement knew whether its tests (or rules) exist: not-covered is the
 * absence of tests in every input, not-run a requirement no input ran.
 */
function hadTests(inputs: readonly MergeInput[]): (id: string) => boolean {
  return (id) =>
    inputs.some(({ run }) => {
      const status = run.requirements.find((r) => r.id === id)?.status;
      return status !== undefined && status !== 'not-covered';
    });
}

/** Runs of the embedded reference server count as one target (each had its own ephemeral port). */
function checkSameTarget(inputs: readonly MergeInput[]): void {
  const targets = new Set(
    inputs.map((i) =>
      i.run.targetKind === 'embedded' ? 'the embedded reference server' : i.run.target,
    ),
  );
  if (targets.size > 1)
    throw new MergeError(
      `the runs checked different targets (${[...targets].join(', ')}): compare them instead`,
    );
}

/** Shares of one --shard run: all of 1..N, each once; never mixed with whole runs. */
function checkShares(inputs: ReadonlyArray<MergeInput<SuitesRun>>): void {
  const shards = inputs.filter((i) => i.run.shard !== undefined);
  if (shards.length === 0) return;
  if (shards.length < inputs.length)
    throw new MergeError(
      `${inputs.find((i) => i.run.shard === undefined)!.source} is not a --shard run, the others are`,
    );
  const parsed = shards.map((i) => {
    const [index = 0, count = 0] = i.run.shard!.split('/').map(Number);
    return { source: i.source, index, count };
  });
  const counts = new Set(parsed.map((p) => p.count));
  if (counts.size > 1)
    throw new MergeError(`the shares do not split the same way (/${[...counts].join(', /')})`);
  const count = parsed[0]!.count;
  for (let index = 1; index <= count; index += 1) {
    const given = parsed.filter((p) => p.index === index);
    if (given.length === 0) throw new MergeError(`shard ${index}/${count} is missing`);
    if (given.length > 1)
      throw new MergeError(
        `shard ${index}/${count} is given twice (${given.map((p) => p.source).join(', ')})`,
      );
  }
}

function checkCatalogue(inputs: readonly MergeInput[], catalogue: readonly Requirement[]): void {
  const ids = new Set(catalogue.map((r) => r.id));
  for (const { source, run } of inputs) {
    const theirs = new Set(run.requirements.map((r) => r.id));
    const missing = [...ids].filter((id) => !theirs.has(id));
    const extra = [...theirs].filter((id) => !ids.has(id));
    if (missing.length + extra.length > 0)
      throw new MergeError(
        `${source} was judged with another requirement catalogue (${missing.length} requirements ` +
          `missing, ${extra.length} unknown, e.g. ${[...missing, ...extra].slice(0, 3).join(', ')}): ` +
          `merge runs of the same version of the suites`,
      );
  }
}
