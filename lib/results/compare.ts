/**
 * `compare`: the requirement statuses of several implementations side by side (compare.json), a
 * pure function of their summary.json files. A row differs when its statuses are not all equal.
 */
import type { Level } from '../requirements/index.ts';
import type { RequirementResult, RequirementStatus, RunResult, VerdictKind } from './model.ts';
import { judgeVerdict } from './verdict.ts';

/** 'absent': that run's catalogue has no such requirement (another version of the suites). */
export type ComparedStatus = RequirementStatus | 'absent';

export interface ComparedImplementation {
  label: string;
  source: string;
  target: string;
  startedAt: string;
  seed: number;
  exitCode?: 0 | 1 | 2;
  verdict: string;
  verdictKind: VerdictKind;
  requirementTotals: Record<RequirementStatus, number>;
}

export interface ComparedRequirement {
  id: string;
  section: string;
  level: Level;
  text: string;
  /** By implementation label, in the order of `implementations`. */
  statuses: Record<string, ComparedStatus>;
  differs: boolean;
}

export interface Comparison {
  implementations: ComparedImplementation[];
  /** Requirement rows that differ, of all rows. */
  differing: number;
  requirements: ComparedRequirement[];
}

export interface CompareInput {
  source: string;
  label?: string;
  run: RunResult;
}

export function compareRuns(inputs: readonly CompareInput[]): Comparison {
  const labels = uniqueLabels(inputs.map((i) => i.label ?? i.run.target));
  const implementations = inputs.map(({ source, run }, i): ComparedImplementation => {
    const verdict = run.verdict ?? judgeVerdict(run);
    return {
      label: labels[i]!,
      source,
      target: run.target,
      startedAt: run.startedAt,
      seed: run.seed,
      ...(run.exitCode === undefined ? {} : { exitCode: run.exitCode }),
      verdict: verdict.text,
      verdictKind: verdict.kind,
      requirementTotals: {
        ...run.requirementTotals,
        observed: run.requirementTotals.observed ?? 0,
      },
    };
  });
  const rows = new Map<string, ComparedRequirement>();
  for (const { run } of inputs) {
    for (const r of run.requirements) {
      if (!rows.has(r.id))
        rows.set(r.id, {
          id: r.id,
          section: r.section,
          level: r.level,
          text: r.text,
          statuses: {},
          differs: false,
        });
    }
  }
  inputs.forEach(({ run }, i) => {
    const byId = new Map(run.requirements.map((r) => [r.id, shownStatus(r)]));
    for (const row of rows.values()) row.statuses[labels[i]!] = byId.get(row.id) ?? 'absent';
  });
  const requirements = [...rows.values()].sort(
    (a, b) => sectionKey(a.section) - sectionKey(b.section),
  );
  for (const row of requirements) row.differs = new Set(Object.values(row.statuses)).size > 1;
  return {
    implementations,
    differing: requirements.filter((r) => r.differs).length,
    requirements,
  };
}

/** A summary written before INFO could not fail may say 'fail' of an INFO requirement: observed. */
function shownStatus(r: RequirementResult): RequirementStatus {
  const failed = r.status === 'fail' || r.status === 'expected-fail';
  return failed && r.level !== 'MUST' ? 'observed' : r.status;
}

function sectionKey(section: string): number {
  const [major = '0', minor = '0'] = section.replace('§', '').split('.');
  return Number(major) * 100 + Number(minor);
}

/** Two runs of one target get '(2)', '(3)' … so that every column has its own name. */
function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}
