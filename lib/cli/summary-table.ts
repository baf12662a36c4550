/** The closing summary printed by `conformance run`: requirement statuses by spec section. */
import { SECTION_TITLES, SECTIONS } from '../requirements/index.ts';
import { REQUIREMENT_STATUSES, type RequirementStatus, type RunResult } from '../results/model.ts';

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
