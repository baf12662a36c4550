/**
 * `merge` of traffic reports (monitor, analyze): one per CI job or per front server, joined.
 * The sources may differ (that is the point); each must have been judged with the catalogue of
 * its sides. Tests keep their source in their id, the traffic figures add up, and a requirement
 * takes the worst status over every report.
 */
import { basename } from 'node:path';
import { FULL_CATALOGUE, sideOf, type Side } from '../../requirements/index.ts';
import type { JudgedRun, TrafficSummary } from '../../run-result.ts';
import { collapseHarnessErrors } from '../results/harness-errors.ts';
import { assembleRun } from '../results/assemble.ts';
import { MergeError, type MergeInput } from '../results/merge.ts';
import { EXAMPLES_KEPT } from '../../traffic/judge.ts';
import { asTrafficRun, NOT_EXERCISED } from './run-of-traffic.ts';

export function mergeTrafficRuns(inputs: readonly MergeInput[]): JudgedRun {
  const first = inputs[0];
  if (!first) throw new MergeError('nothing to merge: give at least one report directory');
  const traffics = inputs.map(({ source, run }) => {
    if (!run.traffic)
      throw new MergeError(
        `${source} is a run of the suites, the others are traffic (monitor, analyze): merge one kind`,
      );
    return run.traffic;
  });
  const sides = [...new Set(traffics.flatMap((t) => t.sides))] as Side[];
  const catalogue = FULL_CATALOGUE.filter((r) => sides.includes(sideOf(r)));
  for (const { source, run } of inputs) {
    const expected = FULL_CATALOGUE.filter((r) => run.traffic!.sides.includes(sideOf(r)));
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
  const start = Math.min(...inputs.map((i) => Date.parse(i.run.startedAt)));
  const end = Math.max(...inputs.map((i) => Date.parse(i.run.startedAt) + i.run.durationMs));
  const source = traffics.map((t) => t.source).join(', ');
  const assembled = assembleRun(
    {
      target: source,
      label: `traffic of ${inputs.length} reports`,
      targetKind: 'external',
      startedAt: new Date(start).toISOString(),
      durationMs: end - start,
      seed: 0,
      runs: 0,
      capabilities: {},
      command: first.run.command,
      requests: traffics.reduce((n, t) => n + t.exchanges, 0),
      notRunReason: NOT_EXERCISED,
      mergedFrom: inputs.map(({ source: from, run }) => ({
        source: from,
        startedAt: run.startedAt,
        durationMs: run.durationMs,
        seed: run.seed,
        tests: run.tests.length,
      })),
    },
    catalogue,
    tests,
    collapseHarnessErrors(
      inputs.flatMap(({ source: from, run }) =>
        run.harnessErrors.map((e) => ({ ...e, message: `[${from}] ${e.message}` })),
      ),
    ),
    undefined,
    (id) =>
      inputs.some(({ run }) =>
        run.requirements.some((r) => r.id === id && r.status !== 'not-covered'),
      ),
  );
  const stopped = traffics
    .filter((t) => t.stoppedAt !== undefined)
    .map((t) => `${t.source}: ${t.stoppedAt}`);
  const traffic: TrafficSummary = {
    mode: traffics.every((t) => t.mode === 'analyze') ? 'analyze' : 'monitor',
    source,
    sides,
    exchanges: traffics.reduce((n, t) => n + t.exchanges, 0),
    judged: traffics.reduce((n, t) => n + t.judged, 0),
    unjudgeable: {
      count: traffics.reduce((n, t) => n + t.unjudgeable.count, 0),
      kept: traffics.flatMap((t) => t.unjudgeable.kept).slice(0, EXAMPLES_KEPT),
    },
    ...(traffics.some((t) => t.notJudged !== undefined)
      ? { notJudged: mergedNotJudged(traffics) }
      : {}),
    ...(stopped.length > 0 ? { stoppedAt: stopped.join('; ') } : {}),
  };
  return asTrafficRun(assembled, traffic);
}

/** The exchanges no rule judged, of every source, added up by operation. */
function mergedNotJudged(
  traffics: readonly TrafficSummary[],
): NonNullable<TrafficSummary['notJudged']> {
  const byOperation = new Map<string, { operation: string; count: number; reason: string }>();
  for (const n of traffics.flatMap((t) => t.notJudged ?? [])) {
    const entry = byOperation.get(n.operation);
    if (entry) entry.count += n.count;
    else byOperation.set(n.operation, { ...n });
  }
  return [...byOperation.values()].sort(
    (a, b) => b.count - a.count || a.operation.localeCompare(b.operation),
  );
}
