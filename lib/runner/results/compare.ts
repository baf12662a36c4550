/**
 * `compare`: the requirement statuses of several implementations side by side (compare.json), a
 * pure function of their summary.json files. A row differs when its statuses are not all equal.
 * Columns are named by --label, else the profile's label, else 'reference server' for the
 * embedded one (its port changes every run), else the target URL. What each implementation was
 * seen to do where the spec leaves it open (INFO observations) is kept side by side.
 */
import { sectionRank, type Level } from '../../requirements/index.ts';
import type {
  ExitCode,
  RequirementResult,
  RequirementStatus,
  JudgedRun,
  VerdictKind,
} from '../../run-result.ts';

/** 'absent': that run's catalogue has no such requirement (another version of the suites). */
export type ComparedStatus = RequirementStatus | 'absent';

export interface ComparedImplementation {
  label: string;
  /** Where the label comes from: --label, the profile, the embedded server, or the URL. */
  labelFrom: 'option' | 'profile' | 'embedded' | 'url';
  source: string;
  target: string;
  startedAt: string;
  /** A run of the suites' seed; a traffic report has none. */
  seed?: number;
  exitCode?: ExitCode;
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
  /**
   * INFO/SHOULD requirements: what each implementation was seen to do (ctx.observe, and an
   * observed test's message), by label; present when any implementation recorded something.
   */
  observations?: Record<string, string[]>;
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
  run: JudgedRun;
}

export function compareRuns(inputs: readonly CompareInput[]): Comparison {
  const named = inputs.map(nameOf);
  const labels = uniqueLabels(named.map((n) => n.label));
  const implementations = inputs.map(({ source, run }, i): ComparedImplementation => {
    const verdict = run.verdict;
    return {
      label: labels[i]!,
      labelFrom: named[i]!.labelFrom,
      source,
      target: run.target,
      startedAt: run.startedAt,
      ...(run.seed === undefined ? {} : { seed: run.seed }),
      exitCode: run.exitCode,
      verdict: verdict.text,
      verdictKind: verdict.kind,
      requirementTotals: {
        ...run.requirementTotals,
        observed: run.requirementTotals.observed ?? 0,
        blocked: run.requirementTotals.blocked ?? 0,
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
    const byId = new Map(run.requirements.map((r) => [r.id, r]));
    for (const row of rows.values()) {
      const r = byId.get(row.id);
      row.statuses[labels[i]!] = r ? shownStatus(r) : 'absent';
    }
  });
  for (const row of rows.values()) {
    if (row.level === 'MUST') continue;
    const seen = inputs.map(
      ({ run }) => run.requirements.find((r) => r.id === row.id)?.observations ?? [],
    );
    if (seen.some((o) => o.length > 0))
      row.observations = Object.fromEntries(labels.map((label, i) => [label, [...seen[i]!]]));
  }
  const requirements = [...rows.values()].sort(
    (a, b) => sectionRank(a.section) - sectionRank(b.section),
  );
  for (const row of requirements) row.differs = new Set(Object.values(row.statuses)).size > 1;
  return {
    implementations,
    differing: requirements.filter((r) => r.differs).length,
    requirements,
  };
}

function nameOf(input: CompareInput): Pick<ComparedImplementation, 'label' | 'labelFrom'> {
  if (input.label !== undefined) return { label: input.label, labelFrom: 'option' };
  if (input.run.label !== undefined) return { label: input.run.label, labelFrom: 'profile' };
  if (input.run.targetKind === 'embedded')
    return { label: 'reference server', labelFrom: 'embedded' };
  return { label: input.run.target, labelFrom: 'url' };
}

/** A summary written before INFO could not fail may say 'fail' of an INFO requirement: observed. */
function shownStatus(r: RequirementResult): RequirementStatus {
  const failed = r.status === 'fail' || r.status === 'expected-fail';
  return failed && r.level !== 'MUST' ? 'observed' : r.status;
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
