/**
 * `merge`: several runs (the shares of a --shard run, or runs of different --suite) joined into
 * one result. Requirements are judged again over every test, so a requirement checked in two
 * shares takes the worst of both; a missing share, a test in two runs, another target or another
 * catalogue is refused (a merge must not report as conforming what no share checked).
 */
import { OneLineError } from '../../errors/one-line-error.ts';
import { collapseHarnessErrors } from './harness-errors.ts';
import type { Requirement } from '../../requirements/index.ts';
import { assembleRun, type KnownFailures } from './assemble.ts';
import { isRootCause } from '../../kit/blocked.ts';
import type { JudgedRun, RunResult, TestResult } from '../../run-result.ts';

export class MergeError extends OneLineError {}

export interface MergeInput {
  /** Where the run came from (its report directory), for messages and the report. */
  source: string;
  run: RunResult;
}

export function mergeRuns(
  inputs: readonly MergeInput[],
  catalogue: readonly Requirement[],
  knownFile?: { file: string; entries: readonly string[] },
): JudgedRun {
  const first = inputs[0];
  if (!first) throw new MergeError('nothing to merge: give at least one report directory');
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
  const start = Math.min(...inputs.map((i) => Date.parse(i.run.startedAt)));
  const end = Math.max(...inputs.map((i) => Date.parse(i.run.startedAt) + i.run.durationMs));
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
      target: first.run.target,
      ...(first.run.label === undefined ? {} : { label: first.run.label }),
      targetKind: first.run.targetKind,
      startedAt: new Date(start).toISOString(),
      durationMs: end - start,
      seed: first.run.seed,
      runs: first.run.runs,
      capabilities,
      command: first.run.command.replace(/ --shard[ =]\d+\/\d+/, ''),
      ...(first.run.leftovers ? { sharedProjects: first.run.leftovers.sharedProjects } : {}),
      mergedFrom: inputs.map(({ source, run }) => ({
        source,
        ...(run.shard ? { shard: run.shard } : {}),
        startedAt: run.startedAt,
        durationMs: run.durationMs,
        seed: run.seed,
        tests: run.tests.length,
      })),
    },
    catalogue,
    tests,
    harnessErrors,
    known,
    // A share that ran a requirement's file knew whether its tests exist: not-covered is the
    // absence of tests in every share, not-run a requirement no share ran.
    (id) =>
      inputs.some(({ run }) => {
        const status = run.requirements.find((r) => r.id === id)?.status;
        return status !== undefined && status !== 'not-covered';
      }),
  );
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
function checkShares(inputs: readonly MergeInput[]): void {
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
