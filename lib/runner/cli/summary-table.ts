/** The closing summary printed by `conformance run` and `merge`: requirement statuses by section. */
import { describeHarnessError } from '../results/harness-errors.ts';
import { relative } from 'node:path';
import { SECTION_TITLES, SECTIONS } from '../../requirements/index.ts';
import { REQUIREMENT_STATUSES, type JudgedRun, type RunResult } from '../../run-result.ts';
import { describeNeeds } from '../results/verdict.ts';
import { renderFailureList } from './failure-list.ts';

const COLUMNS = REQUIREMENT_STATUSES;

export function renderSummaryTable(run: RunResult): string {
  const header = ['section', ...COLUMNS, 'total'];
  const rows = SECTIONS.map((section) => {
    const reqs = run.requirements.filter((r) => r.section === section);
    return [
      `${section} ${SECTION_TITLES[section] ?? ''}`,
      ...COLUMNS.map((s) => String(reqs.filter((r) => r.status === s).length)),
      String(reqs.length),
    ];
  });
  rows.push([
    'all',
    ...COLUMNS.map((s) => String(run.requirementTotals[s])),
    String(run.requirements.length),
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...rows].map((row) => (row[i] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const EXIT_MEANING = {
  0: 'no MUST requirement failed',
  1: 'a MUST requirement failed',
  2: 'the run could not judge every MUST requirement, or the expectations file is out of date',
  130: 'interrupted: no verdict',
} as const;

/**
 * Table, test counts, what failed (failure-list.ts), harness errors, expectations, where the
 * reports are, the exit code.
 */
export function renderClosing(run: JudgedRun, reportDir: string, verbose = false): string {
  const code = run.exitCode;
  const t = run.totals;
  const shown = relative(process.cwd(), reportDir) || '.';
  const lines = [
    '',
    renderSummaryTable(run),
    '',
    `tests: ${t.pass} passed, ${t.observed ?? 0} observed (INFO), ${t.fail} failed, ${t.error} errors, ` +
      `${t.skip} skipped, ${t['expected-fail']} expected failures` +
      `${(t.blocked ?? 0) > 0 ? `, ${t.blocked} blocked (not judged: a requirement their setup depends on failed)` : ''}`,
  ];
  const failures = renderFailureList(run, verbose, reportDir);
  if (failures) lines.push('', failures.trimEnd());
  if (run.harnessErrors.length > 0)
    lines.push(`harness errors:\n  ${run.harnessErrors.map(describeHarnessError).join('\n  ')}`);
  const x = run.expectations;
  if (x) {
    for (const entry of x.unexpectedPasses)
      lines.push(
        `unexpected pass: '${entry}' is listed in ${x.file} but passed: remove that line, ` +
          `or rerun with --expectations ${x.file} --update-expectations`,
      );
    if (x.judged === 'deferred' && x.entries.length > 0)
      lines.push(`expectations: unexpected passes are judged by 'merge' over every share`);
    if (x.unseen.length > 0)
      lines.push(`expectations: ${x.unseen.length} entries concern no test of this run`);
  }
  const verdict = run.verdict;
  lines.push(`verdict: ${verdict.text}`);
  if (verdict.needTestControl.length > 0)
    lines.push(
      `  not judged, need test control (docs/running-against-a-target.md, "Test control"):`,
      ...verdict.needTestControl.map((r) => `    ${r.id}: ${describeNeeds(r.needs)}`),
    );
  lines.push(
    `reports: ${shown}/index.html, summary.json, junit.xml, allure-report/index.html`,
    `exit ${code}: ${EXIT_MEANING[code]}`,
    '',
  );
  return lines.join('\n');
}
