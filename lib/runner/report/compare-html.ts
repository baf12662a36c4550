/**
 * compare.html: requirements × implementations, grouped by spec section, rows whose statuses
 * differ highlighted, and under each INFO requirement what each implementation was seen to do,
 * side by side. One self-contained file (inline CSS, no script, no network); "only differences"
 * is a CSS checkbox. A pure function of the comparison.
 */
import { SECTION_TITLES } from '../../requirements/index.ts';
import type { ComparedRequirement, ComparedStatus, Comparison } from '../results/compare.ts';
import { REQUIREMENT_STATUSES } from '../../run-result.ts';
import { html, join, toText, trusted, type Html } from './html-template.ts';
import { stripHarnessFrames } from './harness-frames.ts';
import { STATUS_MEANING } from './html.ts';

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#1d2430;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}
main{padding:16px 24px}table{border-collapse:collapse;background:#fff;margin:8px 0 20px}
th,td{border:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f4}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
.s-pass{background:#2da44e}.s-observed{background:#0969da}.s-fail{background:#cf222e}.s-error{background:#fb8500}.s-expected-fail{background:#8250df}.s-blocked{background:#9a6700}
.s-skip{background:#8c959f}.s-not-covered{background:#d0d7de;color:#1d2430}.s-not-run{background:#afb8c1;color:#1d2430}.s-absent{background:#fff;color:#57606a;border:1px dashed #8c959f}
tr.diff td{background:#fff8c5}tr.diff td.mark{color:#9a6700;font-weight:700}
tr.section th{background:#1d2430;color:#fff}.lvl{font-size:12px;font-weight:600}
#only-diff:checked~table tr.same{display:none}.text{color:#57606a;font-size:12px}
code{font:12px/1.4 ui-monospace,monospace}a{color:inherit}
tr.seen td{background:#f6f8fa;font-size:12px;color:#0a3069}tr.seen ul{margin:0;padding-left:16px}
tr.seen li{white-space:pre-wrap;overflow-wrap:anywhere;font:12px/1.4 ui-monospace,monospace}
#only-diff:checked~table tr.same+tr.seen{display:none}
`;

/** `links[i]`: a relative href to implementation i's index.html, when it sits next to its summary. */
export function renderCompareHtml(
  comparison: Comparison,
  links: ReadonlyArray<string | undefined>,
): string {
  const impls = comparison.implementations;
  const sections = [...new Set(comparison.requirements.map((r) => r.section))];
  const head = html`<tr><th></th><th>Requirement</th><th>Level</th>${impls.map((impl, i) => html`<th data-implementation="${i}">${impl.label}</th>`)}</tr>`;
  const body = sections.map((section) => {
    const rows = comparison.requirements.filter((r) => r.section === section);
    const differing = rows.filter((r) => r.differs).length;
    return html`<tbody data-section="${section}"><tr class="section ${differing ? 'diff' : 'same'}"><th colspan="${3 + impls.length}">${section} ${SECTION_TITLES[section] ?? ''} — ${differing} of ${rows.length} differ</th></tr>${rows.map(
      (r) =>
        html`<tr id="req-${r.id}" class="${r.differs ? 'diff' : 'same'}"><td class="mark">${r.differs && '≠'}</td><td><code>${r.id}</code><div class="text">${r.text}</div></td><td class="lvl">${r.level}</td>${impls.map(
          (impl, i) => cell(r.statuses[impl.label] ?? 'absent', links[i], r.id),
        )}</tr>${seen(r, impls)}`,
    )}</tbody>`;
  });
  const implementationRows = impls.map(
    (impl, i) =>
      html`<tr data-implementation="${i}"><td>${links[i] ? html`<a href="${links[i]}">${impl.label}</a>` : impl.label}</td><td><code>${impl.target}</code></td><td>${impl.startedAt}${impl.seed !== undefined && `, seed ${impl.seed}`}${impl.exitCode !== undefined && `, exit ${impl.exitCode}`}</td><td>${impl.verdict}</td>${REQUIREMENT_STATUSES.map((s) => html`<td class="n" data-status="${s}">${impl.requirementTotals[s] ?? 0}</td>`)}</tr>`,
  );
  const legend = join(
    REQUIREMENT_STATUSES.map(
      (s) => html`<span class="badge s-${s}">${s}</span> ${STATUS_MEANING[s]}`,
    ),
    ' · ',
  );
  return toText(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance comparison</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${trusted(CSS)}</style></head>
<body>
<header><h1>Conformance comparison: ${impls.length} implementations, ${comparison.differing} of ${comparison.requirements.length} requirements differ</h1></header>
<main>
<table id="implementations"><thead><tr><th>Implementation</th><th>Target</th><th>Run</th><th>Verdict</th>${REQUIREMENT_STATUSES.map((s) => html`<th>${s}</th>`)}</tr></thead><tbody>${implementationRows}</tbody></table>
<p>${legend} · <span class="badge s-absent">absent</span> not in that run's catalogue. Rows marked ≠ differ.</p>
<input type="checkbox" id="only-diff"> <label for="only-diff">show only the requirements that differ</label>
<table id="matrix"><thead>${head}</thead>
${join(body, '\n')}
</table>
</main></body></html>
`);
}

function cell(status: ComparedStatus, link: string | undefined, id: string): Html {
  const badge = html`<span class="badge s-${status}">${status}</span>`;
  return html`<td data-status="${status}">${link && status !== 'absent' ? html`<a href="${`${link}#req-${id}`}">${badge}</a>` : badge}</td>`;
}

/** An INFO requirement's observations, one cell per implementation: what each target answered. */
function seen(r: ComparedRequirement, impls: Comparison['implementations']): Html | '' {
  const observations = r.observations;
  if (!observations) return '';
  return html`<tr class="seen" data-observations="${r.id}"><td></td><td colspan="2">What each answered</td>${impls.map(
    (impl) => {
      const items = observations[impl.label] ?? [];
      return html`<td>${items.length > 0 ? html`<ul>${items.map((o) => html`<li>${stripHarnessFrames(o)}</li>`)}</ul>` : html`<span class="text">nothing observed</span>`}</td>`;
    },
  )}</tr>`;
}
