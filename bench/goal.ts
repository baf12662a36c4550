/**
 * One goal of the bench and its figure: apart from report.ts, so that the parts that measure
 * (traffic.ts) name it without importing the report.
 */
export interface Goal {
  /** Stable across runs: bench/why-missed.ts explains a missed goal under this id. */
  id: string;
  goal: string;
  value: string;
  /** Absent: a figure reported without a goal. */
  met?: boolean;
}
