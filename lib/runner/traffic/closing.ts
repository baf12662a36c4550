/** What `monitor` and `analyze` print when they stop: per side, what was judged and what failed. */
import { relative } from 'node:path';
import { sideOf, type Side } from '../../requirements/index.ts';
import type { Judged, JudgedRun, TrafficRun, TrafficSummary } from '../../run-result.ts';
import { describeHarnessError } from '../results/harness-errors.ts';
import { renderFailureList } from '../cli/failure-list.ts';

const EXIT_MEANING = {
  0: 'no MUST requirement failed in this traffic',
  1: 'a MUST requirement failed in this traffic',
  2: 'the traffic could not all be judged',
  130: 'interrupted',
} as const;

export function renderTrafficClosing(
  run: Judged<TrafficRun>,
  reportDir: string,
  verbose = false,
): string {
  const { traffic } = run;
  const lines = [
    '',
    `traffic: ${traffic.exchanges} exchanges, ${traffic.judged} judged, ${traffic.unjudgeable.count} unjudgeable` +
      `${notJudged(traffic) > 0 ? `, ${notJudged(traffic)} that no rule judges:` : ''}`,
    ...notJudgedLines(traffic, verbose),
    ...traffic.sides.map((side) => sideLine(run, side)),
  ];
  const failing = renderFailureList(
    { ...run, requirements: run.requirements.filter((r) => r.status === 'fail') },
    verbose,
    reportDir,
  );
  if (failing) lines.push('', failing.trimEnd());
  if (run.harnessErrors.length > 0)
    lines.push(`harness errors:\n  ${run.harnessErrors.map(describeHarnessError).join('\n  ')}`);
  const shown = relative(process.cwd(), reportDir) || '.';
  lines.push(
    `verdict: ${run.verdict.text}`,
    `reports: ${shown}/index.html, summary.json, junit.xml`,
    `exit ${run.exitCode}: ${EXIT_MEANING[run.exitCode]}`,
    '',
  );
  return lines.join('\n');
}

/** Operations shown without --verbose among those no rule judged. */
const NOT_JUDGED_SHOWN = 5;

/** The exchanges read that no rule judged: the gap between the exchanges and the judged ones. */
function notJudged(traffic: TrafficSummary): number {
  return traffic.exchanges - traffic.judged - traffic.unjudgeable.count;
}

/** '  GET /favicon.ico: 3 exchanges: not a request of either interface (…)', most first. */
function notJudgedLines(traffic: TrafficSummary, verbose: boolean): string[] {
  const entries = traffic.notJudged ?? [];
  const shown = verbose ? entries : entries.slice(0, NOT_JUDGED_SHOWN);
  return [
    ...shown.map(
      (n) => `  ${n.operation}: ${n.count} exchange${n.count === 1 ? '' : 's'}: ${n.reason}`,
    ),
    ...(shown.length < entries.length
      ? [`  … ${entries.length - shown.length} more operations: index.html, or --verbose`]
      : []),
  ];
}

/** 'server: 23 judged (21 pass, 2 fail, 1 observed), 140 not exercised, 60 not judged from traffic' */
export function sideLine(run: JudgedRun, side: Side): string {
  const of = run.requirements.filter((r) => sideOf(r) === side);
  const n = (status: string) => of.filter((r) => r.status === status).length;
  const judged = of.length - n('not-run') - n('not-covered');
  return (
    `${side}: ${judged} requirements judged (${n('pass')} pass, ${n('fail')} fail, ${n('observed')} observed), ` +
    `${n('not-run')} not exercised, ${n('not-covered')} not judged from traffic`
  );
}
