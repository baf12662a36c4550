/**
 * compare.html: requirements × implementations, grouped by spec section, rows whose statuses
 * differ highlighted, and under each INFO requirement what each implementation was seen to do,
 * side by side. One self-contained file (inline CSS, no script, no network); "only differences"
 * is a CSS checkbox. A pure function of the comparison (style.md 18).
 */
import { SECTION_TITLES } from '../requirements/index.ts';
import type { ComparedRequirement, ComparedStatus, Comparison } from '../results/compare.ts';
import { REQUIREMENT_STATUSES } from '../results/model.ts';
import { escapeXml as h } from './escape.ts';
import { stripHarnessFrames } from './harness-frames.ts';
import { STATUS_MEANING } from './html.ts';

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#1d2430;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}
main{padding:16px 24px}table{border-collapse:collapse;background:#fff;margin:8px 0 20px}
th,td{border:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f4}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
.s-pass{background:#2da44e}.s-observed{background:#0969da}.s-fail{background:#cf222e}.s-error{background:#fb8500}.s-expected-fail{background:#8250df}
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
  const head = `<tr><th></th><th>Requirement</th><th>Level</th>${impls.map((impl, i) => `<th data-implementation="${i}">${h(impl.label)}</th>`).join('')}</tr>`;
  const body = sections
    .map((section) => {
      const rows = comparison.requirements.filter((r) => r.section === section);
      const differing = rows.filter((r) => r.differs).length;
      return `<tbody data-section="${h(section)}"><tr class="section ${differing ? 'diff' : 'same'}"><th colspan="${3 + impls.length}">${h(section)} ${h(SECTION_TITLES[section] ?? '')} — ${differing} of ${rows.length} differ</th></tr>${rows
        .map(
          (r) =>
            `<tr id="req-${h(r.id)}" class="${r.differs ? 'diff' : 'same'}"><td class="mark">${r.differs ? '≠' : ''}</td><td><code>${h(r.id)}</code><div class="text">${h(r.text)}</div></td><td class="lvl">${r.level}</td>${impls
              .map((impl, i) => cell(r.statuses[impl.label] ?? 'absent', links[i], r.id))
              .join('')}</tr>${seen(r, impls)}`,
        )
        .join('')}</tbody>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance comparison</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${CSS}</style></head>
<body>
<header><h1>Conformance comparison: ${impls.length} implementations, ${comparison.differing} of ${comparison.requirements.length} requirements differ</h1></header>
<main>
<table id="implementations"><thead><tr><th>Implementation</th><th>Target</th><th>Run</th><th>Verdict</th>${REQUIREMENT_STATUSES.map((s) => `<th>${s}</th>`).join('')}</tr></thead><tbody>${impls
    .map(
      (impl, i) =>
        `<tr data-implementation="${i}"><td>${links[i] ? `<a href="${h(links[i])}">${h(impl.label)}</a>` : h(impl.label)}</td><td><code>${h(impl.target)}</code></td><td>${h(impl.startedAt)}, seed ${impl.seed}${impl.exitCode === undefined ? '' : `, exit ${impl.exitCode}`}</td><td>${h(impl.verdict)}</td>${REQUIREMENT_STATUSES.map((s) => `<td class="n" data-status="${s}">${impl.requirementTotals[s] ?? 0}</td>`).join('')}</tr>`,
    )
    .join('')}</tbody></table>
<p>${REQUIREMENT_STATUSES.map((s) => `<span class="badge s-${s}">${s}</span> ${h(STATUS_MEANING[s])}`).join(' · ')} · <span class="badge s-absent">absent</span> not in that run's catalogue. Rows marked ≠ differ.</p>
<input type="checkbox" id="only-diff"> <label for="only-diff">show only the requirements that differ</label>
<table id="matrix"><thead>${head}</thead>
${body}
</table>
</main></body></html>
`;
}

function cell(status: ComparedStatus, link: string | undefined, id: string): string {
  const badge = `<span class="badge s-${status}">${status}</span>`;
  return `<td data-status="${status}">${link && status !== 'absent' ? `<a href="${h(`${link}#req-${id}`)}">${badge}</a>` : badge}</td>`;
}

/** An INFO requirement's observations, one cell per implementation: what each target answered. */
function seen(r: ComparedRequirement, impls: Comparison['implementations']): string {
  if (!r.observations) return '';
  return `<tr class="seen" data-observations="${h(r.id)}"><td></td><td colspan="2">What each answered</td>${impls
    .map((impl) => {
      const items = r.observations![impl.label] ?? [];
      return `<td>${items.length ? `<ul>${items.map((o) => `<li>${h(stripHarnessFrames(o))}</li>`).join('')}</ul>` : '<span class="text">nothing observed</span>'}</td>`;
    })
    .join('')}</tr>`;
}
