/**
 * A bench run of some parts (`--part tests`) keeps the figures of the parts it did not measure
 * from the results it replaces, each with when, at which commit and with which options it was
 * measured: the written results always hold every part, and say how old each one is.
 */
import { PARTS, type BenchResults, type Measured, type Part } from './report.ts';

type Figures = Omit<BenchResults, 'goals'>;

/** Whether `r` holds figures of `part`. */
function holds(r: Figures, part: Part): boolean {
  return part === 'throughput' ? r.throughput.length > 0 : r[part] !== undefined;
}

/** When `r` measured `part`: its own stamp, else the run's (results written before stamps). */
function stampOf(r: Figures, part: Part): Measured {
  return (
    r.measured?.[part] ?? { startedAt: r.startedAt, commit: r.machine.commit, options: r.options }
  );
}

/** `now`, measured for `parts`, with every other part `earlier` holds, and each part's stamp. */
export function withEarlierParts(
  now: Figures,
  parts: readonly Part[],
  earlier: Figures | undefined,
): Figures {
  const merged: Figures = { ...now, measured: {} };
  for (const part of PARTS) {
    if (parts.includes(part)) {
      if (holds(now, part)) merged.measured![part] = stampOf(now, part);
    } else if (earlier !== undefined && holds(earlier, part)) {
      if (part === 'throughput') merged.throughput = earlier.throughput;
      else Object.assign(merged, { [part]: earlier[part] });
      merged.measured![part] = stampOf(earlier, part);
    }
  }
  return merged;
}
