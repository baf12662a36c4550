/**
 * index.html: the compliance report, one self-contained file (inline CSS, no script, no network).
 * A pure function of the run result (style.md 18).
 */
import { describeHarnessError } from '../results/harness-errors.ts';
import { SECTION_TITLES, SECTIONS } from '../requirements/index.ts';
import {
  REQUIREMENT_STATUSES,
  type RequirementResult,
  type RequirementStatus,
  type RunResult,
  type TestResult,
} from '../results/model.ts';
import { describeCapability, exitCode, judgeVerdict } from '../results/verdict.ts';
import { escapeXml as h } from './escape.ts';

const STATUSES = REQUIREMENT_STATUSES;

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#1d2430;color:#fff;padding:16px 24px}header h1{margin:0 0 6px;font-size:20px}
header dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0;font-size:13px}
header dt{opacity:.7}main{padding:16px 24px;max-width:1400px}
.verdict{font-size:18px;font-weight:600;margin:12px 0}.verdict.ok{color:#1a7f37}.verdict.partial{color:#4d7c0f}.verdict.bad{color:#cf222e}.verdict.err{color:#bc4c00}
.needs{background:#fff;border:1px solid #d8dee4;border-left:4px solid #4d7c0f;padding:6px 12px;margin:0 0 12px}.needs ul{margin:4px 0}
table{border-collapse:collapse;width:100%;background:#fff;margin:8px 0 20px}
th,td{border:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}th{background:#eef1f4}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:flex;height:14px;min-width:240px;border-radius:3px;overflow:hidden;background:#eee}
.bar span{display:block;height:100%}
.s-pass{background:#2da44e}.s-observed{background:#0969da}.s-fail{background:#cf222e}.s-error{background:#fb8500}.s-expected-fail{background:#8250df}
.s-skip{background:#8c959f}.s-not-covered{background:#d0d7de}
.badge{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
.badge.s-not-covered{color:#1d2430}.lvl{font-size:12px;font-weight:600}.lvl-INFO,.lvl-SHOULD{color:#57606a}
code,pre{font:12px/1.4 ui-monospace,monospace}pre{background:#f6f8fa;border:1px solid #d8dee4;padding:8px;overflow:auto;max-height:480px;white-space:pre-wrap;word-break:break-all}
.failure{background:#fff;border:1px solid #d8dee4;border-left:4px solid #cf222e;padding:8px 12px;margin:10px 0}
.failure.error{border-left-color:#fb8500}.failure.expected-fail{border-left-color:#8250df}.failure.observed{border-left-color:#0969da}
.faults{font-size:12px}.faults code{white-space:nowrap}.none{color:#57606a;font-size:12px}.decision{color:#57606a;font-size:12px}
.observations{margin:4px 0 0 0;padding-left:18px;color:#0a3069;font-size:12px}
h2{margin-top:28px;border-bottom:1px solid #d8dee4}.legend span{margin-right:12px}
`;

export function renderHtml(run: RunResult): string {
  const failing = run.tests.filter((t) => t.status === 'fail' || t.status === 'error');
  const excused = run.tests.filter((t) => t.status === 'expected-fail');
  const observedTests = run.tests.filter((t) => t.status === 'observed');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report — ${h(run.target)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${CSS}</style></head>
<body>
<header><h1>Conformance report</h1><dl>
<dt>Target</dt><dd id="target">${h(run.target)} (${run.targetKind === 'embedded' ? 'embedded reference server' : 'external implementation'})</dd>
<dt>Started</dt><dd>${h(run.startedAt)} · ${(run.durationMs / 1000).toFixed(1)} s</dd>
<dt>Seed</dt><dd id="seed">${run.seed} (fast-check runs per property: ${run.runs})</dd>
<dt>Capabilities</dt><dd>${h(
    Object.entries(run.capabilities)
      .map(([k, v]) => `${k}: ${v ? 'yes' : 'no'}`)
      .join(', ') || 'none',
  )}</dd>
<dt>Command</dt><dd><code>${h(run.command)}</code></dd>${provenance(run)}
</dl></header>
<main>
${verdict(run)}
${harnessErrors(run)}
${expectations(run)}
<h2 id="summary">Summary by specification section</h2>
${legend()}
${sectionTable(run.requirements)}
<h2 id="failures">Failures and harness errors (${failing.length})</h2>
${failing.length === 0 ? '<p>No test failed.</p>' : failing.map((t) => failure(t, run.requirements)).join('\n')}
${excused.length === 0 ? '' : `<h2 id="expected-failures">Expected failures (${excused.length})</h2>\n${excused.map((t) => failure(t, run.requirements)).join('\n')}`}
${observedTests.length === 0 ? '' : `<h2 id="observed">Observed where the specification leaves the choice open (${observedTests.length})</h2>\n<p class="decision">INFO checks: the target does not do what the real system does. Recorded for comparison, never a failure.</p>\n${observedTests.map((t) => failure(t, run.requirements)).join('\n')}`}
<h2 id="requirements">Requirements</h2>
${SECTIONS.map((section) =>
  requirementTable(
    section,
    run.requirements.filter((r) => r.section === section),
  ),
).join('\n')}
<h2 id="tests">Tests (${run.tests.length})</h2>
${testTable(run.tests)}
${leftovers(run)}
</main></body></html>
`;
}

/** What the run left on the target, so that a user can clean a shared one (issue 9). */
function leftovers(run: RunResult): string {
  const l = run.leftovers;
  if (!l) return '';
  const shared = l.sharedProjects.map(
    (p) =>
      `<li><code>${h(p.shortName)}</code> (id ${p.id}, ${h(p.name)}): ${p.createdByRun ? 'created by this run; it remains' : 'named by the profile; the run changed it and its cleanups undid what they could'}</li>`,
  );
  const kinds = [...new Set(l.remaining.map((r) => r.kind))].sort();
  const groups = kinds.map((kind) => {
    const items = l.remaining.filter((r) => r.kind === kind);
    return `<details><summary>${h(kind)} (${items.length})</summary><ul>${items
      .map((r) => `<li>${h(r.what)} <span class="decision">${h(r.test)}</span></li>`)
      .join('')}</ul></details>`;
  });
  return `<h2 id="leftovers">Left on the target</h2>
<p>The tests' cleanups undid ${l.undone} change(s) (memberships, user-group entries, generic users, tokens, sessions, values whose earlier state was read). What remains cannot be undone over these interfaces, or its earlier state is unknown. Names used by this run contain its run tag.</p>
${shared.length ? `<p><strong>Shared projects</strong></p><ul id="shared-projects">${shared.join('')}</ul>` : ''}
<div id="remaining">${groups.join('\n') || '<p>Nothing else remains.</p>'}</div>`;
}

const VERDICT_CLASS = {
  conforming: 'ok',
  'conforming-without-test-control': 'partial',
  'not-shown': 'err',
  'expectations-out-of-date': 'err',
  undecided: 'err',
  'not-conforming': 'bad',
} as const;

function verdict(run: RunResult): string {
  const v = run.verdict ?? judgeVerdict(run);
  const needs = v.needTestControl.length
    ? `<div class="needs" id="needs-test-control"><strong>Not judged: ${v.needTestControl.length} MUST requirement(s) need test control</strong>, which the target lacks (README, "Test control"):<ul>${v.needTestControl
        .map(
          (r) =>
            `<li><a href="#req-${h(r.id)}"><code>${h(r.id)}</code></a> needs ${h(r.needs.map((c) => describeCapability(c)).join(' and '))}</li>`,
        )
        .join('')}</ul></div>`
    : '';
  return `<p class="verdict ${VERDICT_CLASS[v.kind]}" id="verdict" data-verdict="${v.kind}" data-exit-code="${run.exitCode ?? exitCode(run)}">${h(v.text)}</p>${needs}`;
}

function expectations(run: RunResult): string {
  const x = run.expectations;
  if (!x) return '';
  const unexpected = x.unexpectedPasses.length
    ? `<div class="failure error" id="unexpected-passes"><strong>Unexpected passes</strong>: listed in <code>${h(x.file)}</code> as known failures, they passed. Remove these lines, or rerun with <code>--expectations ${h(x.file)} --update-expectations</code>.<pre>${h(x.unexpectedPasses.join('\n'))}</pre></div>`
    : '';
  const deferred =
    x.judged === 'deferred'
      ? ' Unexpected passes are judged by <code>merge</code>, over every share.'
      : '';
  return `<p class="decision">Known failures: ${x.entries.length} entries of <code>${h(x.file)}</code>; ${x.unseen.length} concern no test of this run.${deferred}</p>${unexpected}`;
}

function provenance(run: RunResult): string {
  if (run.mergedFrom)
    return `<dt>Merged</dt><dd id="merged">${run.mergedFrom.length} runs: ${h(
      run.mergedFrom
        .map(
          (m) =>
            `${m.shard ? `shard ${m.shard} ` : ''}${m.source} (seed ${m.seed}, ${m.tests} tests)`,
        )
        .join('; '),
    )}</dd>`;
  return run.shard
    ? `<dt>Shard</dt><dd id="shard">${h(run.shard)}: this report holds only that share of the suites</dd>`
    : '';
}

function harnessErrors(run: RunResult): string {
  if (run.harnessErrors.length === 0) return '';
  return `<div class="failure error"><strong>Harness errors</strong><pre>${h(run.harnessErrors.map(describeHarnessError).join('\n'))}</pre></div>`;
}

/** What each status means; only pass counts as conforming. */
export const STATUS_MEANING: Readonly<Record<RequirementStatus, string>> = {
  pass: 'every test of it passed',
  observed:
    'INFO: the target differs from the real system where the spec leaves it open (never a failure)',
  fail: 'the target broke the rule',
  error: 'the harness could not judge (no answer, timeout, failed setup)',
  'expected-fail': 'failed, listed as a known failure',
  skip: 'not judged, with the reason (e.g. a missing capability)',
  'not-covered': 'no test checks it yet',
};

function legend(): string {
  return `<p class="legend">${STATUSES.map((s) => `<span><span class="badge s-${s}">${s}</span> ${h(STATUS_MEANING[s])}</span>`).join(' ')}. Only pass counts as conforming.</p>`;
}

function sectionTable(requirements: readonly RequirementResult[]): string {
  const rows = SECTIONS.map((section) => {
    const inSection = requirements.filter((r) => r.section === section);
    return countsRow(
      `<a href="#sec-${anchor(section)}">${h(section)} ${h(SECTION_TITLES[section] ?? '')}</a>`,
      inSection,
      section,
    );
  });
  rows.push(countsRow('<strong>All</strong>', requirements, 'all'));
  return `<table id="requirement-totals"><thead><tr><th>Section</th><th>Overview</th>${STATUSES.map((s) => `<th>${s}</th>`).join('')}<th>total</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function countsRow(label: string, requirements: readonly RequirementResult[], key: string): string {
  const counts = STATUSES.map((s) => requirements.filter((r) => r.status === s).length);
  const total = requirements.length;
  const bar = STATUSES.map((s, i) =>
    counts[i]
      ? `<span class="s-${s}" style="width:${((counts[i]! / total) * 100).toFixed(2)}%" title="${s}: ${counts[i]}"></span>`
      : '',
  ).join('');
  return `<tr data-section="${h(key)}"><td>${label}</td><td><div class="bar">${bar}</div></td>${counts
    .map((n, i) => `<td class="n" data-status="${STATUSES[i]}">${n}</td>`)
    .join('')}<td class="n" data-status="total">${total}</td></tr>`;
}

function requirementTable(section: string, requirements: readonly RequirementResult[]): string {
  const rows = requirements.map(
    (
      r,
    ) => `<tr id="req-${h(r.id)}" data-status="${r.status}"><td><code>${h(r.id)}</code></td><td class="lvl lvl-${r.level}">${r.level}</td>
<td><span class="badge s-${r.status}">${r.status}</span></td><td>${h(r.text)}${r.decision ? `<div class="decision">Decision: ${h(r.decision)}</div>` : ''}${
      r.reason && r.status !== 'fail' && r.status !== 'observed'
        ? `<div class="decision">${h(r.reason)}</div>`
        : ''
    }${observed(r.observations)}</td><td class="faults">${plantedFaults(r)}</td><td class="n">${r.tests.length}</td></tr>`,
  );
  return `<h3 id="sec-${anchor(section)}">${h(section)} ${h(SECTION_TITLES[section] ?? '')}</h3>
<table class="requirements"><thead><tr><th>Requirement</th><th>Level</th><th>Status</th><th>Statement</th><th title="planted faults of the reference server that self-validation saw make this requirement fail">Seen failing with</th><th>Tests</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Self-validation's evidence that the check can fail: the planted faults seen failing it. */
function plantedFaults(r: RequirementResult): string {
  if (r.plantedFaults === undefined) return '';
  if (r.level !== 'MUST') return '<span class="none">n/a: INFO never fails</span>';
  if (r.plantedFaults.length === 0)
    return '<span class="none" data-planted-faults="0">no planted fault known</span>';
  return `<span data-planted-faults="${r.plantedFaults.length}">${r.plantedFaults.map((f) => `<code>${h(f)}</code>`).join(' ')}</span>`;
}

/** What the target was seen to do (ctx.observe): the substance of an INFO requirement. */
function observed(observations: readonly string[] | undefined): string {
  if (!observations?.length) return '';
  return `<ul class="observations">${observations.map((o) => `<li>Observed: ${h(o)}</li>`).join('')}</ul>`;
}

function failure(t: TestResult, requirements: readonly RequirementResult[]): string {
  const reqs = t.requirements
    .map((id) => requirements.find((r) => r.id === id))
    .filter((r): r is RequirementResult => r !== undefined)
    .map(
      (r) =>
        `<li><a href="#req-${h(r.id)}"><code>${h(r.id)}</code></a> ${r.level} — ${h(r.text)}</li>`,
    )
    .join('');
  const expectedActual =
    t.expected !== undefined || t.actual !== undefined
      ? `<p><strong>${t.status === 'observed' ? 'What the real system does (expected)' : 'Expected'}</strong></p><pre>${h(t.expected ?? '')}</pre><p><strong>${t.status === 'observed' ? 'What the target did (actual)' : 'Actual'}</strong></p><pre>${h(t.actual ?? '')}</pre>`
      : '';
  return `<div class="failure${t.status === 'fail' ? '' : ` ${t.status}`}" id="test-${h(anchor(t.id))}">
<p><span class="badge s-${t.status}">${t.status}</span> <strong>${h(t.name)}</strong> <code>${h(t.file)}</code></p>
<ul>${reqs}</ul>
<p><strong>${t.status === 'observed' ? 'What was observed' : 'What went wrong'}</strong></p><pre>${h(t.message ?? '')}</pre>
${expectedActual}
${t.reproduce ? `<p><strong>Reproduce</strong> (secrets redacted: put your own)</p><pre>${h(t.reproduce)}</pre>` : ''}
<details><summary>Wire transcript</summary><pre>${h(t.transcript ?? '(no exchange recorded)')}</pre></details>
</div>`;
}

function testTable(tests: readonly TestResult[]): string {
  const rows = tests.map(
    (t) =>
      `<tr><td><span class="badge s-${t.status}">${t.status}</span></td><td>${h(t.name)}<div class="decision"><code>${h(t.file)}</code>${
        t.status === 'skip' || t.status === 'error' || t.status === 'observed'
          ? ` — ${h(t.message ?? '')}`
          : ''
      }</div></td><td>${t.requirements.map((id) => `<code>${h(id)}</code>`).join(' ')}</td><td class="n">${t.durationMs} ms</td></tr>`,
  );
  return `<table><thead><tr><th>Status</th><th>Test</th><th>Requirements</th><th>Time</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function anchor(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-');
}
